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

// jsonBody encodes a request's JSON body: the typed value, with the body
// credentials and the caller's extra members merged into it.
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
	return mergeMembers(raw, fields, creds)
}

// mergeMembers writes the object raw with the body credentials first and
// unreplaceable, then raw's members, then the caller's extra members
// (WithBodyField), which replace raw's members of the same name; of two
// extra members of one name, the later (a call's over its client's) is
// the one sent.
func mergeMembers(raw []byte, fields []config.Field, creds []string) ([]byte, error) {
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
	member := func(name string, value []byte) {
		if out.Len() > 1 {
			out.WriteByte(',')
		}
		out.Write(wire.AppendString(out.AvailableBuffer(), name))
		out.WriteByte(':')
		out.Write(value)
	}
	for i := 0; i < len(creds); i += 2 {
		member(creds[i], wire.AppendString(nil, creds[i+1]))
	}
	if err := wire.EachMember(raw, func(name string, v jsontext.Value) {
		if !skip[name] {
			member(name, v)
		}
	}); err != nil {
		return nil, err
	}
	for i, f := range fields {
		if last[f.Name] == i {
			member(f.Name, f.Value)
		}
	}
	out.WriteByte('}')
	return out.Bytes(), nil
}
