package chat_test

import (
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/chat"
)

// signed is an interaction request signed in the test with the standard
// library alone, as the platform signs one: Ed25519 over the timestamp
// followed by the body.
type signed struct {
	pub       ed25519.PublicKey
	sig, ts   string
	body      []byte
	otherPriv ed25519.PrivateKey
}

const commandBody = `{"id":"1180000000000009001","application_id":"1180000000000000042","type":2,"token":"ct-interaction-token-Qw9","version":1,"channel_id":"1180000000000000101","data":{"id":"1180000000000000900","name":"deploy","type":1}}`

func sign(t *testing.T, body string, at time.Time) signed {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	_, other, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	ts := strconv.FormatInt(at.Unix(), 10)
	sig := ed25519.Sign(priv, []byte(ts+body))
	return signed{pub: pub, sig: hex.EncodeToString(sig), ts: ts, body: []byte(body), otherPriv: other}
}

func TestVerifyInteractionAcceptsThePlatformsSignature(t *testing.T) {
	s := sign(t, commandBody, time.Now())
	assert.NoError(t, chat.VerifyInteraction(s.pub, s.sig, s.ts, s.body))
	key, err := chat.ParsePublicKey(hex.EncodeToString(s.pub))
	require.NoError(t, err)
	assert.NoError(t, chat.VerifyInteraction(key, s.sig, s.ts, s.body), "the key as the settings page shows it")
}

func TestVerifyInteractionRefuses(t *testing.T) {
	s := sign(t, commandBody, time.Now())
	wrongKey := s.otherPriv.Public().(ed25519.PublicKey)
	stale := sign(t, commandBody, time.Now().Add(-10*time.Minute))
	future := sign(t, commandBody, time.Now().Add(10*time.Minute))
	mac := hmac.New(sha256.New, s.pub)
	mac.Write([]byte(s.ts + commandBody))
	hmacSig := hex.EncodeToString(mac.Sum(nil))
	otherSig := hex.EncodeToString(ed25519.Sign(s.otherPriv, []byte(s.ts+commandBody)))

	for _, tc := range []struct {
		name      string
		key       ed25519.PublicKey
		sig, ts   string
		body      string
		stale     bool
		wantInMsg string
	}{
		{name: "tampered body", key: s.pub, sig: s.sig, ts: s.ts, body: strings.Replace(commandBody, "deploy", "destroy", 1), wantInMsg: "does not match"},
		{name: "body with a byte added", key: s.pub, sig: s.sig, ts: s.ts, body: commandBody + " ", wantInMsg: "does not match"},
		{name: "another timestamp", key: s.pub, sig: s.sig, ts: strconv.FormatInt(time.Now().Unix()+1, 10), body: commandBody, wantInMsg: "does not match"},
		{name: "wrong key", key: wrongKey, sig: s.sig, ts: s.ts, body: commandBody, wantInMsg: "does not match"},
		{name: "signed by another key", key: s.pub, sig: otherSig, ts: s.ts, body: commandBody, wantInMsg: "does not match"},
		{name: "stale timestamp", key: stale.pub, sig: stale.sig, ts: stale.ts, body: commandBody, stale: true},
		{name: "timestamp from the future", key: future.pub, sig: future.sig, ts: future.ts, body: commandBody, stale: true},
		{name: "wrong algorithm: an HMAC-SHA256 signature", key: s.pub, sig: hmacSig, ts: s.ts, body: commandBody, wantInMsg: "Ed25519 signature"},
		{name: "wrong algorithm: a P-256 sized key", key: make(ed25519.PublicKey, 65), sig: s.sig, ts: s.ts, body: commandBody, wantInMsg: "not an Ed25519 key"},
		{name: "signature not hex", key: s.pub, sig: "zz" + s.sig[2:], ts: s.ts, body: commandBody, wantInMsg: "hexadecimal"},
		{name: "no signature", key: s.pub, ts: s.ts, body: commandBody, wantInMsg: "hexadecimal"},
		{name: "timestamp not a number", key: s.pub, sig: s.sig, ts: "2024-06-21T09:15:02Z", body: commandBody, wantInMsg: "Unix seconds"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := chat.VerifyInteraction(tc.key, tc.sig, tc.ts, []byte(tc.body))
			require.ErrorIs(t, err, chat.ErrUnverified)
			if tc.stale {
				assert.ErrorIs(t, err, chat.ErrStaleInteraction)
				return
			}
			assert.NotErrorIs(t, err, chat.ErrStaleInteraction)
			assert.Contains(t, err.Error(), tc.wantInMsg)
		})
	}
}

