package inference_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const chunk = `data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hel"}}]}` + "\n\n"

func sse(w http.ResponseWriter, parts ...string) {
	w.Header().Set("Content-Type", "text/event-stream")
	f := w.(http.Flusher)
	for _, p := range parts {
		io.WriteString(w, p)
		f.Flush()
	}
}

// guard bounds a test that would otherwise hang if the behaviour under test
// broke; it is not a timing assertion.
func guard(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func TestStreamMidStreamError(t *testing.T) {
	c := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		sse(w, chunk, `data: {"error":{"message":"the model crashed","type":"internal_server_error"}}`+"\n\n", chunk, "data: [DONE]\n\n")
	})
	s, err := c.StreamChatCompletion(guard(t), hello())
	require.NoError(t, err)
	require.True(t, s.Next())
	assert.Equal(t, "Hel", s.Current().Content())
	assert.False(t, s.Next(), "the error object ends the stream")
	err = s.Err()
	var e *inference.Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, "internal_server_error", e.Code)
	assert.Equal(t, "the model crashed", e.Message)
	assert.Equal(t, "StreamChatCompletion", e.Op)
	assert.Equal(t, "POST /chat/completions", e.Endpoint)
	testkit.NoSecret(t, err, testKey)
	assert.False(t, s.Next(), "an ended stream stays ended")
}

func TestStreamCutBeforeDone(t *testing.T) {
	cut := func(reset bool) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			sse(w, chunk, `data: {"id":"c1","choi`)
			conn, _, err := http.NewResponseController(w).Hijack()
			if err != nil {
				panic(err)
			}
			if reset {
				conn.(*net.TCPConn).SetLinger(0)
			}
			conn.Close()
		}
	}
	cases := []struct {
		name string
		h    http.HandlerFunc
		eof  bool
	}{
		{"clean end without [DONE]", func(w http.ResponseWriter, r *http.Request) { sse(w, chunk) }, true},
		{"connection closed mid-event", cut(false), true},
		{"connection reset mid-event", cut(true), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newServer(t, tc.h)
			s, err := c.StreamChatCompletion(guard(t), hello())
			require.NoError(t, err)
			var got []string
			for s.Next() {
				got = append(got, s.Current().Content())
			}
			assert.Equal(t, []string{"Hel"}, got)
			err = s.Err()
			require.Error(t, err, "a cut stream is an error, never a short answer")
			var e *inference.Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, "StreamChatCompletion", e.Op)
			if tc.eof {
				assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
			}
			testkit.NoSecret(t, err, testKey)
		})
	}
}

// The first chunk reaches the caller while the server is still holding the
// rest back: the server sends the second chunk only once the client has
// reported receiving the first, so a client that buffered ahead would never
// see either.
func TestStreamChunkArrivesBeforeNext(t *testing.T) {
	received := make(chan struct{})
	c := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		sse(w, chunk)
		select {
		case <-received:
		case <-r.Context().Done():
			return
		}
		sse(w, `data: {"id":"c1","choices":[{"index":0,"delta":{"content":"lo"}}]}`+"\n\n", "data: [DONE]\n\n")
	})
	s, err := c.StreamChatCompletion(guard(t), hello())
	require.NoError(t, err)
	require.True(t, s.Next(), "first chunk: %v", s.Err())
	assert.Equal(t, "Hel", s.Current().Content())
	close(received)
	require.True(t, s.Next(), "second chunk: %v", s.Err())
	assert.Equal(t, "lo", s.Current().Content())
	assert.False(t, s.Next())
	assert.NoError(t, s.Err())
}

// Close before the end releases the connection: the server sees its request
// cancelled.
func TestStreamCloseReleasesConnection(t *testing.T) {
	released := make(chan struct{})
	c := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		sse(w, chunk)
		<-r.Context().Done()
		close(released)
	})
	ctx := guard(t)
	s, err := c.StreamChatCompletion(ctx, hello())
	require.NoError(t, err)
	require.True(t, s.Next())
	require.NoError(t, s.Close())
	select {
	case <-released:
	case <-ctx.Done():
		t.Fatal("the server never saw the stream closed")
	}
	assert.False(t, s.Next())
}

func TestStreamContextCancel(t *testing.T) {
	c := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		sse(w, chunk)
		<-r.Context().Done()
	})
	ctx, cancel := context.WithCancel(guard(t))
	s, err := c.StreamChatCompletion(ctx, hello())
	require.NoError(t, err)
	require.True(t, s.Next())
	cancel()
	assert.False(t, s.Next())
	assert.True(t, errors.Is(s.Err(), context.Canceled), "got %v", s.Err())
}
