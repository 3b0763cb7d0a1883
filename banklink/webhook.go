package banklink

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// ErrUnverifiedWebhook is what VerifyWebhook's errors match (errors.Is)
// when a webhook is not provably the service's: answer it 401 and drop it.
var ErrUnverifiedWebhook = errors.New("banklink: webhook not verified")

// VerificationHeader is the header in which the service signs every
// webhook it posts.
const VerificationHeader = "Plaid-Verification"

// maxWebhookAge is how old a signature may be: the service documents five
// minutes, which bounds how long a captured webhook can be replayed.
const maxWebhookAge = 5 * time.Minute

// MaxWebhookSkew is how far ahead of this machine's clock a webhook's iat
// may be. The service documents only the five-minute age; an iat further
// ahead than clocks drift apart is a token minted to be replayed for as
// long as it stays "recent" (a year ahead would verify for a year), so
// VerifyWebhook refuses it.
const MaxWebhookSkew = 5 * time.Minute

// keyTTL bounds how long a fetched key is trusted without asking again, so
// a key the service expires stops verifying within the hour.
const keyTTL = time.Hour

// maxCachedKeys bounds the cache; the service signs with one or two keys
// at a time, so more means rotation went on and old entries can go.
const maxCachedKeys = 16

// WebhookKey is a public key the service signs webhooks with, as a JSON
// Web Key.
type WebhookKey struct {
	raw `json:"-"`
	Alg string `json:"alg"`
	Crv string `json:"crv"`
	Kid string `json:"kid"`
	Kty string `json:"kty"`
	Use string `json:"use"`
	X   string `json:"x"`
	Y   string `json:"y"`
	// CreatedAt and ExpiredAt are Unix seconds; ExpiredAt is 0 while the
	// key is in use.
	CreatedAt int64 `json:"created_at"`
	ExpiredAt int64 `json:"expired_at"`
}

// WebhookKeyResponse is the answer of WebhookVerificationKey.
type WebhookKeyResponse struct {
	raw       `json:"-"`
	Key       WebhookKey `json:"key"`
	RequestID string     `json:"request_id"`
}

type keyBody struct {
	KeyID string `json:"key_id"`
}

// WebhookVerificationKey fetches the public key whose id (kid) a webhook's
// signature names. VerifyWebhook calls it and caches the answer; call it
// directly only to verify by other means. It only reads, so it is retried
// like a GET.
func (c *Client) WebhookVerificationKey(ctx context.Context, keyID string, opts ...Option) (*WebhookKeyResponse, error) {
	if err := checkID(webhookKeyOp.Op, "key_id", keyID); err != nil {
		return nil, err
	}
	return webhookKeyOp.Do(ctx, c.t, transport.Call{Body: keyBody{KeyID: keyID}}, opts)
}

// keyCache holds the keys VerifyWebhook fetched, by key id, so a burst of
// webhooks costs one fetch.
type keyCache struct {
	mu   sync.Mutex
	keys map[string]cachedKey
}

type cachedKey struct {
	pub     *ecdsa.PublicKey
	fetched time.Time
}

// VerifyWebhook checks that body, with its request's header, is a webhook
// the service sent, as the service documents the check, and returns it
// decoded. The Plaid-Verification header must be a JWT signed with ES256
// (any other algorithm is refused before anything is fetched) by the key
// its kid names, fetched with WebhookVerificationKey and cached by key id
// for an hour; its iat must be at most five minutes old and at most
// MaxWebhookSkew ahead of this machine's clock; and its
// request_body_sha256 must equal the SHA-256 of body, compared in constant
// time. Pass body exactly as received: re-encoded JSON does not verify.
//
// A webhook that fails the check is an error matching
// ErrUnverifiedWebhook; a key that cannot be fetched is the *Error of
// that call (answer 5xx, and the service posts the webhook again).
func (c *Client) VerifyWebhook(ctx context.Context, body []byte, header http.Header, opts ...Option) (*WebhookEvent, error) {
	if ctx == nil {
		return nil, webhookKeyOp.Invalid("ctx", "nil context")
	}
	values := header.Values(VerificationHeader)
	if len(values) != 1 {
		return nil, unverified("want one %s header, got %d", VerificationHeader, len(values))
	}
	tok, err := parseJWT(strings.TrimSpace(values[0]))
	if err != nil {
		return nil, err
	}
	pub, err := c.webhookKey(ctx, tok.kid, opts)
	if err != nil {
		return nil, err
	}
	if err := tok.verify(pub, body, time.Now()); err != nil {
		return nil, err
	}
	var ev WebhookEvent
	// The event's RawJSON is a slice of what it decodes: a copy, so the
	// caller may reuse its buffer.
	if err := conduit.Unmarshal(bytes.Clone(body), &ev); err != nil {
		return nil, unverified("the signed body is not a JSON webhook: %v", err)
	}
	return &ev, nil
}

