// Package banklink is a client for the bank-linking interface: it links a
// user's bank login (an item) through Link, reads its accounts, balances
// and transactions, verifies the webhooks the service posts about it, and
// searches financial institutions, in a sandbox environment for testing or
// a production one for live use. It is modelled on Plaid.
//
// Linking runs in three steps: CreateLinkToken on the server; Link, in the
// user's browser or app, opened with that token, which hands back a public
// token; ExchangePublicToken, which trades it for the item's access token.
// In the sandbox, SandboxCreatePublicToken stands in for Link. The access
// token is then the argument of Accounts, GetBalance, Item,
// SyncTransactions (AllTransactionUpdates across pages), RefreshTransactions,
// the product reads Auth, Identity, Liabilities, Holdings and
// InvestmentTransactions (AllInvestmentTransactions across its offset
// pages), UpdateItemWebhook, CreateProcessorToken, SandboxFireWebhook and
// RemoveItem.
//
// AllTransactionUpdates holds a whole run before it yields, so that an
// update the service withdraws mid-run never reaches the caller.
// EachTransactionUpdate reads one page of SyncTransactions (up to 500
// transactions) update by update as it arrives, each transaction's RawJSON
// its own bytes, and hands over the page's cursor once its lists are read.
// Across conduit, Each<Thing> names the iterator that reads one answer's
// listing element by element as it arrives, Thing being one element of
// the method it streams; All<Thing> walks a listing's pages.
//
// Base URLs: the placeholders bank_sandbox_url (by default
// https://sandbox.plaid.com; WithSandboxURL,
// CONDUIT_BANKLINK_BANK_SANDBOX_URL) and bank_production_url (by default
// https://production.plaid.com; WithProductionURL,
// CONDUIT_BANKLINK_BANK_PRODUCTION_URL). WithEnvironment (or
// CONDUIT_BANKLINK_ENVIRONMENT, "sandbox" or "production" in any case)
// picks one; Sandbox is the default, and
// conduit.WithBaseURL sets the one picked when its own option is not given.
// The paths carry no version segment.
//
// Credentials: the client id (WithClientID, CONDUIT_BANKLINK_CLIENT_ID) and
// the secret (WithSecret, CONDUIT_BANKLINK_SECRET; the sandbox has its own
// secret) travel as client_id and secret members of every JSON body, never
// in a header. The calls on an item also take its access token, a
// credential kept out of every error like the client's own.
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
// Amounts are conduit.Decimal values: the exact decimal text the service
// sent, never rounded through a float64.
//
// # Failures
//
// The service answers almost every failure with status 400 and one JSON
// shape: error_code is Error.Code, error_type is Error.Reason,
// error_message is Error.Message, and request_id (in the body; no header
// carries it) is Error.RequestID. The code decides, then the type, then
// the status:
//
//	service sends                                          conduit reports
//	400 INVALID_API_KEYS, UNAUTHORIZED_ENVIRONMENT,        ErrUnauthorized, not retried
//	  INVALID_ACCESS_TOKEN; 401, 403
//	429 with error_type RATE_LIMIT_EXCEEDED (codes such    ErrRateLimited, retried after the
//	  as ACCOUNTS_BALANCE_GET_LIMIT)                         backoff: the service names no wait
//	429 ADDITION_LIMIT (the plan's Items are all added)    ErrQuotaExceeded, not retried: only a
//	                                                         plan change lifts it
//	400 INSTITUTION_NOT_FOUND, ITEM_NOT_FOUND              ErrNotFound
//	400 INSTITUTION_DOWN, INSTITUTION_NOT_RESPONDING,      ErrAPI, retried after the backoff
//	  INSTITUTION_NOT_AVAILABLE, PLANNED_MAINTENANCE; 5xx
//	400 ITEM_LOGIN_REQUIRED and the other ITEM_ERROR codes ErrAPI: the end user must link the
//	                                                         item again; the API keys are fine
//	400 TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION       ErrAPI, not retried alone: the run
//	                                                         restarts from its first cursor, as
//	                                                         AllTransactionUpdates does
//	400 PRODUCT_NOT_READY (investments or liabilities     ErrAPI, not retried: the service
//	  still being read for a new item)                       posts a webhook once it is ready
//	400 SANDBOX_WEBHOOK_INVALID (SandboxFireWebhook for    ErrAPI: set one with
//	  an item with no webhook URL)                           UpdateItemWebhook
//	400 NO_AUTH_ACCOUNTS, NO_INVESTMENT_ACCOUNTS,          ErrAPI: the item has no account the
//	  NO_LIABILITY_ACCOUNTS, PRODUCTS_NOT_SUPPORTED          product reads
//	400 any other code (INVALID_REQUEST, INVALID_INPUT,    ErrAPI with Code and Reason as sent
//	  INVALID_PUBLIC_TOKEN, INVALID_FIELD)
//	an HTML or text page (a proxy)                         by status; one line of text is Message
//
// The service reports no failure inside a 200 answer and sends no budget
// headers.
//
// A webhook that VerifyWebhook cannot prove the service's matches
// ErrUnverifiedWebhook; a verification key that cannot be fetched is that
// call's *Error, as above.
//
// For an endpoint this package does not type, use Do. Not typed: the
// product endpoints besides balance, transactions, auth, identity,
// investments and liabilities (assets, income, transfer, payment
// initiation, signal, statements, investments refresh), which each need
// their own product contract; /transactions/get, which /transactions/sync
// replaces; /institutions/get, a paged catalogue SearchInstitutions and
// InstitutionByID cover; the sandbox helpers besides public tokens and
// webhooks; the processor-side endpoints and the other token kinds
// (/processor/stripe/bank_account_token/create); and the user, consent
// and Link-delivery endpoints.
package banklink

