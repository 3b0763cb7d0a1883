package banklink_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// unknownKey is the key endpoint's answer for an id it never issued.
var unknownKey = testkit.Reply{Status: http.StatusBadRequest,
	Body: `{"display_message":null,"error_code":"INVALID_WEBHOOK_VERIFICATION_KEY_ID","error_message":"invalid key_id provided","error_type":"INVALID_INPUT","request_id":"r"}`}

const forgedKid = "0d4c1a52-7a5e-4b1e-9d1f-3f0c2b7a9e11"

// An id the service knows no key by is a forgery to answer 401, not the
// key call's own 400, and 200 forged webhooks naming it make one fetch.
func TestVerifyWebhookRemembersAnUnknownKeyID(t *testing.T) {
	forger := newKey(t)
	srv := testkit.Start(t, unknownKey)
	c := newLocal(t, srv)
	h := sign(t, forger, es256Head(forgedKid), time.Now(), hookBody)
	for range 200 {
		ev, err := c.VerifyWebhook(context.Background(), hookBody, h)
		assert.Nil(t, ev)
		require.ErrorIs(t, err, banklink.ErrUnverifiedWebhook)
		var ce *conduit.Error
		assert.False(t, errors.As(err, &ce), "an unknown key id is not the key service failing: %v", err)
		assert.NotContains(t, err.Error(), secret)
	}
	assert.Equal(t, 1, srv.Hits(), "one fetch for 200 webhooks naming one unknown id")
}

// A key id longer than the service's (UUIDs, 36 characters) is refused
// before anything is sent: a 1 MB kid was a 1 MB request.
func TestVerifyWebhookRefusesAnOverlongKeyID(t *testing.T) {
	forger := newKey(t)
	srv := testkit.Start(t, unknownKey)
	c := newLocal(t, srv)
	for _, id := range []string{forgedKid + "0", strings.Repeat("a", 1<<20)} {
		_, err := c.VerifyWebhook(context.Background(), hookBody, sign(t, forger, es256Head(id), time.Now(), hookBody))
		require.ErrorIs(t, err, banklink.ErrUnverifiedWebhook)
		assert.Less(t, len(err.Error()), 300, "the error does not carry the id whole")
		_, err = c.WebhookVerificationKey(context.Background(), id)
		testkit.InvalidParam(t, err, "key_id")
	}
	assert.Zero(t, srv.Hits())
}

// A key service that cannot answer is the call's *Error, every time: the
// handler answers 5xx and the service posts the webhook again, and the
// next one asks again rather than being refused from a cache.
func TestVerifyWebhookDoesNotRememberAKeyServiceThatIsDown(t *testing.T) {
	key := newKey(t)
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusServiceUnavailable, Body: `{"error_type":"API_ERROR","error_code":"INTERNAL_SERVER_ERROR","error_message":"an unexpected error occurred","request_id":"r"}`},
		testkit.Reply{Status: http.StatusServiceUnavailable}, testkit.Reply{Status: http.StatusServiceUnavailable},
		testkit.Reply{Body: jwk(&key.PublicKey, kid, "null")})
	c := newLocal(t, srv, conduit.WithMaxRetries(0))
	h := sign(t, key, es256Head(kid), time.Now(), hookBody)
	for range 3 {
		_, err := c.VerifyWebhook(context.Background(), hookBody, h)
		var ce *conduit.Error
		require.ErrorAs(t, err, &ce)
		assert.Equal(t, http.StatusServiceUnavailable, ce.StatusCode)
		assert.NotErrorIs(t, err, banklink.ErrUnverifiedWebhook)
	}
	_, err := c.VerifyWebhook(context.Background(), hookBody, h)
	require.NoError(t, err, "the key is fetched once the service is back")
	assert.Equal(t, 4, srv.Hits())
}

