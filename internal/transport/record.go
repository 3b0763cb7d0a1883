package transport

import (
	"bytes"
	"encoding/json"
)

// DecodeRecord decodes a record nested inside a larger body (a list item, an
// author inside a message) and keeps its own raw bytes, which the core
// records only for top-level results. It is meant for UnmarshalJSON methods:
// out must be a method-less copy of the record's type so the call does not
// recurse (its name shows in decode errors), as in
//
//	func (p *Pipeline) UnmarshalJSON(b []byte) error {
//		type pipeline Pipeline
//		return transport.DecodeRecord(b, (*pipeline)(p))
//	}
//
// A JSON null leaves the record untouched, as encoding/json does.
func DecodeRecord(b []byte, out interface{ SetRaw([]byte) }) error {
	if IsNull(b) {
		return nil
	}
	if err := json.Unmarshal(b, out); err != nil {
		return err
	}
	// encoding/json reuses b after UnmarshalJSON returns, so keep a copy.
	out.SetRaw(bytes.Clone(bytes.TrimSpace(b)))
	return nil
}