// A correctly signed timestamp at any extreme of int64 is stale, on
// either side: the distance to it is clamped, never wrapped.
func TestVerifyInteractionRefusesExtremeTimestamps(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	for _, ts := range []string{"4611686018427387904", "-4611686018427387904", "9223372036854775807", "-9223372036854775808", "253402300800", "-62135596801"} {
		sig := hex.EncodeToString(ed25519.Sign(priv, []byte(ts+commandBody)))
		assert.ErrorIs(t, chat.VerifyInteraction(pub, sig, ts, []byte(commandBody)), chat.ErrStaleInteraction, ts)
	}
}

func TestParsePublicKeyRefusesOtherSizes(t *testing.T) {
	for _, k := range []string{"", "abcd", strings.Repeat("ab", 33), strings.Repeat("zz", 32)} {
		_, err := chat.ParsePublicKey(k)
		assert.Error(t, err, "%q", k)
	}
}

func post(t *testing.T, h http.Handler, s signed) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, "/interactions", strings.NewReader(string(s.body)))
	r.Header.Set("X-Signature-Ed25519", s.sig)
	r.Header.Set("X-Signature-Timestamp", s.ts)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestInteractionHandlerAnswersPingWithPong(t *testing.T) {
	s := sign(t, `{"id":"1180000000000009000","application_id":"1180000000000000042","type":1,"token":"ct-ping-token","version":1}`, time.Now())
	called := false
	w := post(t, chat.InteractionHandler(s.pub, func(http.ResponseWriter, *http.Request, *chat.Interaction) { called = true }), s)
	assert.Equal(t, http.StatusOK, w.Code)
	assert.JSONEq(t, `{"type":1}`, w.Body.String())
	assert.Equal(t, "application/json", w.Header().Get("Content-Type"))
	assert.False(t, called, "a PING is answered by the handler itself")
}

func TestInteractionHandlerHandsOnACommand(t *testing.T) {
	s := sign(t, commandBody, time.Now())
	var got *chat.Interaction
	h := chat.InteractionHandler(s.pub, func(w http.ResponseWriter, _ *http.Request, in *chat.Interaction) {
		got = in
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"type":4,"data":{"content":"deploying"}}`)
	})
	w := post(t, h, s)
	assert.Equal(t, http.StatusOK, w.Code)
	assert.JSONEq(t, `{"type":4,"data":{"content":"deploying"}}`, w.Body.String())
	require.NotNil(t, got)
	assert.Equal(t, chat.InteractionApplicationCommand, got.Type)
	assert.Equal(t, chat.Snowflake("1180000000000009001"), got.ID)
	assert.Equal(t, chat.Snowflake("1180000000000000101"), got.ChannelID)
	assert.Equal(t, "ct-interaction-token-Qw9", got.Token())
	assert.JSONEq(t, `{"id":"1180000000000000900","name":"deploy","type":1}`, string(got.Data))
	assert.JSONEq(t, commandBody, string(got.RawJSON()))
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
		assert.NotContains(t, fmt.Sprintf(verb, got), "ct-interaction-token", "verb %s", verb)
	}
}

func TestInteractionHandlerRefusesWhatDoesNotVerify(t *testing.T) {
	s := sign(t, commandBody, time.Now())
	called := false
	h := chat.InteractionHandler(s.pub, func(http.ResponseWriter, *http.Request, *chat.Interaction) { called = true })

	tampered := s
	tampered.body = []byte(strings.Replace(commandBody, `"type":2`, `"type":1`, 1))
	assert.Equal(t, http.StatusUnauthorized, post(t, h, tampered).Code, "a tampered body")
	stale := sign(t, commandBody, time.Now().Add(-time.Hour))
	stale.pub = s.pub
	assert.Equal(t, http.StatusUnauthorized, post(t, h, stale).Code, "a replayed request")
	unsigned := s
	unsigned.sig = ""
	assert.Equal(t, http.StatusUnauthorized, post(t, h, unsigned).Code, "no signature header")

	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/interactions", nil))
	assert.Equal(t, http.StatusMethodNotAllowed, w.Code)
	notInteraction := sign(t, `{"hello":"world"}`, time.Now())
	h2 := chat.InteractionHandler(notInteraction.pub, func(http.ResponseWriter, *http.Request, *chat.Interaction) { called = true })
	assert.Equal(t, http.StatusBadRequest, post(t, h2, notInteraction).Code, "verified, but not an interaction")
	assert.False(t, called)
}
