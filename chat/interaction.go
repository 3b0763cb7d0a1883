package chat

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// The errors of an interaction request that does not verify. Each wraps
// ErrUnverified, which is what a handler answers 401 for; the platform
// sends such requests on purpose, to check that an endpoint refuses them.
var (
	ErrUnverified = errors.New("chat: interaction request does not verify")
	// ErrStaleInteraction is a timestamp too far from now: a recorded
	// request sent again.
	ErrStaleInteraction = fmt.Errorf("%w: timestamp outside the allowed window", ErrUnverified)
)

// MaxInteractionSkew is how far an interaction's X-Signature-Timestamp may
// be from the receiver's clock. The platform signs the timestamp with the
// body, so a request replayed later than this is refused even though its
// signature holds.
const MaxInteractionSkew = 5 * time.Minute

// ParsePublicKey reads an application's public key as its settings page
// shows it: 64 hexadecimal digits.
func ParsePublicKey(hexKey string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(strings.TrimSpace(hexKey))
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("chat: an application public key is %d hexadecimal digits of an Ed25519 key", 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// VerifyInteraction checks that an interaction request comes from the
// platform: signature (header X-Signature-Ed25519, hex) must be the
// application key's Ed25519 signature of timestamp (header
// X-Signature-Timestamp, Unix seconds) followed by the raw body, and the
// timestamp must be within MaxInteractionSkew of now. Any other key size or
// signature size (another algorithm's) is refused. A nil error means the
// body may be trusted; every failure wraps ErrUnverified.
func VerifyInteraction(publicKey ed25519.PublicKey, signature, timestamp string, body []byte) error {
	return verifyAt(time.Now(), publicKey, signature, timestamp, body)
}

func verifyAt(now time.Time, publicKey ed25519.PublicKey, signature, timestamp string, body []byte) error {
	if len(publicKey) != ed25519.PublicKeySize {
		return fmt.Errorf("%w: the public key is %d bytes, not an Ed25519 key's %d", ErrUnverified, len(publicKey), ed25519.PublicKeySize)
	}
	sig, err := hex.DecodeString(signature)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return fmt.Errorf("%w: the signature is not %d hexadecimal digits of an Ed25519 signature", ErrUnverified, 2*ed25519.SignatureSize)
	}
	secs, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return fmt.Errorf("%w: the timestamp is not Unix seconds", ErrUnverified)
	}
	if skew := transport.Since(now, secs); skew > MaxInteractionSkew || skew < -MaxInteractionSkew {
		return ErrStaleInteraction
	}
	msg := make([]byte, 0, len(timestamp)+len(body))
	msg = append(append(msg, timestamp...), body...)
	if !ed25519.Verify(publicKey, msg, sig) {
		return fmt.Errorf("%w: the signature does not match the body", ErrUnverified)
	}
	return nil
}

// InteractionType is what an interaction is, as the platform numbers them.
type InteractionType int

// The interaction types the platform documents.
const (
	InteractionPing                           InteractionType = 1
	InteractionApplicationCommand             InteractionType = 2
	InteractionMessageComponent               InteractionType = 3
	InteractionApplicationCommandAutocomplete InteractionType = 4
	InteractionModalSubmit                    InteractionType = 5
)

// Interaction is the envelope of an interaction the platform sends to an
// application's endpoint: a slash command, a button press, a modal. Data
// differs by Type and stays raw; decode it into the shape Type implies.
// Its token is a credential, so an Interaction never prints it (nor its
// raw body, which holds it): every fmt verb shows String.
type Interaction struct {
	raw           `json:"-"`
	ID            Snowflake       `json:"id"`
	ApplicationID Snowflake       `json:"application_id"`
	Type          InteractionType `json:"type"`
	Data          json.RawMessage `json:"data,omitempty"`
	GuildID       Snowflake       `json:"guild_id,omitempty"`
	ChannelID     Snowflake       `json:"channel_id,omitempty"`
	Version       int             `json:"version"`
	token         redact.Secret
}

// Token returns the interaction's token, which answers it through the
// webhook endpoints for 15 minutes.
func (in *Interaction) Token() string { return in.token.Reveal() }

// String names the interaction by id and type, without its token.
func (in *Interaction) String() string {
	return fmt.Sprintf("interaction %s (type %d)", in.ID, in.Type)
}

// Format prints String for every verb, so that no verb reaches the token
// or the raw body.
func (in *Interaction) Format(f fmt.State, _ rune) { io.WriteString(f, in.String()) }

// ParseInteraction decodes a verified interaction body (see
// VerifyInteraction); a body without a type is not an interaction.
func ParseInteraction(body []byte) (*Interaction, error) {
	var in Interaction
	var secret struct {
		Token string `json:"token"`
	}
	if err := conduit.Unmarshal(body, &in); err != nil {
		return nil, fmt.Errorf("chat: interaction: %w", err)
	}
	if err := conduit.Unmarshal(body, &secret); err != nil {
		return nil, fmt.Errorf("chat: interaction: %w", err)
	}
	if in.Type == 0 {
		return nil, errors.New("chat: interaction: the body has no type")
	}
	in.token = redact.NewSecret(secret.Token)
	return &in, nil
}

// maxInteractionBody bounds what a handler reads of a request before it is
// verified: interactions are a few kilobytes.
const maxInteractionBody = 1 << 20

// pong is the answer to the platform's PING.
var pong = []byte(`{"type":1}`)

// InteractionHandler returns the http.Handler for an application's
// interactions endpoint. It verifies every request with publicKey
// (VerifyInteraction), answering 401 to one that does not verify, as the
// platform requires; answers PING with PONG; and hands every other
// verified interaction, decoded, to handle, which writes the response
// (within the platform's 3 seconds). A request that is not a POST is 405,
// a body past 1 MiB 413, and a verified body that is not an interaction
// 400.
func InteractionHandler(publicKey ed25519.PublicKey, handle func(w http.ResponseWriter, r *http.Request, in *Interaction)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			http.Error(w, "interactions arrive by POST", http.StatusMethodNotAllowed)
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, maxInteractionBody+1))
		switch {
		case err != nil:
			http.Error(w, "reading the request failed", http.StatusBadRequest)
			return
		case len(body) > maxInteractionBody:
			http.Error(w, "the request is too large to be an interaction", http.StatusRequestEntityTooLarge)
			return
		}
		if err := VerifyInteraction(publicKey, r.Header.Get("X-Signature-Ed25519"), r.Header.Get("X-Signature-Timestamp"), body); err != nil {
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		in, err := ParseInteraction(body)
		if err != nil {
			http.Error(w, "the body is not an interaction", http.StatusBadRequest)
			return
		}
		if in.Type == InteractionPing {
			transport.WriteJSON(w, pong)
			return
		}
		handle(w, r, in)
	})
}
