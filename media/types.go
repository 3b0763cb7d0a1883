package media

import (
	"bytes"
	"fmt"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Asset is one image asset. Its RawJSON holds the item as sent, with the
// fields the spec does not show (bytes, url, secure_url, metadata…).
type Asset struct {
	transport.Raw
	PublicID  string    `json:"public_id"`
	Version   int64     `json:"version"`
	Format    string    `json:"format"`
	Width     int       `json:"width"`
	Height    int       `json:"height"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
}

// UnmarshalJSON decodes the asset and keeps its raw bytes.
func (a *Asset) UnmarshalJSON(b []byte) error {
	if transport.IsNull(b) {
		return nil
	}
	type plain Asset
	return transport.DecodeJSON(bytes.Clone(b), (*plain)(a), decodeError("asset"))
}

// TagList is the public list of the images carrying a tag.
type TagList struct {
	transport.Raw
	Resources []Asset   `json:"resources"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Failure reports an "error" member in a 2xx body.
func (l *TagList) Failure() (code, message string, failed bool) { return failure(l.Raw) }

// ImageList is the admin list of image assets. The spec calls the answer a
// list of assets without showing its shape: an object holding them in
// resources (as the tag list does) and a bare array both decode. Other
// members, such as a paging cursor, are reachable through RawJSON and
// Decode.
type ImageList struct {
	transport.Raw
	Resources []Asset `json:"resources"`
}

// UnmarshalJSON accepts {"resources": [...]} or a top-level array of assets.
func (l *ImageList) UnmarshalJSON(b []byte) error {
	t := bytes.TrimSpace(b)
	switch {
	case transport.IsNull(t):
		return nil
	case len(t) > 0 && t[0] == '[':
		l.Resources = nil
		return transport.DecodeJSON(t, &l.Resources, decodeError("image list"))
	}
	type plain ImageList
	return transport.DecodeJSON(bytes.Clone(t), (*plain)(l), decodeError("image list"))
}

// Failure reports an "error" member in a 2xx body.
func (l *ImageList) Failure() (code, message string, failed bool) { return failure(l.Raw) }

// Usage is the cloud's account usage. The spec does not show its fields:
// Plan and LastUpdated are decoded tolerantly, and RawJSON and Decode reach
// the rest (credits, storage, bandwidth, limits…).
type Usage struct {
	transport.Raw
	Plan        Text `json:"plan"`
	LastUpdated Text `json:"last_updated"`
}

// Failure reports an "error" member in a 2xx body.
func (u *Usage) Failure() (code, message string, failed bool) { return failure(u.Raw) }

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

// Text is a field the spec does not type: a JSON string, or the text of a
// number. Any other JSON value decodes to "" rather than failing the
// record, and stays in its RawJSON.
type Text string

// UnmarshalJSON accepts a string or a number and ignores other values.
func (t *Text) UnmarshalJSON(b []byte) error {
	s, _ := transport.StringOrNumber(b)
	*t = Text(s)
	return nil
}

// failure reads the "error" member (an object or a string) that the admin
// interface uses for failures, should one arrive with a 2xx status.
func failure(r transport.Raw) (code, message string, failed bool) {
	var v struct {
		Error any `json:"error"`
	}
	if r.Decode(&v) != nil {
		return "", "", false
	}
	switch v.Error.(type) {
	case map[string]any, string:
	default:
		return "", "", false
	}
	code, message = transport.ProviderError(r.RawJSON())
	if code == "" && message == "" {
		message = "the response reports an error"
	}
	return code, message, true
}

func decodeError(what string) func(error, string) error {
	return func(err error, _ string) error { return fmt.Errorf("media: %s: %w", what, err) }
}
