package media

import (
	"crypto/subtle"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// verifyOp names the errors of VerifyNotification, which sends nothing.
var verifyOp = &transport.Op{Service: service, Name: "VerifyNotification"}

// DefaultNotificationMaxAge is how old a notification VerifyNotification
// accepts when given no maximum: two hours, the validity Cloudinary's SDKs
// use.
const DefaultNotificationMaxAge = 2 * time.Hour

// VerifyNotification checks that an upload notification Cloudinary POSTed
// to a notification_url is genuine and recent, before its body is trusted.
// body is the request body exactly as received (not re-encoded); timestamp
// and signature are its X-Cld-Timestamp and X-Cld-Signature headers. The
// signature must be the hex digest of body, then timestamp, then the API
// secret, with the client's signature algorithm, compared in constant
// time; the timestamp may be at most maxAge old (0 means
// DefaultNotificationMaxAge) and not further ahead of now than that, for
// any value the header holds (one centuries away is refused, not wrapped
// around). A
// mismatch or a stale notification is ErrInvalidParam naming "signature"
// or "timestamp"; a client without the API secret fails with
// ErrMissingCredential.
func (c *Client) VerifyNotification(body []byte, timestamp, signature string, maxAge time.Duration) error {
	return c.verifyAt(body, timestamp, signature, maxAge, time.Now())
}

func (c *Client) verifyAt(body []byte, timestamp, signature string, maxAge time.Duration, now time.Time) error {
	if maxAge <= 0 {
		maxAge = DefaultNotificationMaxAge
	}
	secs, err := strconv.ParseInt(strings.TrimSpace(timestamp), 10, 64)
	if err != nil {
		return verifyOp.Invalid("timestamp", "%.20q is not a Unix time in seconds", timestamp)
	}
	switch age := transport.Since(now, secs).Round(time.Second); {
	case age > maxAge:
		return verifyOp.Invalid("timestamp", "the notification was signed %s ago, over the maximum age %s", age, maxAge)
	case -age > maxAge:
		return verifyOp.Invalid("timestamp", "the notification claims to be signed %s from now, over the maximum age %s", -age, maxAge)
	}
	got, err := hex.DecodeString(strings.TrimSpace(signature))
	if err != nil || len(got) == 0 {
		return verifyOp.Invalid("signature", "is not a hex digest")
	}
	secret, err := c.t.Reveal(verifyOp, "api_secret")
	if err != nil {
		return err
	}
	want := c.algorithm().digest(string(body), strings.TrimSpace(timestamp), secret)
	if subtle.ConstantTimeCompare(got, want) != 1 {
		return verifyOp.Invalid("signature", "does not match the body and timestamp")
	}
	return nil
}