// webhookKey returns the public key kid names, from the cache while it is
// fresh, else fetched.
func (c *Client) webhookKey(ctx context.Context, kid string, opts []Option) (*ecdsa.PublicKey, error) {
	now := time.Now()
	c.keys.mu.Lock()
	k, ok := c.keys.keys[kid]
	c.keys.mu.Unlock()
	if ok && now.Sub(k.fetched) < keyTTL {
		return k.pub, nil
	}
	res, err := c.WebhookVerificationKey(ctx, kid, opts...)
	if err != nil {
		return nil, err
	}
	pub, err := publicKey(res.Key, kid)
	if err != nil {
		return nil, err
	}
	c.keys.mu.Lock()
	defer c.keys.mu.Unlock()
	if c.keys.keys == nil || len(c.keys.keys) >= maxCachedKeys {
		c.keys.keys = map[string]cachedKey{}
	}
	c.keys.keys[kid] = cachedKey{pub: pub, fetched: now}
	return pub, nil
}

// publicKey turns the fetched JWK into a P-256 key, refusing one that is
// expired, of another kind, or not for the key id asked for.
func publicKey(k WebhookKey, kid string) (*ecdsa.PublicKey, error) {
	switch {
	case k.Kid != kid:
		return nil, unverified("the service answered for key %.60q with key %.60q", kid, k.Kid)
	case k.ExpiredAt != 0:
		return nil, unverified("key %.60q expired at %s", kid, time.Unix(k.ExpiredAt, 0).UTC().Format(time.RFC3339))
	case k.Kty != "EC" || k.Crv != "P-256" || k.Alg != "ES256":
		return nil, unverified("key %.60q is %s/%s/%s, not EC/P-256/ES256", kid, k.Kty, k.Crv, k.Alg)
	}
	x, errX := base64.RawURLEncoding.DecodeString(k.X)
	y, errY := base64.RawURLEncoding.DecodeString(k.Y)
	if errX != nil || errY != nil || len(x) != 32 || len(y) != 32 {
		return nil, unverified("key %.60q has malformed coordinates", kid)
	}
	point := append(append([]byte{4}, x...), y...)
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), point)
	if err != nil {
		return nil, unverified("key %.60q is not a point of P-256", kid)
	}
	return pub, nil
}

// jwt is a Plaid-Verification token split and decoded, not yet verified.
type jwt struct {
	kid          string
	signingInput []byte
	sig          []byte
	claims       struct {
		IssuedAt          int64  `json:"iat"`
		RequestBodySHA256 string `json:"request_body_sha256"`
	}
}

// parseJWT reads a compact JWT and refuses any algorithm but ES256 before
// a key is looked up, so an "alg": "none" or HS256 token never gets near
// one.
func parseJWT(s string) (*jwt, error) {
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return nil, unverified("the %s header is not a compact JWT", VerificationHeader)
	}
	head, err1 := base64.RawURLEncoding.DecodeString(parts[0])
	claims, err2 := base64.RawURLEncoding.DecodeString(parts[1])
	sig, err3 := base64.RawURLEncoding.DecodeString(parts[2])
	if err1 != nil || err2 != nil || err3 != nil {
		return nil, unverified("the %s header has a part that is not base64url", VerificationHeader)
	}
	var h struct {
		Alg string `json:"alg"`
		Kid string `json:"kid"`
	}
	if err := conduit.Unmarshal(head, &h); err != nil {
		return nil, unverified("the JWT header is not JSON")
	}
	if h.Alg != "ES256" {
		return nil, unverified("the JWT is signed with %.20q; only ES256 is accepted", h.Alg)
	}
	if h.Kid == "" || strings.ContainsFunc(h.Kid, isSpaceOrControl) {
		return nil, unverified("the JWT header names no usable key id")
	}
	t := &jwt{kid: h.Kid, signingInput: []byte(parts[0] + "." + parts[1]), sig: sig}
	if err := conduit.Unmarshal(claims, &t.claims); err != nil {
		return nil, unverified("the JWT claims are not JSON")
	}
	return t, nil
}

// verify checks the signature, the age and the body hash, in that order:
// nothing of the claims is trusted before the signature is.
func (t *jwt) verify(pub *ecdsa.PublicKey, body []byte, now time.Time) error {
	if len(t.sig) != 64 {
		return unverified("an ES256 signature is 64 bytes, not %d", len(t.sig))
	}
	digest := sha256.Sum256(t.signingInput)
	if !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(t.sig[:32]), new(big.Int).SetBytes(t.sig[32:])) {
		return unverified("the signature does not match key %.60q", t.kid)
	}
	if t.claims.IssuedAt == 0 {
		return unverified("the JWT has no iat")
	}
	switch age := transport.Since(now, t.claims.IssuedAt); {
	case age > maxWebhookAge:
		return unverified("the JWT was issued %s ago, more than %s", age.Round(time.Second), maxWebhookAge)
	case -age > MaxWebhookSkew:
		return unverified("the JWT claims to be issued %s from now, more than the %s of clock skew allowed", (-age).Round(time.Second), MaxWebhookSkew)
	}
	sum := sha256.Sum256(body)
	want := []byte(hex.EncodeToString(sum[:]))
	got := bytes.ToLower([]byte(t.claims.RequestBodySHA256))
	if subtle.ConstantTimeCompare(want, got) != 1 {
		return unverified("the body's SHA-256 is not the signed request_body_sha256")
	}
	return nil
}

func unverified(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnverifiedWebhook, fmt.Sprintf(format, args...))
}
