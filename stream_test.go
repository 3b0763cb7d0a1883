package conduit_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/sse"
)

type chunk struct {
	ID    string `json:"id"`
	Delta string `json:"delta"`
}

// stream reads s as a stream that must end with [DONE] and names its
// errors as the core does.
func stream(s string) *conduit.Stream[chunk] {
	return conduit.NewStream[chunk](&sse.Body{ReadCloser: io.NopCloser(strings.NewReader(s)), Config: sse.Config{Done: "[DONE]", Fail: named}})
}

// named stands in for the core's error builder.
func named(p sse.Problem) error {
	e := &conduit.Error{Service: "inference", Op: "StreamChatCompletion", Err: p.Cause, Body: p.Event}
	switch {
	case p.Cause == nil:
		var v struct {
			Error struct{ Message, Type string }
		}
		json.Unmarshal(p.Event, &v)
		e.Code, e.Message, e.Err = v.Error.Type, v.Error.Message, conduit.ErrAPI
	case p.Event != nil:
		e.Err = fmt.Errorf("%w: %w", conduit.ErrMalformedResponse, p.Cause)
	}
	return e
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
	var e *conduit.Error
	require.ErrorAs(t, s.Err(), &e)
	assert.Equal(t, "inference", e.Service)
}

func TestStreamErrorObject(t *testing.T) {
	s := stream("data: {\"delta\":\"a\"}\n\ndata: {\"error\":{\"message\":\"overloaded\",\"type\":\"server_error\"}}\n\ndata: [DONE]\n\n")
	require.True(t, s.Next())
	assert.False(t, s.Next())
	var e *conduit.Error
	require.ErrorAs(t, s.Err(), &e)
	assert.Equal(t, "server_error", e.Code)
	assert.Equal(t, "overloaded", e.Message)
	assert.ErrorIs(t, s.Err(), conduit.ErrAPI)
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
	assert.ErrorIs(t, s.Err(), conduit.ErrMalformedResponse)
}

func TestStreamAllAndEarlyBreak(t *testing.T) {
	closed := false
	body := closer{Reader: strings.NewReader("data: {\"delta\":\"a\"}\n\ndata: {\"delta\":\"b\"}\n\ndata: [DONE]\n\n"), closed: &closed}
	s := conduit.NewStream[chunk](body)
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
	s := conduit.NewStream[chunk](resp.Body)
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
	s := conduit.NewStream[chunk](resp.Body)
	require.True(t, s.Next())
	cancel()
	assert.False(t, s.Next())
	assert.True(t, errors.Is(s.Err(), context.Canceled))
}

// Close from another goroutine while Next waits for data unblocks it, ends
// the stream without an error, and races with nothing (run with -race).
func TestStreamCloseFromAnotherGoroutine(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "data: {\"delta\":\"a\"}\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done() // never sends the next event
	}))
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	require.NoError(t, err)
	s := conduit.NewStream[chunk](resp.Body)
	require.True(t, s.Next())
	done := make(chan bool)
	go func() { done <- s.Next() }()
	time.Sleep(20 * time.Millisecond) // let Next block in Read
	require.NoError(t, s.Close())
	select {
	case more := <-done:
		assert.False(t, more)
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not unblock Next")
	}
	assert.NoError(t, s.Err(), "a stream the caller closed did not fail")
	assert.False(t, s.Next(), "a closed stream stays closed")
	assert.NoError(t, s.Close(), "Close is idempotent")
}

// A user's test double builds a stream from any reader: no panic in Next,
// [DONE] ends it, and an error event is an *Error wrapping ErrAPI.
func TestNewStreamFromReader(t *testing.T) {
	s := conduit.NewStream[chunk](strings.NewReader("data: {\"delta\":\"x\"}\n\ndata: [DONE]\n\n"))
	var got []string
	for c, err := range s.All() {
		require.NoError(t, err)
		got = append(got, c.Delta)
	}
	assert.Equal(t, []string{"x"}, got)

	s = conduit.NewStream[chunk](strings.NewReader("data: {\"error\":{\"message\":\"overloaded\"}}\n\n"))
	assert.False(t, s.Next())
	assert.ErrorIs(t, s.Err(), conduit.ErrAPI)

	var zero conduit.Stream[chunk]
	assert.False(t, zero.Next(), "a zero Stream is empty, not a panic")
}
