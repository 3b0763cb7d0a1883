package conduittest

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"time"
)

// chatInteractionKey is the fake application's Ed25519 key, fixed so that
// ChatPublicKey can be written into a test's configuration.
var chatInteractionKey = func() ed25519.PrivateKey {
	seed := sha256.Sum256([]byte("conduittest chat interaction key"))
	return ed25519.NewKeyFromSeed(seed[:])
}()

// ChatPublicKey is the fake application's public key as the platform's
// settings page shows it (64 hexadecimal digits): give it to
// chat.ParsePublicKey, and ChatInteractionHeader's requests verify.
var ChatPublicKey = hex.EncodeToString(chatInteractionKey.Public().(ed25519.PublicKey))

// ChatInteractionHeader returns the headers the chat platform would post an
// interaction body with at the given time: X-Signature-Timestamp and
// X-Signature-Ed25519 over the timestamp and body, signed by the key of
// ChatPublicKey. chat.VerifyInteraction (and so chat.InteractionHandler)
// accepts them within chat.MaxInteractionSkew of at, so an interaction
// handler can be tested end to end, as BanklinkWebhookHeader does for
// webhooks.
func ChatInteractionHeader(body []byte, at time.Time) http.Header {
	ts := strconv.FormatInt(at.Unix(), 10)
	sig := ed25519.Sign(chatInteractionKey, append([]byte(ts), body...))
	h := http.Header{}
	h.Set("X-Signature-Timestamp", ts)
	h.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	h.Set("Content-Type", "application/json")
	return h
}
