// Package banklink is a client for the bank-linking interface: it searches
// financial institutions and reads the balances of a linked account, in a
// sandbox environment for testing or a production one for live use.
//
// Base URLs: the placeholders bank_sandbox_url (CONDUIT_BANK_SANDBOX_URL,
// WithSandboxURL) and bank_production_url (CONDUIT_BANK_PRODUCTION_URL,
// WithProductionURL). WithEnvironment (or CONDUIT_BANKLINK_ENVIRONMENT,
// "sandbox" or "production") picks one; Sandbox is the default, and
// conduit.WithBaseURL overrides whichever is picked.
//
// Credentials: the client id (WithClientID, CONDUIT_BANKLINK_CLIENT_ID) and
// the secret (WithSecret, CONDUIT_BANKLINK_SECRET; the sandbox has its own
// secret) travel as client_id and secret members of every JSON body, never
// in a header. GetBalance also takes the access token of a linked account.
// None of them is ever printed: errors redact them, even when the server
// echoes them back. The spec publishes no rate limit.
//
//	c, err := banklink.New(banklink.WithEnvironment(banklink.Production))
//	if err != nil {
//		return err
//	}
//	res, err := c.GetBalance(ctx, accessToken)
//	if err != nil {
//		return err
//	}
//	for _, a := range res.Accounts {
//		fmt.Println(a.Name, a.Balances.Available, a.Balances.ISOCurrencyCode)
//	}
//
// Amounts keep the exact decimal text the service sent (see Amount).
package banklink

import (
	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

// Environment selects the service's sandbox or production host.
type Environment string

// The environments. Sandbox is the default, so a client never reaches live
// accounts unless asked to.
const (
	Sandbox    Environment = "sandbox"
	Production Environment = "production"
)

const (
	sandboxURL    = "bank_sandbox_url"
	productionURL = "bank_production_url"
)

var service = &transport.Service{
	Name:  "banklink",
	Bases: []string{sandboxURL, productionURL},
	DefaultBase: func(value func(string) string) string {
		if Environment(value("environment")) == Production {
			return productionURL
		}
		return sandboxURL
	},
	Auth: transport.Auth{Scheme: transport.Body, Values: []string{"client_id", "secret"}},
	Values: []transport.Value{
		{Name: "client_id", Option: "banklink.WithClientID", Secret: true},
		{Name: "secret", Option: "banklink.WithSecret", Secret: true},
		{Name: "environment", Option: "banklink.WithEnvironment"},
	},
}

// Client calls the bank-linking interface. It is safe for concurrent use.
type Client struct {
	t   *transport.Client
	env Environment
}

// New returns a Client configured by opts and the CONDUIT_* environment. An
// environment other than Sandbox or Production is an error, so a typo never
// silently sends live credentials to the wrong host.
func New(opts ...Option) (*Client, error) {
	t, err := transport.New(service, opts...)
	if err != nil {
		return nil, err
	}
	env := Environment(t.Value("environment"))
	switch env {
	case "":
		env = Sandbox
	case Sandbox, Production:
	default:
		return nil, t.InvalidParam("New", "environment", "%q is neither %q nor %q", env, Sandbox, Production)
	}
	return &Client{t: t, env: env}, nil
}

// Environment reports which host the client talks to.
func (c *Client) Environment() Environment { return c.env }

// WithEnvironment picks the sandbox or production host, overriding
// CONDUIT_BANKLINK_ENVIRONMENT.
func WithEnvironment(env Environment) Option { return transport.WithValue("environment", string(env)) }

// WithClientID sets the client id sent as client_id in every request body,
// overriding CONDUIT_BANKLINK_CLIENT_ID.
func WithClientID(id string) Option { return transport.WithValue("client_id", id) }

// WithSecret sets the secret sent as secret in every request body,
// overriding CONDUIT_BANKLINK_SECRET. Sandbox and production secrets differ.
func WithSecret(secret string) Option { return transport.WithValue("secret", secret) }

// WithSandboxURL sets the sandbox host, overriding CONDUIT_BANK_SANDBOX_URL.
func WithSandboxURL(u string) Option { return transport.WithNamedBaseURL(sandboxURL, u) }

// WithProductionURL sets the production host, overriding
// CONDUIT_BANK_PRODUCTION_URL.
func WithProductionURL(u string) Option { return transport.WithNamedBaseURL(productionURL, u) }
