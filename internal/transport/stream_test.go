package transport

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// streamService streams chunks with a bearer key, reading failures the
// way OpenAI-compatible services write them.
func streamService(t *testing.T, h http.HandlerFunc) (*Client, *StreamEndpoint[item]) {
	t.Helper()
	svc := testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, apiKey)
	svc.Errors = Profile{Code: []string{"error.code"}, Reason: []string{"error.type"},
		Codes: map[string]Meaning{"rate_limit_exceeded": RateLimited}}
	op := DeclareStream[item](svc, Op{Name: "Stream", Method: "POST", Path: "/chat"}, "[DONE]")
	c := newClient(t, svc, conduit.WithBaseURL(newRecorder(t, h).URL), svc.Set("api_key", "sk-St7"), conduit.WithMaxRetries(0))
	return c, op
}

func writeEvents(w http.ResponseWriter, events ...string) {
	w.Header().Set("Content-Type", "text/event-stream")
	for _, e := range events {
		fmt.Fprintf(w, "data: %s\n\n", e)
	}
}

// A stream opened by the core asks for an event stream, decodes each
// event with its raw bytes, and ends at its marker.
func TestStreamOpen(t *testing.T) {
	c, op := streamService(t, func(w http.ResponseWriter, r *http.Request) {
		assert.Equal(t, "text/event-stream", r.Header.Get("Accept"))
		writeEvents(w, `{"id":1}`, `{"id":2,"x":true}`, "[DONE]")
	})
	s, err := op.Open(bg, c, Call{Body: map[string]bool{"stream": true}}, nil)
	require.NoError(t, err)
	var ids []int64
	for it, err := range s.All() {
		require.NoError(t, err)
		ids = append(ids, it.ID)
		if it.ID == 2 {
			assert.Equal(t, `{"id":2,"x":true}`, string(it.RawJSON()))
		}
	}
	assert.Equal(t, []int64{1, 2}, ids)
}

// What ends a stream early is an *Error the core named and redacted: an
// error event read with the service's profile, a cut before the marker, an
// event that does not decode. A failure answer to the request itself is
// the usual error.
func TestStreamFailures(t *testing.T) {
	for _, tc := range []struct {
		name   string
		events []string
		is     error
		code   string
	}{
		{"error event", []string{`{"id":1}`, `{"error":{"code":"rate_limit_exceeded","type":"tokens","message":"slow down sk-St7"}}`},
			conduit.ErrRateLimited, "rate_limit_exceeded"},
		{"cut before the marker", []string{`{"id":1}`}, io.ErrUnexpectedEOF, ""},
		{"malformed event", []string{`{"id":1}`, `{"id":"two"}`}, conduit.ErrMalformedResponse, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, op := streamService(t, func(w http.ResponseWriter, r *http.Request) { writeEvents(w, tc.events...) })
			s, err := op.Open(bg, c, Call{}, nil)
			require.NoError(t, err)
			n := 0
			for s.Next() {
				n++
			}
			assert.Equal(t, 1, n)
			err = s.Err()
			require.ErrorIs(t, err, tc.is)
			e := asError(t, err)
			assert.Equal(t, "testsvc", e.Service)
			assert.Equal(t, "Stream", e.Op)
			assert.Equal(t, "POST /chat", e.Endpoint)
			assert.Equal(t, tc.code, e.Code)
			assert.NotContains(t, fmt.Sprintf("%v %#v", err, e), "sk-St7")
		})
	}
	c, op := streamService(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(401)
		io.WriteString(w, `{"error":{"code":"invalid_api_key","message":"bad key"}}`)
	})
	s, err := op.Open(bg, c, Call{}, nil)
	assert.Nil(t, s)
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	assert.Equal(t, "invalid_api_key", asError(t, err).Code)
}

// Reader builds, for a test double, the stream Open would have returned
// for the same body: ended and failed the same way.
func TestStreamReaderForTestDoubles(t *testing.T) {
	c, op := streamService(t, nil)
	s := op.Reader(c, strings.NewReader("data: {\"id\":7}\n\ndata: [DONE]\n\n"))
	require.True(t, s.Next())
	assert.Equal(t, int64(7), s.Current().ID)
	assert.False(t, s.Next())
	assert.NoError(t, s.Err())

	s = op.Reader(c, strings.NewReader("data: {\"id\":7}\n\n"))
	for s.Next() {
	}
	assert.ErrorIs(t, s.Err(), io.ErrUnexpectedEOF, "a stream cut before [DONE] is never silently short")
	assert.Equal(t, "Stream", asError(t, s.Err()).Op)
}

// A stream declared with EndsWith has no end marker: it ends after its
// final event, without reading what follows; a body cut before one is
// never silently short; an error event in the service's own shape ends it
// with an *Error read with the profile.
func TestStreamEndsWith(t *testing.T) {
	svc := testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, apiKey)
	svc.Errors = Profile{Code: []string{"error.code", "code"}, Message: []string{"error.message", "message"},
		Codes: map[string]Meaning{"rate_limit_exceeded": RateLimited}}
	op := DeclareStream[item](svc, Op{Name: "Stream", Method: "POST", Path: "/responses"}, "").EndsWith(
		func(data []byte) bool { return strings.Contains(string(data), `"last"`) },
		func(data []byte) bool { return strings.Contains(string(data), `"code"`) })
	c := newClient(t, svc, svc.Set("api_key", "sk-St7"))
	read := func(body string) ([]int64, error) {
		s := op.Reader(c, strings.NewReader(body))
		var ids []int64
		for s.Next() {
			ids = append(ids, s.Current().ID)
		}
		return ids, s.Err()
	}
	ids, err := read("data: {\"id\":1}\n\ndata: {\"id\":2,\"last\":true}\n\ndata: {\"id\":\"not read\"}\n\n")
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 2}, ids)

	ids, err = read("data: {\"id\":1}\n\n")
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
	assert.Equal(t, []int64{1}, ids)

	ids, err = read("data: {\"id\":1}\n\ndata: {\"type\":\"error\",\"code\":\"rate_limit_exceeded\",\"message\":\"slow down sk-St7\"}\n\n")
	require.ErrorIs(t, err, conduit.ErrRateLimited)
	assert.Equal(t, []int64{1}, ids)
	e := asError(t, err)
	assert.Equal(t, "rate_limit_exceeded", e.Code)
	assert.Equal(t, "Stream", e.Op)
	assert.NotContains(t, fmt.Sprintf("%v %#v", err, e), "sk-St7")
}
