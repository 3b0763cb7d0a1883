package transport

import (
	"bytes"
	"fmt"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/conduit-sdk/conduit/internal/config"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// JSON is a request body a package has encoded itself, byte for byte as
// encoding/json writes the value it stands for, where reflection costs
// more than the call can spare (a chat completion's messages); Call.Body
// sends it as it is.
type JSON []byte

// jsonBody encodes a request's JSON body: the body credentials, first and
// unreplaceable, then the typed value, then the caller's extra members
// (WithBodyField), which replace typed members of the same name; of two
// extra members of one name, the later (a call's over its client's) is
// the one sent.
func jsonBody(v any, fields []config.Field, creds []string) ([]byte, error) {
	raw := []byte("{}")
	switch v := v.(type) {
	case nil:
	case JSON:
		raw = v
	default:
		b, err := wire.Encode(v)
		if err != nil {
			return nil, err
		}
		raw = b
	}
	if len(fields) == 0 && len(creds) == 0 {
		return raw, nil
	}
	raw = wire.Trim(raw)
	if wire.Kind(raw) != '{' {
		return nil, fmt.Errorf("the request body is not a JSON object, so members cannot be added to it")
	}
	skip := map[string]bool{}
	for i := 0; i < len(creds); i += 2 {
		skip[creds[i]] = true
	}
	last := make(map[string]int, len(fields)) // name -> index of its last field
	for i, f := range fields {
		if skip[f.Name] {
			return nil, fmt.Errorf("the body member %q carries a credential and cannot be set by WithBodyField", f.Name)
		}
		last[f.Name] = i
	}
	for name := range last {
		skip[name] = true
	}
	var out bytes.Buffer
	out.Grow(len(raw) + 64)
	out.WriteByte('{')
	n := 0
	member := func(name string, value []byte) {
		if n > 0 {
			out.WriteByte(',')
		}
		n++
		out.Write(wire.AppendString(out.AvailableBuffer(), name))
		out.WriteByte(':')
		out.Write(value)
	}
	for i := 0; i < len(creds); i += 2 {
		member(creds[i], wire.AppendString(nil, creds[i+1]))
	}
	dec := jsontext.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.ReadToken(); err != nil {
		return nil, err
	}
	for dec.PeekKind() != '}' {
		tok, err := dec.ReadToken()
		if err != nil {
			return nil, err
		}
		// The token is void once the decoder reads on: keep its text first.
		name := tok.String()
		val, err := dec.ReadValue()
		if err != nil {
			return nil, err
		}
		if !skip[name] {
			member(name, val)
		}
	}
	for i, f := range fields {
		if last[f.Name] == i {
			member(f.Name, f.Value)
		}
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}
