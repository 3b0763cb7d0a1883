package transport

import (
	"bytes"
	"strings"

	"github.com/conduit-sdk/conduit/internal/wire"
	"github.com/go-json-experiment/json/jsontext"
)

// passes reports that the body's status word is one of the success words
// or that it has none: the answer of nearly every call, found by a scan
// that builds nothing. false means the body needs the full reading, which
// decides: a failure word, a word that is not a string, a path with
// indexes, or a body the scan cannot follow.
//
// Where the scan answers true, the full reading finds no failure either:
// on the first JSON value of a body it finds the same member (the last of
// duplicates, as in a decoded map; no word where anything but an object
// stands on the path), and a body whose first value is malformed has no
// word for the full reading at all.
func (w *StatusWord) passes(body []byte) bool {
	for i := 0; i < len(w.Path); i++ {
		if c := w.Path[i]; c == '*' || '0' <= c && c <= '9' {
			return false
		}
	}
	if absent(body, w.Path[strings.LastIndexByte(w.Path, '.')+1:]) {
		return true
	}
	s := wordScan{b: body}
	word, found, ok := s.at(w.Path)
	switch {
	case !ok:
		return false
	case !found || len(word) == 0:
		return true
	}
	for _, good := range w.OK {
		if string(word) == good {
			return true
		}
	}
	return false
}

// absent reports that no member named name can stand anywhere in body:
// its quoted name is not in it, nor any \u escape, the one way to write
// a letter, a digit, '_' or '-' otherwise. Two searches of the body, where
// the scan walks it: a word a success answer leaves out (Fiscal Data's
// "error") is found absent without walking 10,000 records.
func absent(body []byte, name string) bool {
	var buf [64]byte
	if len(name) == 0 || len(name)+2 > len(buf) {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	quoted := append(append(append(buf[:0], '"'), name...), '"')
	return !bytes.Contains(body, quoted) && !bytes.Contains(body, []byte(`\u`))
}

// wordScan walks JSON text without checking more of it than it needs.
type wordScan struct {
	b []byte
	i int
}

// at returns the string at path (member names joined by dots) in the next
// value: found is false for a missing member, and for an object, an array
// or null there. ok is false for a number or a boolean there (left to the
// full reading) and wherever the text stops making sense.
func (s *wordScan) at(path string) (word []byte, found, ok bool) {
	s.space()
	if s.i >= len(s.b) || s.b[s.i] != '{' {
		return nil, false, s.skip()
	}
	s.i++
	name, rest, last := path, "", true
	if i := strings.IndexByte(path, '.'); i >= 0 {
		name, rest, last = path[:i], path[i+1:], false
	}
	for first := true; ; first = false {
		s.space()
		if s.i < len(s.b) && s.b[s.i] == '}' {
			s.i++
			return word, found, true
		}
		if !first {
			if s.i >= len(s.b) || s.b[s.i] != ',' {
				return nil, false, false
			}
			s.i++
			s.space()
		}
		key, ok := s.str()
		if !ok {
			return nil, false, false
		}
		s.space()
		if s.i >= len(s.b) || s.b[s.i] != ':' {
			return nil, false, false
		}
		s.i++
		s.space()
		switch {
		case !isName(key, name):
			ok = s.skip()
		case !last:
			word, found, ok = s.at(rest)
		case s.i < len(s.b) && s.b[s.i] == '"':
			var raw []byte
			raw, ok = s.str()
			word, found = raw, true
			if ok && bytes.IndexByte(raw, '\\') >= 0 {
				word, ok = unquote(raw)
			}
		case s.i < len(s.b) && (s.b[s.i] == '{' || s.b[s.i] == '[' || s.b[s.i] == 'n'):
			word, found, ok = nil, false, s.skip()
		default:
			return nil, false, false
		}
		if !ok {
			return nil, false, false
		}
	}
}

func (s *wordScan) space() {
	for s.i < len(s.b) && isSpace(s.b[s.i]) {
		s.i++
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// str reads a string and returns its text between the quotes, escapes
// left in.
func (s *wordScan) str() ([]byte, bool) {
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return nil, false
	}
	end, ok := wire.StringEnd(s.b, s.i+1)
	if !ok {
		return nil, false
	}
	start := s.i + 1
	s.i = end + 1
	return s.b[start:end], true
}

// stops are the bytes a skip of an object or array acts on.
var stops = [256]bool{'"': true, '{': true, '[': true, '}': true, ']': true}

// skip moves past the next value.
func (s *wordScan) skip() bool {
	if s.i >= len(s.b) {
		return false
	}
	switch s.b[s.i] {
	case '"':
		_, ok := s.str()
		return ok
	case '{', '[':
		i, ok := skipContainer(s.b, s.i)
		s.i = i
		return ok
	}
	start := s.i
	for s.i < len(s.b) && !isSpace(s.b[s.i]) && !strings.ContainsRune(",:]}", rune(s.b[s.i])) {
		s.i++
	}
	return s.i > start
}

// skipContainer returns the index just past the object or array that
// starts at b[i], counting brackets outside strings.
func skipContainer(b []byte, i int) (int, bool) {
	depth := 0
	for i < len(b) {
		c := b[i]
		if !stops[c] {
			i++
			continue
		}
		switch c {
		case '"':
			end, ok := wire.StringEnd(b, i+1)
			if !ok {
				return len(b), false
			}
			i = end
		case '{', '[':
			depth++
		default:
			if depth--; depth == 0 {
				return i + 1, true
			}
		}
		i++
	}
	return i, false
}

// isName reports whether the member name key, escapes left in, is name.
func isName(key []byte, name string) bool {
	if bytes.IndexByte(key, '\\') < 0 {
		return string(key) == name
	}
	u, ok := unquote(key)
	return ok && string(u) == name
}

func unquote(raw []byte) ([]byte, bool) {
	quoted := make([]byte, 0, len(raw)+2)
	quoted = append(append(append(quoted, '"'), raw...), '"')
	u, err := jsontext.AppendUnquote(nil, quoted)
	return u, err == nil
}
