package transport

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
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
	svc := testService(Auth{Scheme: Header, Name: "x-api-key", Values: []string{"api_key"}}, apiKey)
	c := newClient(t, svc, conduit.WithBaseURL(first.URL), svc.Set("api_key", "key-Rr5"))
	err := send(bg, c, get("/start"), Call{})
	assert.ErrorIs(t, err, conduit.ErrRedirectRefused)
	assert.Contains(t, err.Error(), "localhost")
	assert.Zero(t, second.hits.Load(), "the foreign host saw nothing")
	assert.Equal(t, 1, asError(t, err).Attempts, "a refused redirect is not retried")
}

func TestOpenRedirectFollowedWithoutReferer(t *testing.T) {
	first, second := redirectPair(t)
	c := newOpen(t, first.URL)
	require.NoError(t, into(bg, c, get("/start"), Call{Query: []string{"q", "1"}}, &okResult{}))
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
	svc := testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, apiKey)
	c := newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("api_key", "k-Tt3"))
	require.NoError(t, into(bg, c, get("/start"), Call{}, &okResult{}))
	r, _ := rec.last()
	assert.Equal(t, "/next", r.URL.Path)
	assert.Equal(t, "Bearer k-Tt3", r.Header.Get("Authorization"))
	assert.Empty(t, r.Header.Get("Referer"))
}
