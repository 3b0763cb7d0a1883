package transport

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/limits"
)

// A service whose answers advertise its limit (AniList's X-RateLimit-Limit,
// the IETF RateLimit-Policy) retunes the shared limiter to it, down and up,
// counted over the window the service documents; a value that is no limit
// (0, negative, not a number) is ignored and an enormous one is clamped.
func TestLimiterFollowsTheAdvertisedLimit(t *testing.T) {
	var advert atomic.Value
	srv := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		for k, v := range advert.Load().(http.Header) {
			w.Header()[k] = v
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"id":1}`))
	})
	svc := testService(Auth{})
	svc.Name = "tunedsvc-" + t.Name()
	svc.Limit = limits.Limit{N: 90, Per: time.Minute, Advertised: true}
	c := newClient(t, svc, conduit.WithBaseURL(srv.URL))
	other := newClient(t, svc, conduit.WithBaseURL(srv.URL))
	tl, ok := c.limiter.(*limits.Tuner)
	require.True(t, ok, "the published limit is a tuned one")
	assert.Same(t, c.limiter, other.limiter, "shared by the clients of the process")
	assert.Equal(t, 90, tl.Current())

	for _, step := range []struct {
		header http.Header
		want   int
	}{
		{http.Header{"X-Ratelimit-Limit": {"30"}, "X-Ratelimit-Remaining": {"29"}}, 30}, // the degraded state
		{http.Header{"X-Ratelimit-Limit": {"0"}}, 30},
		{http.Header{"X-Ratelimit-Limit": {"-5"}}, 30},
		{http.Header{"X-Ratelimit-Limit": {"lots"}}, 30},
		{http.Header{}, 30},
		{http.Header{"X-Ratelimit-Limit": {"90"}}, 90}, // restored
		{http.Header{"Ratelimit-Policy": {`"default";q=60;w=60`}}, 60},
		{http.Header{"X-Ratelimit-Limit": {"9223372036854775807"}}, 900}, // clamped to ten times the published
	} {
		advert.Store(step.header)
		var it item
		require.NoError(t, into(bg, c, get("/rates"), Call{}, &it))
		assert.Equal(t, step.want, tl.Current(), "after %v", step.header)
	}

	// The pacing follows: at 30 a minute the next request waits two
	// seconds, which a deadline of one refuses at once.
	advert.Store(http.Header{"X-Ratelimit-Limit": {"30"}})
	var it item
	require.NoError(t, into(bg, c, get("/rates"), Call{}, &it))
	ctx, cancel := context.WithTimeout(bg, time.Second)
	defer cancel()
	require.NoError(t, tl.Wait(ctx, "pace.example"))
	err := tl.Wait(ctx, "pace.example")
	assert.True(t, errors.Is(err, context.DeadlineExceeded), "the wait of 30 a minute: %v", err)
}

// A client's own limit is the caller's and stays as set, and a service
// that does not say its answers advertise its limit keeps the published one.
func TestLimiterIgnoresAdvertsWhereNotAsked(t *testing.T) {
	srv := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-RateLimit-Limit", "1")
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"id":1}`))
	})
	svc := testService(Auth{})
	svc.Name = "untuned-" + t.Name()
	svc.Limit = limits.Limit{N: 1000, Per: time.Minute}
	c := newClient(t, svc, conduit.WithBaseURL(srv.URL))
	_, tuned := c.limiter.(*limits.Tuner)
	assert.False(t, tuned)
	svc.Limit.Advertised = true
	own := newClient(t, svc, conduit.WithBaseURL(srv.URL), conduit.WithRateLimit(1000, time.Minute))
	_, tuned = own.limiter.(*limits.Tuner)
	assert.False(t, tuned, "the caller's limit")
}
