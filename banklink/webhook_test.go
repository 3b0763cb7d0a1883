package banklink_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const kid = "6c5516e1-92dc-479e-a8ff-5a51992e0001"

var b64 = base64.RawURLEncoding

// The transactions webhook as the service documents it.
var hookBody = []byte(`{"webhook_type":"TRANSACTIONS","webhook_code":"SYNC_UPDATES_AVAILABLE","item_id":"wz666MBjYWTp2PDzzggYhM6oWWmBb","initial_update_complete":true,"historical_update_complete":false,"environment":"production"}`)

// jwk is the key endpoint's answer for pub, written here rather than by
// the code under test.
func jwk(pub *ecdsa.PublicKey, id string, expiredAt string) string {
	b, err := pub.Bytes()
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf(`{"key":{"alg":"ES256","created_at":1560466150,"crv":"P-256","expired_at":%s,"kid":%q,"kty":"EC","use":"sig","x":%q,"y":%q},"request_id":"r"}`,
		expiredAt, id, b64.EncodeToString(b[1:33]), b64.EncodeToString(b[33:]))
}

// sign makes a Plaid-Verification header with the standard library alone:
// header and claims as the service writes them, ES256 as RFC 7518 defines
// it (r and s, 32 bytes each).
func sign(t *testing.T, key *ecdsa.PrivateKey, head string, iat time.Time, body []byte) http.Header {
	t.Helper()
	return signIAT(t, key, head, strconv.FormatInt(iat.Unix(), 10), body)
}

// signIAT signs claims whose iat is written as given, any int64 or none.
func signIAT(t *testing.T, key *ecdsa.PrivateKey, head, iat string, body []byte) http.Header {
	t.Helper()
	sum := sha256.Sum256(body)
	claims := fmt.Sprintf(`{"iat":%s,"request_body_sha256":%q}`, iat, hex.EncodeToString(sum[:]))
	input := b64.EncodeToString([]byte(head)) + "." + b64.EncodeToString([]byte(claims))
	digest := sha256.Sum256([]byte(input))
	r, s, err := ecdsa.Sign(rand.Reader, key, digest[:])
	require.NoError(t, err)
	sig := make([]byte, 64)
	r.FillBytes(sig[:32])
	s.FillBytes(sig[32:])
	h := http.Header{}
	h.Set("plaid-verification", input+"."+b64.EncodeToString(sig)) // any case, as HTTP/2 sends it
	return h
}

func es256Head(id string) string { return fmt.Sprintf(`{"alg":"ES256","kid":%q,"typ":"JWT"}`, id) }

func newKey(t *testing.T) *ecdsa.PrivateKey {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	return k
}

func TestVerifyWebhookAcceptsTheServicesSignature(t *testing.T) {
	key := newKey(t)
	srv := testkit.Start(t, testkit.Reply{Body: jwk(&key.PublicKey, kid, "null")})
	c := newLocal(t, srv)
	ctx := context.Background()
	ev, err := c.VerifyWebhook(ctx, hookBody, sign(t, key, es256Head(kid), time.Now(), hookBody))
	require.NoError(t, err)
	assert.Equal(t, banklink.WebhookTransactions, ev.WebhookType)
	assert.Equal(t, banklink.SyncUpdatesAvailable, ev.WebhookCode)
	assert.Equal(t, "wz666MBjYWTp2PDzzggYhM6oWWmBb", ev.ItemID)
	assert.True(t, ev.InitialUpdateComplete)
	assert.False(t, ev.HistoricalUpdateComplete)
	assert.Equal(t, "production", ev.Environment)
	assert.Equal(t, string(hookBody), string(ev.RawJSON()))
	assert.Equal(t, map[string]any{"client_id": clientID, "secret": secret, "key_id": kid}, srv.Last(t).JSON(t))

	_, err = c.VerifyWebhook(ctx, hookBody, sign(t, key, es256Head(kid), time.Now().Add(-4*time.Minute), hookBody))
	require.NoError(t, err, "four minutes old is within the five the service allows")
	_, err = c.VerifyWebhook(ctx, hookBody, sign(t, key, es256Head(kid), time.Now().Add(4*time.Minute), hookBody))
	require.NoError(t, err, "four minutes ahead is within the clock skew allowed")
	assert.Equal(t, 1, srv.Hits(), "the key is cached by key id")
}

func TestVerifyWebhookTypesTheItemFamily(t *testing.T) {
	key := newKey(t)
	srv := testkit.Start(t, testkit.Reply{Body: jwk(&key.PublicKey, kid, "null")})
	body := []byte(`{"environment":"production","error":{"display_message":"The user's OAuth connection to this institution has been invalidated.","error_code":"ITEM_LOGIN_REQUIRED","error_message":"the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state","error_type":"ITEM_ERROR","status":400},"item_id":"wz666MBjYWTp2PDzzggYhM6oWWmBb","webhook_code":"ERROR","webhook_type":"ITEM"}`)
	ev, err := newLocal(t, srv).VerifyWebhook(context.Background(), body, sign(t, key, es256Head(kid), time.Now(), body))
	require.NoError(t, err)
	assert.Equal(t, banklink.WebhookItem, ev.WebhookType)
	assert.Equal(t, banklink.ItemErrorCode, ev.WebhookCode)
	require.NotNil(t, ev.Error)
	assert.Equal(t, "ITEM_LOGIN_REQUIRED", ev.Error.ErrorCode)
	assert.Equal(t, "ITEM_ERROR", ev.Error.ErrorType)
}

