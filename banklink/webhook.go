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

// UnknownKeyTTL is how long VerifyWebhook remembers that the service
// knows no usable key by an id (it answered INVALID_WEBHOOK_VERIFICATION_KEY_ID,
// or a key that is expired, of another kind or for another id): webhooks
// naming that id within it are refused without asking again, so forged
// webhooks cannot turn into one key fetch each.
const UnknownKeyTTL = time.Minute

// maxUnknownKeys bounds the ids remembered as unknown; past it the
// expired ones go, then all of them.
const maxUnknownKeys = 1024

// MaxKeyIDLength is the longest key id (kid) VerifyWebhook sends to the
// key endpoint: the service's ids are UUIDs, 36 characters
// ("bfbd5111-8e33-4643-8ced-b2e642a72f3c"). A longer one is a forgery,
// refused before anything is fetched.
const MaxKeyIDLength = 36

// unknownKeyCode is the error_code the key endpoint answers (400) for a
// key id it never issued.
const unknownKeyCode = "INVALID_WEBHOOK_VERIFICATION_KEY_ID"

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
	if len(keyID) > MaxKeyIDLength {
		return nil, webhookKeyOp.Invalid("key_id", "is %d bytes; the service's key ids are at most %d", len(keyID), MaxKeyIDLength)
	}
	return webhookKeyOp.Do(ctx, c.t, transport.Call{Body: keyBody{KeyID: keyID}}, opts)
}

// keyCache holds the keys VerifyWebhook fetched, by key id, so a burst of
// webhooks costs one fetch: the keys found, the ids the service knows no
// key by (for UnknownKeyTTL), and the fetches under way, which webhooks
// naming the same id wait for instead of fetching again.
type keyCache struct {
	mu      sync.Mutex
	keys    map[string]cachedKey
	unknown map[string]time.Time // id -> when it may be asked for again
	flights map[string]*keyFetch
	now     func() time.Time // time.Now; tests move it
	joined  func()           // tests: called when a webhook waits for another's fetch
}

// keyFetch is one fetch of a key id under way; done closes when pub and
// err are set.
type keyFetch struct {
	done chan struct{}
	pub  *ecdsa.PublicKey
	err  error
}

func (k *keyCache) clock() time.Time {
	if k.now != nil {
		return k.now()
	}
	return time.Now()
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
// The key id must be at most MaxKeyIDLength bytes, or nothing is fetched;
// an id the service knows no usable key by is remembered for
// UnknownKeyTTL, and concurrent webhooks naming one id share one fetch.
//
// A webhook that fails the check, an unknown key id included, is an error
// matching ErrUnverifiedWebhook (answer 401 and drop it); a key service
// that cannot answer (5xx, the network, rejected API keys) is the *Error
// of that call (answer 5xx, and the service posts the webhook again), and
// the end of ctx while waiting for another webhook's fetch is ctx's error.
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

// webhookKey returns the public key kid names: from the cache while it is
// fresh, refused while kid is remembered as unknown, else fetched once
// however many webhooks ask at the same time.
func (c *Client) webhookKey(ctx context.Context, kid string, opts []Option) (*ecdsa.PublicKey, error) {
	k := c.keys
	for {
		now := k.clock()
		k.mu.Lock()
		if e, ok := k.keys[kid]; ok && now.Sub(e.fetched) < keyTTL {
			k.mu.Unlock()
			return e.pub, nil
		}
		if until, ok := k.unknown[kid]; ok && now.Before(until) {
			k.mu.Unlock()
			return nil, unverified("the service knows no usable key %.60q (remembered for %s)", kid, UnknownKeyTTL)
		}
		f, waiting := k.flights[kid]
		if !waiting {
			f = &keyFetch{done: make(chan struct{})}
			if k.flights == nil {
				k.flights = map[string]*keyFetch{}
			}
			k.flights[kid] = f
		}
		joined := k.joined
		k.mu.Unlock()
		if !waiting {
			f.pub, f.err = c.fetchKey(ctx, kid, opts)
			k.mu.Lock()
			delete(k.flights, kid)
			k.mu.Unlock()
			close(f.done)
			return f.pub, f.err
		}
		if joined != nil {
			joined()
		}
		select {
		case <-f.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		// The fetch this webhook waited for ended with its own caller's
		// context: fetch again under this one.
		if f.err != nil && ctx.Err() == nil && (errors.Is(f.err, context.Canceled) || errors.Is(f.err, context.DeadlineExceeded)) {
			continue
		}
		return f.pub, f.err
	}
}

// fetchKey asks the service for kid's key and caches the outcome: the key,
// or that there is none to use. A service that cannot answer (5xx, the
// network, bad credentials) is the call's *Error, and nothing is cached.
func (c *Client) fetchKey(ctx context.Context, kid string, opts []Option) (*ecdsa.PublicKey, error) {
	k := c.keys
	res, err := c.WebhookVerificationKey(ctx, kid, opts...)
	var ce *conduit.Error
	switch {
	case errors.As(err, &ce) && ce.StatusCode == http.StatusBadRequest && ce.Code == unknownKeyCode:
		err = unverified("the service knows no key %.60q (%s)", kid, unknownKeyCode)
	case err != nil:
		return nil, err
	}
	var pub *ecdsa.PublicKey
	if err == nil {
		pub, err = publicKey(res.Key, kid)
	}
	now := k.clock()
	k.mu.Lock()
	defer k.mu.Unlock()
	if err != nil {
		if k.unknown == nil || len(k.unknown) >= maxUnknownKeys {
			k.unknown = sweep(k.unknown, now)
		}
		k.unknown[kid] = now.Add(UnknownKeyTTL)
		return nil, err
	}
	if k.keys == nil || len(k.keys) >= maxCachedKeys {
		k.keys = map[string]cachedKey{}
	}
	k.keys[kid] = cachedKey{pub: pub, fetched: now}
	delete(k.unknown, kid)
	return pub, nil
}

// sweep returns the unknown ids still remembered at now, or a new map if
// too many are.
func sweep(unknown map[string]time.Time, now time.Time) map[string]time.Time {
	for id, until := range unknown {
		if !now.Before(until) {
			delete(unknown, id)
		}
	}
	if unknown == nil || len(unknown) >= maxUnknownKeys {
		return map[string]time.Time{}
	}
	return unknown
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
	if len(h.Kid) > MaxKeyIDLength {
		return nil, unverified("the JWT header's key id is %d bytes; the service's are at most %d", len(h.Kid), MaxKeyIDLength)
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
