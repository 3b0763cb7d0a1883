package chat_test

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// An exhausted bucket makes the next call on that route wait for its
// Reset-After instead of sending a request the platform would answer 429:
// no 429 reaches the server.
func TestBucketExhaustedWaitsForReset(t *testing.T) {
	var arrivals []time.Time
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrivals = append(arrivals, time.Now())
		w.Header().Set("X-RateLimit-Bucket", "abcd1234")
		w.Header().Set("X-RateLimit-Limit", "5")
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset-After", "0.4")
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(testkit.Fixture(t, "chat", "create_message.json")))
	}))
	c := testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken))
	ctx := context.Background()
	for range 2 {
		_, err := c.CreateMessage(ctx, "1180000000000000101", "hello", nil)
		require.NoError(t, err)
	}
	require.Len(t, arrivals, 2)
	assert.GreaterOrEqual(t, arrivals[1].Sub(arrivals[0]), 350*time.Millisecond, "the second waited for the bucket's reset")

	// Another channel is another bucket: it does not wait.
	start := time.Now()
	_, err := c.CreateMessage(ctx, "1180000000000000999", "hello", nil)
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 300*time.Millisecond)

	// A deadline shorter than the wait fails at once, without a request.
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	_, err = c.CreateMessage(short, "1180000000000000101", "hello", nil)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Len(t, arrivals, 3, "the refused call sent nothing")
}

// A global 429 holds every route, not only the one that hit it.
func TestGlobalRateLimitHoldsEveryRoute(t *testing.T) {
	var n atomic.Int32
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if n.Add(1) == 1 {
			w.Header().Set("X-RateLimit-Global", "true")
			w.Header().Set("X-RateLimit-Scope", "global")
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			w.Write([]byte(`{"message": "You are being rate limited.", "retry_after": 0.3, "global": true}`))
			return
		}
		w.Write([]byte(`{"id":"1180000000000000042","username":"bot"}`))
	}))
	c := testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken), conduit.WithMaxRetries(0))
	_, err := c.CurrentUser(context.Background())
	assert.ErrorIs(t, err, conduit.ErrRateLimited)
	start := time.Now()
	_, err = c.GuildChannels(context.Background(), "7")
	require.Error(t, err) // the answer is a user, not channels: what counts is the wait
	assert.GreaterOrEqual(t, time.Since(start), 800*time.Millisecond, "another route waited for the global limit")
}

// A client that keeps getting 401s stops sending before the platform would
// block its address, and says why.
func TestInvalidRequestsStopTheClient(t *testing.T) {
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		w.Write([]byte(`{"message": "401: Unauthorized", "code": 0}`))
	}))
	c := testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken), conduit.WithMaxRetries(0))
	ctx := context.Background()
	var last error
	for range 1001 {
		_, last = c.CurrentUser(ctx)
	}
	assert.Equal(t, 1000, srv.Hits(), "the 1,001st call was not sent")
	assert.ErrorIs(t, last, conduit.ErrRateLimited)
	assert.Contains(t, last.Error(), "stopped sending")
	testkit.NoSecret(t, last, testToken)
}

// Each interaction's follow-ups have their own bucket, as the platform
// keys a webhook's by its id and token: one interaction's spent bucket
// holds its next call (refused at once under a deadline shorter than the
// wait) and not another interaction's.
func TestInteractionBucketsSplitByToken(t *testing.T) {
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-RateLimit-Bucket", "f0110w")
		w.Header().Set("X-RateLimit-Limit", "5")
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset-After", "60")
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"id":"1180000000000005102","content":"ok"}`))
	}))
	c := testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL), chat.WithBotToken(testToken))
	first, second := parsed(t, "dG9rZW4tb25l"), parsed(t, "dG9rZW4tdHdv")
	msg := chat.InteractionMessage{Content: "Canary at 5%"}
	_, err := c.CreateFollowupMessage(context.Background(), first, msg)
	require.NoError(t, err)
	short, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = c.CreateFollowupMessage(short, first, msg)
	assert.ErrorIs(t, err, context.DeadlineExceeded, "the spent bucket holds the same interaction")
	_, err = c.CreateFollowupMessage(short, second, msg)
	require.NoError(t, err, "another interaction's bucket is its own")
	assert.Equal(t, 2, srv.Hits())
}
