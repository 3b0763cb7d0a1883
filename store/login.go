package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
	"github.com/conduit-sdk/conduit/internal/transport"
)

var loginOp = transport.Declare(service, transport.Op{Name: "Login", Method: "POST", Path: "/auth/login"}, (*loginAnswer).problem)

// loginAnswer is the body Login decodes: {"token": "…"}.
type loginAnswer struct {
	Token string `json:"token"`
}

// problem refuses a 2xx answer without a token.
func (a *loginAnswer) problem() *transport.Problem {
	if a.Token == "" {
		return &transport.Problem{Kind: conduit.ErrMalformedResponse, Message: "the answer holds no token"}
	}
	return nil
}

// Session is what Login returns: the token the service issued. It prints
// as "store.Session{token}" under every verb, so logging one shows no
// credential; Token gives the value to whoever sends it on. Unlike the
// other results it keeps no RawJSON: the answer holds nothing but the
// token, which raw bytes would print.
type Session struct{ token redact.Secret }

// Token returns the token (a JWT).
func (s *Session) Token() string { return s.token.Reveal() }

// Format prints the Session without its token.
func (s *Session) Format(f fmt.State, _ rune) { fmt.Fprint(f, "store.Session{token}") }

// Login exchanges a user name and password for a token (POST
// /auth/login); wrong ones are ErrUnauthorized, from the service's 401.
// The password is kept out of every error and log line. Login changes
// nothing, so it is retried like a read.
func (c *Client) Login(ctx context.Context, username, password string, opts ...Option) (*Session, error) {
	switch {
	case strings.TrimSpace(username) == "":
		return nil, loginOp.Invalid("username", "is empty")
	case password == "":
		return nil, loginOp.Invalid("password", "is empty")
	}
	body := struct {
		Username string `json:"username"`
		Password string `json:"password"`
	}{username, password}
	a, err := loginOp.Do(ctx, c.t, transport.Call{Body: body, Secrets: []string{password}}, opts)
	if err != nil {
		return nil, err
	}
	return &Session{token: redact.NewSecret(a.Token)}, nil
}
