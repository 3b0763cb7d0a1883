package police

import (
	"encoding/json"

	"github.com/conduit-sdk/conduit"
)

// raw gives each result of this package RawJSON; see conduit.Raw.
type raw struct{ conduit.Raw }

// RawJSON returns the record exactly as the service sent it, with the
// fields this package does not type.
func (r raw) RawJSON() json.RawMessage { return r.Raw.RawJSON() }
