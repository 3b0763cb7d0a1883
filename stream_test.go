package conduit

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/internal/transport"
)

type chunk struct {
	ID    string `json:"id"`
	Delta string `json:"delta"`
}

func stream(s string) *Stream[chunk] {
	return NewStream[chunk](io.NopCloser(strings.NewReader(s)), Config{Service: "inference", Op: "StreamChatCompletion", Done: "[DONE]"})
}

func TestStreamToDone(t *testing.T) {
	s := stream(": keep-alive\n\ndata: {\"id\":\"a\",\"delta\":\"Hel\"}\n\ndata: {\"id\":\"a\",\"delta\":\"lo\"}\n\ndata: [DONE]\n\ndata: {\"id\":\"late\"}\n\n")
	var text strings.Builder
	for s.Next() {
		text.WriteString(s.Current().Delta)
	}
	require.NoError(t, s.Err())
	assert.Equal(t, "Hello", text.String())
}

func TestStreamCutBeforeDone(t *testing.T) {
	s := stream("data: {\"delta\":\"partial\"}\n\n")
	n := 0
	for s.Next() {
		n++
	}
	assert.Equal(t, 1, n)
	assert.ErrorIs(t, s.Err(), io.ErrUnexpectedEOF)
	var e *transport.Error
	require.ErrorAs(t, s.Err(), &e)
	assert.Equal(t, "inference", e.Service)
}

func TestStreamErrorObject(t *testing.T) {
	s := stream("data: {\"delta\":\"a\"}\n\ndata: {\"error\":{\"message\":\"overloaded\",\"type\":\"server_error\"}}\n\ndata: [DONE]\n\n")
	require.True(t, s.Next())
	assert.False(t, s.Next())
	var e *transport.Error
	require.ErrorAs(t, s.Err(), &e)
	assert.Equal(t, "server_error", e.Code)
	assert.Equal(t, "overloaded", e.Message)
	assert.ErrorIs(t, s.Err(), transport.ErrAPI)
}

func TestStreamTextMentioningErrorIsNotAnError(t *testing.T) {
	s := stream("data: {\"delta\":\"the \\\"error\\\" key\",\"error\":null}\n\ndata: [DONE]\n\n")
	require.True(t, s.Next())
	assert.Equal(t, `the "error" key`, s.Current().Delta)
	assert.False(t, s.Next())
	assert.NoError(t, s.Err())
}

func TestStreamMalformedEvent(t *testing.T) {
	s := stream("data: {\"delta\":\n\n")
	assert.False(t, s.Next())
	assert.ErrorIs(t, s.Err(), transport.ErrMalformedResponse)
}

func TestStreamAllAndEarlyBreak(t *testing.T) {
	closed := false
	body := closer{Reader: strings.NewReader("data: {\"delta\":\"a\"}\n\ndata: {\"delta\":\"b\"}\n\ndata: [DONE]\n\n"), closed: &closed}
	s := NewStream[chunk](body, Config{Done: "[DONE]"})
	for c, err := range s.All() {
		require.NoError(t, err)
		assert.Equal(t, "a", c.Delta)
		break
	}
	assert.True(t, closed, "breaking out of All closes the body")

	var got []string
	var last error
	for c, err := range stream("data: {\"delta\":\"x\"}\n\n").All() {
		if err != nil {
			last = err
			break
		}
		got = append(got, c.Delta)
	}
	assert.Equal(t, []string{"x"}, got)
	assert.ErrorIs(t, last, io.ErrUnexpectedEOF)
}

type closer struct {
	io.Reader
	closed *bool
}

func (c closer) Close() error { *c.closed = true; return nil }

// The caller holds a chunk before the server writes the next one: the
// server blocks after each flush until the client has acknowledged it.
func TestStreamChunkArrivesBeforeNext(t *testing.T) {
	ack := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for _, d := range []string{"one", "two", "three"} {
			io.WriteString(w, `data: {"delta":"`+d+`"}`+"\n\n")
			w.(http.Flusher).Flush()
			select {
			case <-ack:
			case <-r.Context().Done():
				return
			}
		}
		io.WriteString(w, "data: [DONE]\n\n")
	}))
	defer srv.Close()
	req, _ := http.NewRequestWithContext(context.Background(), "GET", srv.URL, nil)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	s := NewStream[chunk](resp.Body, Config{Done: "[DONE]"})
	var got []string
	for s.Next() {
		got = append(got, s.Current().Delta)
		ack <- struct{}{} // the server writes the next chunk only after this
	}
	require.NoError(t, s.Err())
	assert.Equal(t, []string{"one", "two", "three"}, got)
}

func TestStreamCancelReleases(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "data: {\"delta\":\"a\"}\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL, nil)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	s := NewStream[chunk](resp.Body, Config{Done: "[DONE]"})
	require.True(t, s.Next())
	cancel()
	assert.False(t, s.Next())
	assert.True(t, errors.Is(s.Err(), context.Canceled))
}
