package banklink

import "time"

// SetKeyClock makes c's key cache read the time from now.
func SetKeyClock(c *Client, now func() time.Time) { c.keys.now = now }

// OnKeyWait calls f each time a webhook waits for another's fetch of the
// same key id.
func OnKeyWait(c *Client, f func()) { c.keys.joined = f }

// UnknownKeyIDs is how many ids c remembers as unknown.
func UnknownKeyIDs(c *Client) int {
	c.keys.mu.Lock()
	defer c.keys.mu.Unlock()
	return len(c.keys.unknown)
}
