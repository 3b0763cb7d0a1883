package animegraph

import (
	"context"
	"math"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// WithToken sets the OAuth access token of the user whose account and
// lists Viewer, MediaListCollection and the mutations read and change
// (CONDUIT_ANIMEGRAPH_TOKEN when not given). It is sent as
// "Authorization: Bearer <token>" by those calls alone: the public reads
// stay anonymous, and the token never appears in an error.
func WithToken(token string) Option { return service.Set("token", token) }

// A mutation is a write, sent only with the token: not retried once it may
// have reached the server.
var saveEntryOp = transport.Declare(service, transport.Op{Name: "SaveMediaListEntry", Method: "POST", Fixed: []string{"query"},
	Write: true, Auth: bearerToken},
	func(r *root[MediaListEntry]) *transport.Problem { return r.Errors.problem() })

// List statuses the service documents for MediaListEntryInput.Status.
const (
	StatusCurrent   = "CURRENT"
	StatusPlanning  = "PLANNING"
	StatusCompleted = "COMPLETED"
	StatusDropped   = "DROPPED"
	StatusPaused    = "PAUSED"
	StatusRepeating = "REPEATING"
)

// MediaListEntryInput is what SaveMediaListEntry saves: an entry named by
// ID, or the entry of MediaID, created if the list lacks it. A nil or zero
// field leaves the entry's value as it is.
type MediaListEntryInput struct {
	ID      int64
	MediaID int64
	// Status is one of the Status constants.
	Status string
	// Score is in the user's own scoring format (out of 10 or 100, …).
	Score           *float64
	Progress        *int // episodes watched or chapters read
	ProgressVolumes *int
	Repeat          *int // times rewatched or reread
	Private         *bool
	Notes           *string
}

// vars checks e and returns SaveMediaListEntryDocument's variables.
func (e MediaListEntryInput) vars() (map[string]any, error) {
	op := saveEntryOp.Op
	v := map[string]any{}
	switch {
	case e.ID < 0:
		return nil, op.Invalid("id", "%d is negative", e.ID)
	case e.MediaID < 0:
		return nil, op.Invalid("mediaId", "%d is negative", e.MediaID)
	case e.ID == 0 && e.MediaID == 0:
		return nil, op.Invalid("mediaId", "name the entry by its id or its media's")
	}
	if e.ID > 0 {
		v["id"] = e.ID
	}
	if e.MediaID > 0 {
		v["mediaId"] = e.MediaID
	}
	switch {
	case e.Status == "":
	case listStatus(e.Status):
		v["status"] = e.Status
	default:
		return nil, op.Invalid("status", "%q is not a list status such as %q", e.Status, StatusCurrent)
	}
	if e.Score != nil {
		if s := *e.Score; math.IsNaN(s) || s < 0 || s > 100 {
			return nil, op.Invalid("score", "%v is outside 0..100", s)
		}
		v["score"] = *e.Score
	}
	for name, n := range map[string]*int{"progress": e.Progress, "progressVolumes": e.ProgressVolumes, "repeat": e.Repeat} {
		if n == nil {
			continue
		}
		if *n < 0 {
			return nil, op.Invalid(name, "%d is negative", *n)
		}
		v[name] = *n
	}
	if e.Private != nil {
		v["private"] = *e.Private
	}
	if e.Notes != nil {
		if !utf8.ValidString(*e.Notes) {
			return nil, op.Invalid("notes", "the notes are not valid UTF-8")
		}
		v["notes"] = *e.Notes
	}
	return v, nil
}

// SaveMediaListEntry creates or updates an entry of the list of the user
// whose token the client holds (WithToken), and returns the entry as saved.
// Without a token it fails before any I/O with ErrMissingCredential.
func (c *Client) SaveMediaListEntry(ctx context.Context, e MediaListEntryInput, opts ...Option) (*MediaListEntry, error) {
	v, err := e.vars()
	if err != nil {
		return nil, err
	}
	return read(ctx, c, saveEntryOp, "SaveMediaListEntry", SaveMediaListEntryDocument, v, opts)
}
