package transport

import (
	"encoding/json"
	"fmt"
)

// Raw keeps the exact bytes a record was decoded from, so fields the spec
// does not show stay reachable. Result types embed it; the core fills it.
type Raw struct{ raw json.RawMessage }

// RawJSON returns the record exactly as the server sent it.
func (r Raw) RawJSON() json.RawMessage { return r.raw }

// Decode unmarshals the raw record into v, for fields the typed struct lacks.
func (r Raw) Decode(v any) error {
	if len(r.raw) == 0 {
		return fmt.Errorf("no raw JSON recorded")
	}
	return json.Unmarshal(r.raw, v)
}

// SetRaw records b as the raw form of a record decoded by hand (a record
// nested in an envelope the package unwraps).
func (r *Raw) SetRaw(b []byte) { r.raw = b }

type rawSetter interface{ SetRaw([]byte) }
