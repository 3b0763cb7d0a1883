package media

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Asset is one image asset. Its RawJSON holds the item as sent, with the
// fields the spec does not show (bytes, url, secure_url, metadata…).
type Asset struct {
	raw       `json:"-"`
	PublicID  string    `json:"public_id"`
	Version   int64     `json:"version"`
	Format    string    `json:"format"`
	Width     int       `json:"width"`
	Height    int       `json:"height"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
}

// TagList is the public list of the images carrying a tag.
type TagList struct {
	raw `json:"-"`
	failure
	Resources []Asset   `json:"resources"`
	UpdatedAt time.Time `json:"updated_at"`
}

// ImageList is one page of the admin list of image assets. The service
// sends an object holding them in resources, with next_cursor while more
// pages follow; a bare array of assets (a list of one page) decodes too.
// Other members are reachable through RawJSON and Decode.
type ImageList struct {
	raw `json:"-"`
	failure
	Resources []Asset `json:"resources"`
	// NextCursor names the next page (ListImagesParams.NextCursor); it is
	// empty on the last page.
	NextCursor string `json:"next_cursor,omitempty"`
}

// UnmarshalJSON accepts {"resources": [...], "next_cursor": ...} or a
// top-level array of assets.
func (l *ImageList) UnmarshalJSON(b []byte) error {
	if wire.Kind(b) == '[' {
		return conduit.Unmarshal(b, &l.Resources)
	}
	var page struct {
		failure
		Resources  []Asset `json:"resources"`
		NextCursor string  `json:"next_cursor"`
	}
	err := conduit.Unmarshal(b, &page)
	l.failure, l.Resources, l.NextCursor = page.failure, page.Resources, page.NextCursor
	return err
}

// Usage is the cloud's account usage. The spec does not show its fields:
// Plan and LastUpdated are decoded from a string or a number, and RawJSON
// and Decode reach the rest (credits, storage, bandwidth, limits…).
type Usage struct {
	raw `json:"-"`
	failure
	Plan        conduit.Text `json:"plan"`
	LastUpdated conduit.Text `json:"last_updated"`
}

// LastUpdatedTime parses LastUpdated, a date ("2024-06-25") or an RFC 3339
// timestamp, in UTC.
func (u *Usage) LastUpdatedTime() (time.Time, error) {
	s := string(u.LastUpdated)
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("media: last_updated %q is neither a date nor an RFC 3339 time", s)
	}
	return t.UTC(), nil
}

// failure is the "error" member the admin interface uses for failures,
// should one arrive with a 2xx status: {"error": {"message": ...}} or a
// bare word. A result handed back never holds one.
type failure struct {
	Error json.RawMessage `json:"error,omitempty"`
}

// problem reads the error member, or returns nil when there is none.
func (f *failure) problem() *transport.Problem {
	if len(f.Error) == 0 || string(f.Error) == "null" {
		return nil
	}
	var word string
	if conduit.Unmarshal(f.Error, &word) == nil {
		return &transport.Problem{Code: word}
	}
	var obj struct {
		Message string `json:"message"`
	}
	if conduit.Unmarshal(f.Error, &obj) != nil {
		return nil // a number or a list: not the failure shape
	}
	if obj.Message == "" {
		obj.Message = "the response reports an error"
	}
	return &transport.Problem{Message: obj.Message}
}
