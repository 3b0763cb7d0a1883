package transport

import (
	"bytes"
	"encoding/json"
)

// UnmarshalRecord decodes one nested record (an account inside a balance
// response, a place inside a search answer) and keeps its raw bytes, so the
// fields the spec does not show stay reachable item by item, not only through
// the top-level result. The core fills Raw for top-level results itself; this
// is for the UnmarshalJSON methods of the records inside them. rec must not
// have an UnmarshalJSON method of its own, so callers pass a local defined
// type over the record:
//
//	func (a *Account) UnmarshalJSON(b []byte) error {
//		type plain Account
//		return transport.UnmarshalRecord(b, (*plain)(a))
//	}
//
// A JSON null leaves rec unchanged, as encoding/json does for structs.
func UnmarshalRecord(b []byte, rec interface{ SetRaw([]byte) }) error {
	if IsNull(b) {
		return nil
	}
	if err := json.Unmarshal(b, rec); err != nil {
		return err
	}
	// encoding/json may reuse b after UnmarshalJSON returns.
	rec.SetRaw(bytes.Clone(bytes.TrimSpace(b)))
	return nil
}
