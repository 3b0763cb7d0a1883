package chat

import (
	"encoding/json"

	"github.com/conduit-sdk/conduit"
)

// raw gives each result of this package RawJSON; see conduit.Raw.
type raw struct{ conduit.Raw }

// RawJSON returns the record exactly as the service sent it, with the
// fields this package does not type.
func (r raw) RawJSON() json.RawMessage { return r.Raw.RawJSON() }

// Decode unmarshals the record as the service sent it into v: the way to
// read a field this package does not type.
func (r raw) Decode(v any) error { return r.Raw.Decode(v) }