import (
	"context"

	"github.com/conduit-sdk/conduit/internal/transport"
)

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

var service = transport.Register(&transport.Service{
	Name: "banklink",
	Bases: []transport.Base{
		{Name: sandboxURL, Option: "banklink.WithSandboxURL", Default: "https://sandbox.plaid.com"},
		{Name: productionURL, Option: "banklink.WithProductionURL", Default: "https://production.plaid.com"},
	},
	DefaultBase: func(value func(string) string) string {
		if value("environment") == string(Production) {
			return productionURL
		}
		return sandboxURL
	},
	Auth: transport.Auth{Scheme: transport.Body, Values: []string{"client_id", "secret"}},
	Values: []transport.Value{
		{Name: "client_id", Option: "banklink.WithClientID", Secret: true},
		{Name: "secret", Option: "banklink.WithSecret", Secret: true},
		{Name: "environment", Option: "banklink.WithEnvironment", Enum: []string{string(Sandbox), string(Production)}},
	},
	Errors: errorProfile,
})

// Every operation is a POST. Those that only read are retried like GETs;
// those that issue a token, create or remove an item are writes.
var (
	searchOp             = transport.Declare[InstitutionsResponse](service, transport.Op{Name: "SearchInstitutions", Method: "POST", Path: "/institutions/search"}, nil)
	balanceOp            = transport.Declare[BalanceResponse](service, transport.Op{Name: "GetBalance", Method: "POST", Path: "/accounts/balance/get"}, nil)
	createLinkTokenOp    = transport.Declare[LinkToken](service, transport.Op{Name: "CreateLinkToken", Method: "POST", Path: "/link/token/create", Write: true}, nil)
	exchangeOp           = transport.Declare[PublicTokenExchange](service, transport.Op{Name: "ExchangePublicToken", Method: "POST", Path: "/item/public_token/exchange", Write: true}, nil)
	sandboxPublicTokenOp = transport.Declare[SandboxPublicToken](service, transport.Op{Name: "SandboxCreatePublicToken", Method: "POST", Path: "/sandbox/public_token/create", Write: true}, nil)
	accountsOp           = transport.Declare[AccountsResponse](service, transport.Op{Name: "Accounts", Method: "POST", Path: "/accounts/get"}, nil)
	itemOp               = transport.Declare[ItemResponse](service, transport.Op{Name: "Item", Method: "POST", Path: "/item/get"}, nil)
	removeItemOp         = transport.Declare[RemoveItemResponse](service, transport.Op{Name: "RemoveItem", Method: "POST", Path: "/item/remove", Write: true}, nil)
	institutionOp        = transport.Declare[InstitutionResponse](service, transport.Op{Name: "InstitutionByID", Method: "POST", Path: "/institutions/get_by_id"}, nil)
	syncOp               = transport.Declare[TransactionsSync](service, transport.Op{Name: "SyncTransactions", Method: "POST", Path: "/transactions/sync"}, nil)
	webhookKeyOp         = transport.Declare[WebhookKeyResponse](service, transport.Op{Name: "WebhookVerificationKey", Method: "POST", Path: "/webhook_verification_key/get"}, nil)
)

// Client calls the bank-linking interface. It is safe for concurrent use.
type Client struct {
	t    *transport.Client
	keys *keyCache // VerifyWebhook's keys, shared by the client's copies
}

// New returns a Client configured by opts and the CONDUIT_* environment. An
// environment other than Sandbox or Production is an error, so a typo never
// silently sends live credentials to the wrong host.
func New(opts ...Option) (*Client, error) {
	t, err := transport.New(service, opts...)
	if err != nil {
		return nil, err
	}
	return &Client{t: t, keys: &keyCache{}}, nil
}

// Environment reports which host the client talks to.
func (c *Client) Environment() Environment {
	if env := c.t.Value("environment"); env != "" {
		return Environment(env)
	}
	return Sandbox
}

// Do calls any path of the service, for an endpoint this package does not
// type, with the environment's host, the client id and secret merged into
// the JSON body in (nil sends just them), and the limits, retries and errors
// of the typed methods; see conduit's documentation of Do. Every endpoint
// of the service is a POST, which Do treats as a write that a failure does
// not repeat: pass conduit.WithIdempotent() with a call that only reads to
// have it retried like one.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// WithEnvironment picks the sandbox or production host, overriding
// CONDUIT_BANKLINK_ENVIRONMENT.
func WithEnvironment(env Environment) Option { return service.Set("environment", string(env)) }

// WithClientID sets the client id sent as client_id in every request body,
// overriding CONDUIT_BANKLINK_CLIENT_ID.
func WithClientID(id string) Option { return service.Set("client_id", id) }

// WithSecret sets the secret sent as secret in every request body,
// overriding CONDUIT_BANKLINK_SECRET. Sandbox and production secrets differ.
func WithSecret(secret string) Option { return service.Set("secret", secret) }

// WithSandboxURL sets the sandbox host, overriding
// CONDUIT_BANKLINK_BANK_SANDBOX_URL.
func WithSandboxURL(u string) Option { return service.SetBase(sandboxURL, u) }

// WithProductionURL sets the production host, overriding
// CONDUIT_BANKLINK_BANK_PRODUCTION_URL.
func WithProductionURL(u string) Option { return service.SetBase(productionURL, u) }
