package redact

// Secret holds a credential a package keeps in a value it hands to callers
// (a webhook's token). The text lives in a closure: fmt prints a closure
// as an address under every verb, and encoding/json, log/slog and spew
// cannot look into one, so the secret cannot leak from any value that
// embeds a Secret, however a caller wraps and prints it.
type Secret struct{ v func() string }

// NewSecret wraps s.
func NewSecret(s string) Secret {
	if s == "" {
		return Secret{}
	}
	return Secret{v: func() string { return s }}
}

// Reveal returns the secret, for the request that carries it.
func (s Secret) Reveal() string {
	if s.v == nil {
		return ""
	}
	return s.v()
}
