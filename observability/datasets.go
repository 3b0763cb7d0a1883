package observability

import (
	"context"
	"time"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Dataset limits the service documents for a new dataset.
const (
	maxDatasetName        = 255
	maxDatasetDescription = 1024
	// MaxExpandJSONDepth is the deepest the service unpacks nested JSON
	// fields into columns.
	MaxExpandJSONDepth = 10
)

// DatasetParams describe a dataset to create.
type DatasetParams struct {
	// Name is required, 1 to 255 characters; the service derives the
	// dataset's slug from it.
	Name string `json:"name"`
	// Description is at most 1,024 characters.
	Description string `json:"description,omitempty"`
	// ExpandJSONDepth is how deep nested JSON in string fields is unpacked
	// into columns, 0 (not at all, the default) to MaxExpandJSONDepth.
	ExpandJSONDepth int `json:"expand_json_depth,omitzero"`
}

// Dataset returns one dataset by its slug (GET /1/datasets/<slug>), or
// ErrNotFound when the environment has none by that slug.
func (c *Client) Dataset(ctx context.Context, slug string, opts ...Option) (*Dataset, error) {
	if err := checkDataset(datasetOp.Op, slug); err != nil {
		return nil, err
	}
	return datasetOp.Do(ctx, c.t, transport.Call{Args: []string{slug}}, opts)
}

// CreateDataset creates a dataset in the key's environment (POST
// /1/datasets) and returns it. When a dataset of that name or slug already
// exists the service returns it unchanged instead, so calling it again is
// harmless; conduit still treats it as a write and does not retry it once
// it may have arrived.
func (c *Client) CreateDataset(ctx context.Context, p DatasetParams, opts ...Option) (*Dataset, error) {
	op := createDatasetOp.Op
	switch n := utf8.RuneCountInString(p.Name); {
	case n == 0:
		return nil, op.Invalid("name", "is empty")
	case n > maxDatasetName:
		return nil, op.Invalid("name", "has %d characters; the service takes at most %d", n, maxDatasetName)
	}
	if n := utf8.RuneCountInString(p.Description); n > maxDatasetDescription {
		return nil, op.Invalid("description", "has %d characters; the service takes at most %d", n, maxDatasetDescription)
	}
	if p.ExpandJSONDepth < 0 || p.ExpandJSONDepth > MaxExpandJSONDepth {
		return nil, op.Invalid("expand_json_depth", "is %d; want 0 to %d", p.ExpandJSONDepth, MaxExpandJSONDepth)
	}
	return createDatasetOp.Do(ctx, c.t, transport.Call{Body: p}, opts)
}

// ColumnType is the type of a column's values.
type ColumnType string

// The column types the service documents.
const (
	ColumnString  ColumnType = "string"
	ColumnFloat   ColumnType = "float"
	ColumnInteger ColumnType = "integer"
	ColumnBoolean ColumnType = "boolean"
)

// Column is one field the events of a dataset have carried.
type Column struct {
	raw `json:"-"`
	ID  ID `json:"id"`
	// KeyName is the field's name in events.
	KeyName     string `json:"key_name"`
	Hidden      bool   `json:"hidden"`
	Description string `json:"description"`
	// Type is one of the ColumnType constants; a type the service adds
	// later arrives as its own word.
	Type ColumnType `json:"type"`
	// LastWritten is when an event last carried the field; nil if never.
	LastWritten *time.Time `json:"last_written"`
	CreatedAt   time.Time  `json:"created_at"`
	UpdatedAt   time.Time  `json:"updated_at"`
}

// ListColumns returns every column of dataset (GET /1/columns/<dataset>),
// or of every dataset of the environment with AllDatasets. The service
// sends them all in one answer; there are no pages.
func (c *Client) ListColumns(ctx context.Context, dataset string, opts ...Option) ([]Column, error) {
	if err := checkDataset(listColumnsOp.Op, dataset); err != nil {
		return nil, err
	}
	cols, err := listColumnsOp.Do(ctx, c.t, transport.Call{Args: []string{dataset}}, opts)
	if err != nil {
		return nil, err
	}
	return *cols, nil
}
