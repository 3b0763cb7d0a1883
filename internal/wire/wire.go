// Package wire holds the JSON mechanics of the core that the packages' own
// types share with it: reading a JSON value's kind, a string in place, an
// object's member, and writing strings and request values exactly as the
// core encodes request bodies. A type that decodes an unusual shape (an id
// sent as a string or a number, a pair, a union) says what the shape
// means; how its bytes are read and written is decided here, once.
package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/go-json-experiment/json/jsontext"
)

// Encode encodes v as request bodies are encoded: with encoding/json, so a
// type's MarshalJSON and its fields' tags mean what they mean there.
func Encode(v any) ([]byte, error) { return json.Marshal(v) }

// Trim drops JSON whitespace around b. A decoder hands a method the bare
// value, but a caller passing a json.RawMessage on may not.
func Trim(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// Kind is the kind of the JSON value b: '"' a string, '{' an object, '['
// an array, 'n' null, 't' or 'f' a boolean, '0' a number, and 0 for
// anything else. A literal is checked whole; for the others it looks at
// the first byte, and decoding checks the rest.
func Kind(b []byte) byte {
	b = Trim(b)
	switch {
	case len(b) == 0:
		return 0
	case b[0] == '-' || b[0] >= '0' && b[0] <= '9':
		return '0'
	case b[0] == '"' || b[0] == '{' || b[0] == '[':
		return b[0]
	case string(b) == "null" || string(b) == "true" || string(b) == "false":
		return b[0]
	}
	return 0
}

// IsObject reports whether b is one well-formed JSON object.
func IsObject(b []byte) bool {
	return Kind(b) == '{' && jsontext.Value(Trim(b)).IsValid(jsontext.AllowDuplicateNames(true))
}

// Member returns the value of the member name of the JSON object b (the
// last, where a name repeats), and false when b is not an object or has no
// such member.
func Member(b []byte, name string) (jsontext.Value, bool) {
	var found jsontext.Value
	err := EachMember(b, func(k string, v jsontext.Value) {
		if k == name {
			found = v.Clone()
		}
	})
	return found, err == nil && found != nil
}

// EachMember calls fn with each member of the JSON object b, in order. The
// value is valid only during the call. It fails for anything but an object.
func EachMember(b []byte, fn func(name string, value jsontext.Value)) error {
	if Kind(b) != '{' {
		return fmt.Errorf("want a JSON object, got %.40s", Trim(b))
	}
	dec := jsontext.NewDecoder(bytes.NewReader(Trim(b)), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	for dec.PeekKind() != '}' {
		k, err := dec.ReadToken()
		if err != nil {
			return err
		}
		name := k.String() // the token is void once the decoder reads on
		v, err := dec.ReadValue()
		if err != nil {
			return err
		}
		fn(name, v)
	}
	return nil
}

// Elements calls fn with each element of the JSON array r holds, as soon
// as the element has arrived whole, for answers that stream an array (the
// Routes API's route matrix). The value is valid only during the call; a
// false from fn stops the reading. It fails for anything but an array, and
// with io.ErrUnexpectedEOF for one cut short.
func Elements(r io.Reader, fn func(value jsontext.Value) bool) error {
	return MemberElements(r, "", fn)
}

// MemberElements is Elements for the array at the member named member of
// the JSON object r holds ("" for an array at the top, as Elements): a
// listing inside an envelope, {"data": […], "meta": …}. The other members
// are read past, whatever their order. A null listing, or an envelope
// without the member, holds nothing, as services write an empty list; any
// other value than an array fails. Only one element, and the decoder's
// buffer, is held at a time, however long the listing.
func MemberElements(r io.Reader, member string, fn func(value jsontext.Value) bool) error {
	dec := jsontext.NewDecoder(r, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if member != "" {
		found, err := seekMember(dec, member)
		if err != nil {
			return eofIsShort(err)
		}
		if !found {
			_, err := dec.ReadToken() // the envelope's end
			return eofIsShort(err)
		}
	}
	tok, err := dec.ReadToken()
	if err != nil {
		return eofIsShort(err)
	}
	switch tok.Kind() {
	case 'n':
	case '[':
		for dec.PeekKind() != ']' {
			v, err := dec.ReadValue()
			if err != nil {
				return eofIsShort(err)
			}
			if !fn(v) {
				return nil
			}
		}
		if _, err = dec.ReadToken(); err != nil {
			return eofIsShort(err)
		}
	default:
		return fmt.Errorf("want a JSON array, got a value of kind %v", tok.Kind())
	}
	// The rest of the envelope is read to its end, so that a body cut
	// after the listing still fails.
	for member != "" && dec.PeekKind() != '}' {
		if _, err := dec.ReadToken(); err != nil {
			return eofIsShort(err)
		}
		if err := dec.SkipValue(); err != nil {
			return eofIsShort(err)
		}
	}
	if member != "" {
		_, err = dec.ReadToken()
	}
	return eofIsShort(err)
}

// MembersElements is MemberElements for an object holding several
// listings, {"added": […], "modified": […], "removed": […], "next_cursor":
// …}: fn receives each element of the arrays named in members, in the
// order they arrive, with the index of its member in members; a listed
// member that is null holds nothing, any other value than an array fails.
// Every other member's value goes to other, if not nil. Values are valid
// only during the call; a false from fn stops the reading. Only one
// element, or one other member, is held at a time.
func MembersElements(r io.Reader, members []string, fn func(member int, value jsontext.Value) bool, other func(name string, value jsontext.Value)) error {
	dec := jsontext.NewDecoder(r, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	tok, err := dec.ReadToken()
	if err != nil {
		return eofIsShort(err)
	}
	if tok.Kind() != '{' {
		return fmt.Errorf("want a JSON object holding %q, got a value of kind %v", members, tok.Kind())
	}
	for dec.PeekKind() != '}' {
		k, err := dec.ReadToken()
		if err != nil {
			return eofIsShort(err)
		}
		name := k.String() // the token is void once the decoder reads on
		m := slices.Index(members, name)
		if m < 0 || dec.PeekKind() == 'n' {
			v, err := dec.ReadValue()
			if err != nil {
				return eofIsShort(err)
			}
			if m < 0 && other != nil {
				other(name, v)
			}
			continue
		}
		if tok, err = dec.ReadToken(); err != nil {
			return eofIsShort(err)
		}
		if tok.Kind() != '[' {
			return fmt.Errorf("want a JSON array at %q, got a value of kind %v", name, tok.Kind())
		}
		for dec.PeekKind() != ']' {
			v, err := dec.ReadValue()
			if err != nil {
				return eofIsShort(err)
			}
			if !fn(m, v) {
				return nil
			}
		}
		if _, err := dec.ReadToken(); err != nil {
			return eofIsShort(err)
		}
	}
	_, err = dec.ReadToken()
	return eofIsShort(err)
}

// seekMember reads dec up to the value of the top object's member named
// name, skipping the members before it; found is false when the object
// ends without it, before its closing brace is read.
func seekMember(dec *jsontext.Decoder, name string) (found bool, err error) {
	tok, err := dec.ReadToken()
	if err != nil {
		return false, err
	}
	if tok.Kind() != '{' {
		return false, fmt.Errorf("want a JSON object holding %q, got a value of kind %v", name, tok.Kind())
	}
	for dec.PeekKind() != '}' {
		k, err := dec.ReadToken()
		if err != nil {
			return false, err
		}
		if k.String() == name {
			return true, nil
		}
		if err := dec.SkipValue(); err != nil {
			return false, err
		}
	}
	return false, nil
}

// eofIsShort reports an array that ends before its closing bracket as
// io.ErrUnexpectedEOF, whichever way the decoder words it.
func eofIsShort(err error) error {
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}
