package transport

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/limits"
)

func headers(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Set(kv[i], kv[i+1])
	}
	return h
}

// wantBudget asserts one Budget, its reset to the second.
func wantBudget(t *testing.T, name string, b conduit.Budget, limit, remaining int64, reset time.Duration) {
	t.Helper()
	assert.Equal(t, limit, b.Limit, "%s limit", name)
	assert.Equal(t, remaining, b.Remaining, "%s remaining", name)
	assert.InDelta(t, reset.Seconds(), b.Reset.Seconds(), 1.01, "%s reset", name)
}

// The budget headers of each family services use read into one value.
func TestRateLimitHeaderFamilies(t *testing.T) {
	now := time.Now()
	epoch := func(d time.Duration) string { return strconv.FormatInt(now.Add(d).Unix(), 10) }
	p := &Profile{}

	// Discord: per-route buckets; the precise Reset-After wins over the epoch.
	rl := p.rateLimit(headers("X-RateLimit-Limit", "5", "X-RateLimit-Remaining", "1",
		"X-RateLimit-Reset", epoch(time.Hour), "X-RateLimit-Reset-After", "1.25",
		"X-RateLimit-Bucket", "abcd1234", "X-RateLimit-Scope", "user", "X-RateLimit-Global", "true"))
	require.NotNil(t, rl)
	wantBudget(t, "discord", rl.Requests, 5, 1, 1250*time.Millisecond)
	assert.Equal(t, "abcd1234", rl.Bucket)
	assert.Equal(t, "user", rl.Scope)
	assert.True(t, rl.Global)
	assert.False(t, rl.Tokens.Known())

	// OpenAI-compatible (Groq): requests and tokens, resets as Go durations.
	rl = p.rateLimit(headers("x-ratelimit-limit-requests", "14400", "x-ratelimit-remaining-requests", "14370",
		"x-ratelimit-reset-requests", "2m59.56s", "x-ratelimit-limit-tokens", "18000",
		"x-ratelimit-remaining-tokens", "17997", "x-ratelimit-reset-tokens", "7.66s"))
	require.NotNil(t, rl)
	wantBudget(t, "openai requests", rl.Requests, 14400, 14370, 179560*time.Millisecond)
	wantBudget(t, "openai tokens", rl.Tokens, 18000, 17997, 7660*time.Millisecond)

	// IETF, the draft with one field per value.
	rl = p.rateLimit(headers("RateLimit-Limit", "100", "RateLimit-Remaining", "50", "RateLimit-Reset", "30"))
	require.NotNil(t, rl)
	wantBudget(t, "ietf fields", rl.Requests, 100, 50, 30*time.Second)

	// IETF, the older combined field.
	rl = p.rateLimit(headers("RateLimit", "limit=100, remaining=49, reset=29"))
	require.NotNil(t, rl)
	wantBudget(t, "ietf combined", rl.Requests, 100, 49, 29*time.Second)

	// IETF, the newer structured fields: the quota comes from the policy.
	rl = p.rateLimit(headers("RateLimit", `"default";r=48;t=28`, "RateLimit-Policy", `"default";q=100;w=60`))
	require.NotNil(t, rl)
	wantBudget(t, "ietf structured", rl.Requests, 100, 48, 28*time.Second)

	// Cloudinary: the reset is an HTTP date.
	rl = p.rateLimit(headers("X-FeatureRateLimit-Limit", "500", "X-FeatureRateLimit-Remaining", "499",
		"X-FeatureRateLimit-Reset", now.Add(10*time.Minute).UTC().Format(http.TimeFormat)))
	require.NotNil(t, rl)
	wantBudget(t, "cloudinary", rl.Requests, 500, 499, 10*time.Minute)

	// GitHub style: the reset is an epoch, told from seconds by its size.
	rl = p.rateLimit(headers("X-RateLimit-Limit", "5000", "X-RateLimit-Remaining", "4999", "X-RateLimit-Reset", epoch(time.Hour)))
	require.NotNil(t, rl)
	wantBudget(t, "github", rl.Requests, 5000, 4999, time.Hour)
	rl = (&Profile{ResetUnit: limits.EpochSeconds}).rateLimit(headers("X-RateLimit-Reset", epoch(20*time.Second)))
	require.NotNil(t, rl)
	wantBudget(t, "declared epoch", rl.Requests, -1, -1, 20*time.Second)

	assert.Nil(t, p.rateLimit(headers("Content-Type", "application/json")), "no budget reported")
	rl = p.rateLimit(headers("X-RateLimit-Remaining", "nope", "RateLimit-Limit", "-5", "X-RateLimit-Limit", "7"))
	require.NotNil(t, rl)
	wantBudget(t, "malformed values are unknown", rl.Requests, 7, -1, 0)
}

// The budget reaches the caller on success (WithResponse) and on failure
// (Error.RateLimit).
func TestRateLimitOnAnswers(t *testing.T) {
	h, _ := failThen(1, 429, map[string]string{"X-RateLimit-Limit": "10", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "0.01"}, "")
	rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-RateLimit-Limit", "10")
		w.Header().Set("X-RateLimit-Remaining", "9")
		h(w, r)
	})
	c := newOpen(t, rec.URL)
	var resp conduit.Response
	require.NoError(t, into(bg, c, get("/"), Call{}, &okResult{}, conduit.WithResponse(&resp)))
	require.NotNil(t, resp.RateLimit)
	assert.Equal(t, int64(9), resp.RateLimit.Requests.Remaining, "the budget of the answer that succeeded")
	assert.Equal(t, 2, resp.Attempts, "after waiting the 429's reset")

	e := failWith(t, Profile{}, answer{status: 429, header: map[string]string{"X-RateLimit-Limit": "10", "X-RateLimit-Remaining": "0"}, body: `{}`})
	require.NotNil(t, e.RateLimit)
	assert.Equal(t, int64(0), e.RateLimit.Requests.Remaining)
}
