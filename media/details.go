package media

import (
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// AssetDetails is one asset as the upload answer, the resource lookup and
// the search describe it. Members a call does not send stay zero; RawJSON
// and Decode reach the rest (derived versions, metadata, colors…).
type AssetDetails struct {
	raw `json:"-"`
	failure
	AssetID      string    `json:"asset_id"`
	PublicID     string    `json:"public_id"`
	Version      int64     `json:"version"`
	VersionID    string    `json:"version_id"`
	Signature    string    `json:"signature"`
	Format       string    `json:"format"`
	ResourceType string    `json:"resource_type"`
	Type         string    `json:"type"`
	CreatedAt    time.Time `json:"created_at"`
	Bytes        int64     `json:"bytes"`
	Width        int       `json:"width"`
	Height       int       `json:"height"`
	Tags         []string  `json:"tags"`
	URL          string    `json:"url"`
	SecureURL    string    `json:"secure_url"`
	// OriginalFilename is the uploaded file's name without its extension.
	OriginalFilename string `json:"original_filename"`
}

// DestroyResult is the answer of Destroy: Result is "ok".
type DestroyResult struct {
	raw `json:"-"`
	failure
	Result string `json:"result"`
}

// problem reads a failure member, then the "not found" result the service
// sends with status 200 for an asset it does not have.
func (d *DestroyResult) problem() *transport.Problem {
	if p := d.failure.problem(); p != nil {
		return p
	}
	if d.Result == "not found" {
		return &transport.Problem{Code: d.Result, Message: "no asset with that public id", Kind: conduit.ErrNotFound}
	}
	return nil
}

// TagResult is the answer of AddTag and RemoveTag: the public ids the
// command changed.
type TagResult struct {
	raw `json:"-"`
	failure
	PublicIDs []string `json:"public_ids"`
}
