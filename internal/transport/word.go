package transport

import (
	"bytes"
	"strings"
	"sync"

	"github.com/go-json-experiment/json/jsontext"
)

// wordScan finds a status word in a body without building a tree of it.
// A decoder reading a bytes.Buffer parses it in place, without a copy.
type wordScan struct {
	buf  bytes.Buffer
	dec  jsontext.Decoder
	word []byte
}

var wordScans = sync.Pool{New: func() any { return new(wordScan) }}

// passes reports that the body's status word is one of the success words
// or that it has none: the answer of nearly every call, found without the
// full reading. false means the body needs the full reading, which
// decides: a failure word, a word that is not a string, a path with
// indexes, or a body this scan cannot read. Wherever it answers, it agrees
// with the full reading: the last of duplicate members counts, as in a
// decoded map, and anything but an object where a member is expected
// means no word.
func (w *StatusWord) passes(body []byte) bool {
	if strings.ContainsAny(w.Path, "*0123456789") {
		return false
	}
	s := wordScans.Get().(*wordScan)
	defer wordScans.Put(s)
	s.buf = *bytes.NewBuffer(body)
	s.dec.Reset(&s.buf, jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	found, ok := s.at(w.Path)
	s.buf = bytes.Buffer{}
	s.dec.Reset(&s.buf)
	switch {
	case !ok:
		return false
	case !found || len(s.word) == 0:
		return true
	}
	for _, good := range w.OK {
		if string(s.word) == good {
			return true
		}
	}
	return false
}

// at reads the value at path (member names joined by dots) in the next
// value of the decoder into s.word. A string is found; a missing member,
// or one that holds an object, an array or null, is not. ok is false for
// a number or a boolean (left to the full reading) and for malformed
// input.
func (s *wordScan) at(path string) (found, ok bool) {
	dec := &s.dec
	if dec.PeekKind() != '{' {
		return false, dec.SkipValue() == nil
	}
	if _, err := dec.ReadToken(); err != nil {
		return false, false
	}
	name, rest, last := path, "", true
	if i := strings.IndexByte(path, '.'); i >= 0 {
		name, rest, last = path[:i], path[i+1:], false
	}
	for dec.PeekKind() != '}' {
		key, err := dec.ReadValue()
		if err != nil {
			return false, false
		}
		if !s.is(key, name) {
			if dec.SkipValue() != nil {
				return false, false
			}
			continue
		}
		switch k := dec.PeekKind(); {
		case !last:
			if found, ok = s.at(rest); !ok {
				return false, false
			}
		case k == '"':
			v, err := dec.ReadValue()
			if err != nil {
				return false, false
			}
			if s.word, err = jsontext.AppendUnquote(s.word[:0], v); err != nil {
				return false, false
			}
			found = true
		case k == '{' || k == '[' || k == 'n':
			if dec.SkipValue() != nil {
				return false, false
			}
			found = false
		default:
			return false, false
		}
	}
	_, err := dec.ReadToken()
	return found, err == nil
}

// is reports whether the quoted member name key is name.
func (s *wordScan) is(key jsontext.Value, name string) bool {
	if n := len(key); n >= 2 && bytes.IndexByte(key, '\\') < 0 {
		return string(key[1:n-1]) == name
	}
	u, err := jsontext.AppendUnquote(nil, key)
	return err == nil && string(u) == name
}