// Every way a webhook can fail to be the service's is refused, as an
// error matching ErrUnverifiedWebhook.
func TestVerifyWebhookRefuses(t *testing.T) {
	key, other := newKey(t), newKey(t)
	now := time.Now()
	hs256 := func() http.Header {
		input := b64.EncodeToString([]byte(`{"alg":"HS256","kid":"`+kid+`","typ":"JWT"}`)) + "." + b64.EncodeToString([]byte(fmt.Sprintf(`{"iat":%d}`, now.Unix())))
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write([]byte(input))
		h := http.Header{}
		h.Set("Plaid-Verification", input+"."+b64.EncodeToString(mac.Sum(nil)))
		return h
	}
	cases := []struct {
		name    string
		keyBody string // the key endpoint's answer; "" when it must not be asked
		header  http.Header
		body    []byte
	}{
		{"a tampered body", jwk(&key.PublicKey, kid, "null"), sign(t, key, es256Head(kid), now, hookBody), []byte(strings.Replace(string(hookBody), "true", "false", 1))},
		{"a signature by another key", jwk(&key.PublicKey, kid, "null"), sign(t, other, es256Head(kid), now, hookBody), hookBody},
		{"a stale issued-at", jwk(&key.PublicKey, kid, "null"), sign(t, key, es256Head(kid), now.Add(-6*time.Minute), hookBody), hookBody},
		{"an issued-at a year ahead", jwk(&key.PublicKey, kid, "null"), sign(t, key, es256Head(kid), now.AddDate(1, 0, 0), hookBody), hookBody},
		{"an issued-at six minutes ahead", jwk(&key.PublicKey, kid, "null"), sign(t, key, es256Head(kid), now.Add(6*time.Minute), hookBody), hookBody},
		{"an issued-at 2^62 s ahead", jwk(&key.PublicKey, kid, "null"), signIAT(t, key, es256Head(kid), "4611686018427387904", hookBody), hookBody},
		{"an issued-at at the end of int64", jwk(&key.PublicKey, kid, "null"), signIAT(t, key, es256Head(kid), "9223372036854775807", hookBody), hookBody},
		{"an issued-at at the start of int64", jwk(&key.PublicKey, kid, "null"), signIAT(t, key, es256Head(kid), "-9223372036854775808", hookBody), hookBody},
		{"an issued-at past int64", jwk(&key.PublicKey, kid, "null"), signIAT(t, key, es256Head(kid), "99999999999999999999", hookBody), hookBody},
		{"no issued-at", jwk(&key.PublicKey, kid, "null"), signIAT(t, key, es256Head(kid), "null", hookBody), hookBody},
		{"HS256", "", hs256(), hookBody},
		{"alg none", "", sign(t, key, `{"alg":"none","kid":"`+kid+`"}`, now, hookBody), hookBody},
		{"ES384 claimed", "", sign(t, key, `{"alg":"ES384","kid":"`+kid+`"}`, now, hookBody), hookBody},
		{"an expired key", jwk(&key.PublicKey, kid, "1700000000"), sign(t, key, es256Head(kid), now, hookBody), hookBody},
		{"a key for another id", jwk(&key.PublicKey, "other-kid", "null"), sign(t, key, es256Head(kid), now, hookBody), hookBody},
		{"no kid", "", sign(t, key, `{"alg":"ES256"}`, now, hookBody), hookBody},
		{"no header", "", http.Header{}, hookBody},
		{"not a JWT", "", http.Header{"Plaid-Verification": {"abc.def"}}, hookBody},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Body: tc.keyBody})
			ev, err := newLocal(t, srv).VerifyWebhook(context.Background(), tc.body, tc.header)
			assert.Nil(t, ev)
			require.ErrorIs(t, err, banklink.ErrUnverifiedWebhook)
			if tc.keyBody == "" {
				assert.Zero(t, srv.Hits(), "refused before any key is fetched")
			}
			assert.NotContains(t, err.Error(), secret)
		})
	}
}

// A key that cannot be fetched is the call's own error, not a forgery:
// the handler answers 5xx and the service posts the webhook again.
func TestVerifyWebhookKeyFetchFailure(t *testing.T) {
	key := newKey(t)
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusBadRequest,
		Body: `{"error_type":"INVALID_API_KEYS","error_code":"INVALID_API_KEYS","error_message":"invalid client_id or secret provided","request_id":"r"}`})
	_, err := newLocal(t, srv).VerifyWebhook(context.Background(), hookBody, sign(t, key, es256Head(kid), time.Now(), hookBody))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrUnauthorized, Op: "WebhookVerificationKey", Status: http.StatusBadRequest, Code: "INVALID_API_KEYS"})
	assert.NotErrorIs(t, err, banklink.ErrUnverifiedWebhook)
}
