package transport

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The second server listens on another host (localhost vs 127.0.0.1).
func redirectPair(t *testing.T) (first, second *recorder) {
	second = newRecorder(t, nil)
	target := strings.Replace(second.URL, "127.0.0.1", "localhost", 1)
	first = newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target+"/landed", http.StatusFound)
	})
	return first, second
}

func TestCredentialedRedirectToOtherHostRefused(t *testing.T) {
	first, second := redirectPair(t)
	svc := testService(Auth{Scheme: Header, Name: "x-api-key", Values: []string{"api_key"}}, Value{Name: "api_key", Secret: true})
	c, err := New(svc, WithBaseURL(first.URL), WithValue("api_key", "key-Rr5"))
	require.NoError(t, err)
	err = c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/start"}, nil)
	assert.ErrorIs(t, err, ErrRedirectRefused)
	assert.Contains(t, err.Error(), "localhost")
	assert.Zero(t, second.hits.Load(), "the foreign host saw nothing")
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 1, e.Attempts, "a refused redirect is not retried")
}

func TestOpenRedirectFollowedWithoutReferer(t *testing.T) {
	first, second := redirectPair(t)
	c := newOpen(t, first.URL)
	require.NoError(t, c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/start", Query: []string{"q", "1"}}, &okResult{}))
	require.Equal(t, int32(1), second.hits.Load())
	r, _ := second.last()
	assert.Equal(t, "/landed", r.URL.Path)
	assert.Empty(t, r.Header.Get("Referer"))
}

func TestCredentialedRedirectSameHostFollowed(t *testing.T) {
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/start" {
			http.Redirect(w, r, "/next", http.StatusTemporaryRedirect)
			return
		}
		w.Write([]byte(`{"ok":true}`))
	})
	svc := testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, Value{Name: "api_key", Secret: true})
	c, err := New(svc, WithBaseURL(rec.URL), WithValue("api_key", "k-Tt3"))
	require.NoError(t, err)
	require.NoError(t, c.Do(context.Background(), &Request{Op: "X", Method: "GET", Path: "/start"}, &okResult{}))
	r, _ := rec.last()
	assert.Equal(t, "/next", r.URL.Path)
	assert.Empty(t, r.Header.Get("Referer"))
}
