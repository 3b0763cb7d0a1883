package observability

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// AllDatasets is the dataset name that stands for the whole environment:
// a marker created on it shows on the graphs of every dataset.
const AllDatasets = "__all__"

// Marker is a point or span of time shown on a dataset's graphs (a
// deploy, an outage), as the service returns it.
type Marker struct {
	raw `json:"-"`
	// ID is the marker's identifier, assigned by the service; UpdateMarker
	// and DeleteMarker take it.
	ID string `json:"id"`
	// Message, Type and URL are as MarkerParams describes them.
	Message string `json:"message"`
	Type    string `json:"type"`
	URL     string `json:"url"`
	// StartTime is where the marker stands; EndTime is 0 for a marker of
	// one point in time, else the end of its span.
	StartTime Unix `json:"start_time"`
	EndTime   Unix `json:"end_time"`
	// Color is the colour the environment's marker settings give Type.
	Color string `json:"color"`
	// CreatedAt and UpdatedAt are set by the service; UpdatedAt changes
	// with every update.
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Unix is a time the service sends as whole seconds since 1970, as markers
// carry their span.
type Unix int64

// Time returns u as a time.Time in UTC, or the zero Time for 0 (not set).
func (u Unix) Time() time.Time {
	if u == 0 {
		return time.Time{}
	}
	return time.Unix(int64(u), 0).UTC()
}

// MarkerParams are the fields of a marker a caller sets; all are optional.
type MarkerParams struct {
	// Message is shown above the marker line.
	Message string
	// Type groups markers ("deploy"): markers of one type share a colour.
	Type string
	// URL is where clicking the marker's text leads (a build log, say).
	URL string
	// StartTime places the marker; the zero Time means when the request
	// arrives. It is sent in whole seconds.
	StartTime time.Time
	// EndTime, when set, makes the marker a span (a five-minute deploy);
	// it may not be before StartTime.
	EndTime time.Time
}

// markerBody is MarkerParams as the service reads it.
type markerBody struct {
	Message   string `json:"message,omitempty"`
	Type      string `json:"type,omitempty"`
	URL       string `json:"url,omitempty"`
	StartTime int64  `json:"start_time,omitzero"`
	EndTime   int64  `json:"end_time,omitzero"`
}

// body checks p and returns what is sent; a nil p sends no field.
func (p *MarkerParams) body(op *transport.Op) (markerBody, error) {
	if p == nil {
		return markerBody{}, nil
	}
	b := markerBody{Message: p.Message, Type: p.Type, URL: p.URL}
	if !p.StartTime.IsZero() {
		b.StartTime = p.StartTime.Unix()
		if b.StartTime <= 0 {
			return b, op.Invalid("start_time", "%v is not after 1970", p.StartTime)
		}
	}
	if !p.EndTime.IsZero() {
		b.EndTime = p.EndTime.Unix()
		if b.EndTime <= 0 {
			return b, op.Invalid("end_time", "%v is not after 1970", p.EndTime)
		}
		if !p.StartTime.IsZero() && p.EndTime.Before(p.StartTime) {
			return b, op.Invalid("end_time", "%v is before start_time %v", p.EndTime, p.StartTime)
		}
	}
	return b, nil
}

// CreateMarker marks a time on dataset's graphs (POST /1/markers/<dataset>),
// or on every dataset's with AllDatasets, and returns the marker with the
// ID that UpdateMarker and DeleteMarker take. It is a write, not retried
// once it may have reached the service: a retry could mark the time twice.
func (c *Client) CreateMarker(ctx context.Context, dataset string, p *MarkerParams, opts ...Option) (*Marker, error) {
	op := createMarkerOp.Op
	if err := checkDataset(op, dataset); err != nil {
		return nil, err
	}
	b, err := p.body(op)
	if err != nil {
		return nil, err
	}
	return createMarkerOp.Do(ctx, c.t, transport.Call{Args: []string{dataset}, Body: b}, opts)
}

// ListMarkers returns every marker of dataset, or of the environment with
// AllDatasets (GET /1/markers/<dataset>). The service sends them all in one
// answer; there are no pages.
func (c *Client) ListMarkers(ctx context.Context, dataset string, opts ...Option) ([]Marker, error) {
	if err := checkDataset(listMarkersOp.Op, dataset); err != nil {
		return nil, err
	}
	ms, err := listMarkersOp.Do(ctx, c.t, transport.Call{Args: []string{dataset}}, opts)
	if err != nil {
		return nil, err
	}
	return *ms, nil
}

// UpdateMarker replaces the fields of marker id in dataset (PUT
// /1/markers/<dataset>/<id>) and returns it. The service erases every
// field the request leaves out, so p must hold all the fields the marker
// keeps, not only the changed ones.
func (c *Client) UpdateMarker(ctx context.Context, dataset, id string, p *MarkerParams, opts ...Option) (*Marker, error) {
	op := updateMarkerOp.Op
	if err := checkMarker(op, dataset, id); err != nil {
		return nil, err
	}
	b, err := p.body(op)
	if err != nil {
		return nil, err
	}
	return updateMarkerOp.Do(ctx, c.t, transport.Call{Args: []string{dataset, id}, Body: b}, opts)
}

// DeleteMarker removes marker id from dataset (DELETE
// /1/markers/<dataset>/<id>) and returns the marker as it was. It is not
// retried once it may have reached the service, since a second delete of
// the same marker answers 404 (ErrNotFound) for a delete that succeeded.
func (c *Client) DeleteMarker(ctx context.Context, dataset, id string, opts ...Option) (*Marker, error) {
	if err := checkMarker(deleteMarkerOp.Op, dataset, id); err != nil {
		return nil, err
	}
	return deleteMarkerOp.Do(ctx, c.t, transport.Call{Args: []string{dataset, id}}, opts)
}

func checkMarker(op *transport.Op, dataset, id string) error {
	if err := checkDataset(op, dataset); err != nil {
		return err
	}
	if id == "" {
		return op.Invalid("id", "is empty")
	}
	return nil
}