// Webhooks naming one id while its key is being fetched wait for that
// fetch: 50 at once make one request.
func TestVerifyWebhookSharesOneFetchPerKeyID(t *testing.T) {
	key := newKey(t)
	release, second := make(chan struct{}), make(chan struct{})
	var hits atomic.Int32
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 2 {
			close(second) // a fetch beside the first: let both answer
		}
		select {
		case <-release:
		case <-second:
		}
		testkit.Reply{Body: jwk(&key.PublicKey, kid, "null")}.ServeHTTP(w, r)
	}))
	c := newLocal(t, srv)
	joined := make(chan struct{}, 64)
	banklink.OnKeyWait(c, func() { joined <- struct{}{} })
	h := sign(t, key, es256Head(kid), time.Now(), hookBody)
	const n = 50
	errs := make(chan error, n)
	for range n {
		go func() {
			_, err := c.VerifyWebhook(context.Background(), hookBody, h)
			errs <- err
		}()
	}
	for range n - 1 {
		select {
		case <-joined:
		case <-second:
			t.Fatal("a second fetch of the key id while the first was under way")
		}
	}
	close(release)
	for range n {
		assert.NoError(t, <-errs)
	}
	assert.Equal(t, 1, srv.Hits())
}

// A webhook waiting on a fetch whose own caller gave up fetches under its
// own context instead of failing with the other's cancellation.
func TestVerifyWebhookOutlivesAnotherCallersCancel(t *testing.T) {
	key := newKey(t)
	first := make(chan struct{})
	var hits atomic.Int32
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			close(first)
			<-r.Context().Done()
			return
		}
		testkit.Reply{Body: jwk(&key.PublicKey, kid, "null")}.ServeHTTP(w, r)
	}))
	c := newLocal(t, srv)
	joined := make(chan struct{}, 1)
	banklink.OnKeyWait(c, func() { joined <- struct{}{} })
	h := sign(t, key, es256Head(kid), time.Now(), hookBody)
	ctx, cancel := context.WithCancel(context.Background())
	leader := make(chan error, 1)
	go func() {
		_, err := c.VerifyWebhook(ctx, hookBody, h)
		leader <- err
	}()
	<-first
	follower := make(chan error, 1)
	go func() {
		_, err := c.VerifyWebhook(context.Background(), hookBody, h)
		follower <- err
	}()
	<-joined
	cancel()
	assert.ErrorIs(t, <-leader, context.Canceled)
	assert.NoError(t, <-follower)
	assert.Equal(t, int32(2), hits.Load())
}

// An unknown id is remembered for UnknownKeyTTL, then asked for again.
func TestVerifyWebhookForgetsAnUnknownKeyIDAfterItsTTL(t *testing.T) {
	forger := newKey(t)
	srv := testkit.Start(t, unknownKey)
	c := newLocal(t, srv)
	now := time.Now()
	banklink.SetKeyClock(c, func() time.Time { return now })
	h := sign(t, forger, es256Head(forgedKid), time.Now(), hookBody)
	verify := func() {
		_, err := c.VerifyWebhook(context.Background(), hookBody, h)
		require.ErrorIs(t, err, banklink.ErrUnverifiedWebhook)
	}
	verify()
	now = now.Add(banklink.UnknownKeyTTL - time.Second)
	verify()
	assert.Equal(t, 1, srv.Hits(), "still remembered")
	now = now.Add(2 * time.Second)
	verify()
	assert.Equal(t, 2, srv.Hits(), "asked again once the TTL is over")
}

// Forged ids, each unknown, fill at most a bounded memory, and do not push
// out the service's real key.
func TestVerifyWebhookBoundsTheUnknownKeyIDs(t *testing.T) {
	key, forger := newKey(t), newKey(t)
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			KeyID string `json:"key_id"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err == nil && body.KeyID == kid {
			testkit.Reply{Body: jwk(&key.PublicKey, kid, "null")}.ServeHTTP(w, r)
			return
		}
		unknownKey.ServeHTTP(w, r)
	}))
	c := newLocal(t, srv)
	genuine := sign(t, key, es256Head(kid), time.Now(), hookBody)
	_, err := c.VerifyWebhook(context.Background(), hookBody, genuine)
	require.NoError(t, err)
	for i := range 1100 {
		id := fmt.Sprintf("%08x-0000-4000-8000-000000000000", i)
		_, err := c.VerifyWebhook(context.Background(), hookBody, sign(t, forger, es256Head(id), time.Now(), hookBody))
		require.ErrorIs(t, err, banklink.ErrUnverifiedWebhook)
		assert.LessOrEqual(t, banklink.UnknownKeyIDs(c), 1024)
	}
	_, err = c.VerifyWebhook(context.Background(), hookBody, genuine)
	require.NoError(t, err)
	assert.Equal(t, 1101, srv.Hits(), "the real key stayed cached")
}
