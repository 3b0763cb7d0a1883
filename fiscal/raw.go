package fiscal

import (
	"encoding/json"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/record"
)

// raw gives each result of this package RawJSON; see conduit.Raw. Result
// types embed it untagged for JSON ("-"): its UnmarshalJSONFrom is theirs.
type raw struct{ conduit.Raw }

// RawJSON returns the record exactly as the service sent it, with the
// fields this package does not type.
func (r raw) RawJSON() json.RawMessage { return r.Raw.RawJSON() }

// Decode unmarshals the record as the service sent it into v: the way to
// read a field this package does not type.
func (r raw) Decode(v any) error { return r.Raw.Decode(v) }

// marked reports whether a value, not null, was decoded into the record:
// a null record is left zero, its raw bytes included.
func (r *raw) marked() bool { return record.Marked(&r.Raw) }

// UnmarshalJSONFrom notes where the record starts in the answer, for
// RawJSON, and leaves its fields to the decoder: a record marks itself.
func (r *raw) UnmarshalJSONFrom(dec *jsontext.Decoder) error { return record.Start(dec, &r.Raw) }
