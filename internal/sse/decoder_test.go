package sse

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type ev struct {
	typ, id, data string
	retry         time.Duration
}

func decodeAll(t *testing.T, r io.Reader, max int) ([]ev, error) {
	t.Helper()
	d := NewDecoder(r, max)
	var out []ev
	for {
		e, err := d.Next()
		if err != nil {
			if err == io.EOF {
				return out, nil
			}
			return out, err
		}
		out = append(out, ev{e.Type, e.ID, string(e.Data), e.Retry})
	}
}

func TestDecoderLineEndings(t *testing.T) {
	want := []ev{{data: "one"}, {data: "two\nlines"}}
	for name, in := range map[string]string{
		"LF":    "data: one\n\ndata: two\ndata: lines\n\n",
		"CRLF":  "data: one\r\n\r\ndata: two\r\ndata: lines\r\n\r\n",
		"CR":    "data: one\r\rdata: two\rdata: lines\r\r",
		"mixed": "data: one\r\n\ndata: two\rdata: lines\n\r\n",
	} {
		for _, reader := range []func(string) io.Reader{
			func(s string) io.Reader { return strings.NewReader(s) },
			func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) },
		} {
			got, err := decodeAll(t, reader(in), 0)
			require.NoError(t, err, name)
			assert.Equal(t, want, got, name)
		}
	}
}

func TestDecoderFields(t *testing.T) {
	in := "\xEF\xBB\xBF: a comment\n" +
		"event: delta\nid: 7\nretry: 1500\ndata:no-space\ndata:  two spaces\n\n" +
		"data: after\n\n" + // id carries forward, event resets
		"id\ndata\n\n" + // bare field names: empty id, empty data line
		"retry: soon\nfoo: ignored\ndata: x\n\n" +
		"event: only-event\n\n" // no data: not dispatched
	got, err := decodeAll(t, strings.NewReader(in), 0)
	require.NoError(t, err)
	assert.Equal(t, []ev{
		{typ: "delta", id: "7", data: "no-space\n two spaces", retry: 1500 * time.Millisecond},
		{id: "7", data: "after", retry: 1500 * time.Millisecond},
		{id: "", data: "", retry: 1500 * time.Millisecond},
		{id: "", data: "x", retry: 1500 * time.Millisecond},
	}, got)
}

func TestDecoderIncompleteEventDropped(t *testing.T) {
	got, err := decodeAll(t, strings.NewReader("data: whole\n\ndata: half"), 0)
	require.NoError(t, err)
	assert.Equal(t, []ev{{data: "whole"}}, got)
}

func TestDecoderCap(t *testing.T) {
	_, err := decodeAll(t, strings.NewReader("data: "+strings.Repeat("x", 200)+"\n\n"), 64)
	assert.True(t, errors.Is(err, ErrTooLarge))
	// Many short lines adding up past the cap.
	_, err = decodeAll(t, strings.NewReader(strings.Repeat("data: 0123456789\n", 20)+"\n"), 64)
	assert.True(t, errors.Is(err, ErrTooLarge))
	// A line with no end at all cannot grow without bound.
	_, err = decodeAll(t, strings.NewReader(strings.Repeat("y", 10_000)), 64)
	assert.True(t, errors.Is(err, ErrTooLarge))
}

func TestDecoderReadError(t *testing.T) {
	boom := errors.New("connection reset")
	_, err := decodeAll(t, io.MultiReader(strings.NewReader("data: a\n\n"), iotest.ErrReader(boom)), 0)
	assert.ErrorIs(t, err, boom)
}

func FuzzDecoder(f *testing.F) {
	for _, s := range []string{
		"data: a\n\n", "data: a\r\n\r\n", "data: a\r\r", ": c\n\nevent: e\nid: 1\nretry: 10\ndata: x\ndata: y\n\n",
		"data: [DONE]\n\n", "\xEF\xBB\xBFdata: b\n\n", "data", "\r\n\r", "id: \x00\n\n",
	} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, in []byte, chunk uint8) {
		var r io.Reader = strings.NewReader(string(in))
		if chunk%2 == 1 {
			r = iotest.OneByteReader(r)
		}
		d := NewDecoder(r, 256)
		for i := 0; i <= len(in); i++ {
			e, err := d.Next()
			if err != nil {
				if !errors.Is(err, io.EOF) && !errors.Is(err, ErrTooLarge) {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			if len(e.Data) > 256 {
				t.Fatalf("data over cap: %d", len(e.Data))
			}
			if strings.ContainsAny(string(e.Data), "\r") {
				t.Fatalf("line terminator leaked into data %q", e.Data)
			}
		}
		t.Fatalf("more events than input bytes")
	})
}

// A byte-order mark is skipped at offset 0 of the stream and nowhere else,
// whatever size the reads come in.
func TestByteOrderMarkOnlyAtStreamStart(t *testing.T) {
	const bom = "\xEF\xBB\xBF"
	for name, r := range map[string]func(string) io.Reader{
		"one read":        func(s string) io.Reader { return strings.NewReader(s) },
		"one byte a read": func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) },
		"half-size reads": func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) },
	} {
		got, err := decodeAll(t, r(bom+"data: a\n\n"), 0)
		require.NoError(t, err, name)
		assert.Equal(t, []ev{{data: "a"}}, got, name)

		// After the first line a BOM is part of the line: here it makes
		// the field name "\uFEFFdata", which is no field, so the event
		// has no data and is not dispatched.
		got, err = decodeAll(t, r(":\n"+bom+"data: b\n\ndata: c\n\n"), 0)
		require.NoError(t, err, name)
		assert.Equal(t, []ev{{data: "c"}}, got, name)
	}
}

// A retry too large for a Duration is clamped, never wrapped negative.
func TestRetryTooLargeIsClamped(t *testing.T) {
	for _, v := range []string{"9223372036854775807", "99999999999999999999999"} {
		got, err := decodeAll(t, strings.NewReader("retry: "+v+"\ndata: x\n\n"), 0)
		require.NoError(t, err)
		require.Len(t, got, 1)
		assert.Positive(t, got[0].retry, v)
		assert.Equal(t, time.Duration(1<<63-1), got[0].retry, v)
	}
}

// A line ends at its first CR or LF, whichever comes first, as
// bytes.IndexAny would find it.
func TestLineEndFindsTheFirstTerminator(t *testing.T) {
	for _, s := range []string{"", "abc", "a\nb", "a\rb", "a\r\nb", "ab\n\r", "\r", "\n", "x\ry\nz", "x\ny\rz"} {
		if got, want := lineEnd([]byte(s)), bytes.IndexAny([]byte(s), "\r\n"); got != want {
			t.Errorf("lineEnd(%q) = %d, want %d", s, got, want)
		}
	}
}
