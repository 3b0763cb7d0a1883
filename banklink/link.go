package banklink

import (
	"context"
	"net/url"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// LinkTokenRequest is what CreateLinkToken sends: how Link greets the end
// user and what the item it links must support. The JSON names are the
// service's; the client id and secret are added by the client.
type LinkTokenRequest struct {
	// ClientName is the application's name as Link shows it (the service
	// shows "This Application" for a name over 30 characters).
	ClientName string `json:"client_name"`
	// Language is the code of Link's language ("en", "fr", …).
	Language string `json:"language"`
	// CountryCodes are the countries whose institutions Link offers.
	CountryCodes []CountryCode `json:"country_codes"`
	// User names the end user, so the service can tell returning users.
	User LinkUser `json:"user"`
	// Products the linked item must support; at least one unless
	// AccessToken opens Link in update mode for an existing item.
	Products []Product `json:"products,omitempty"`
	// Webhook is the https URL the service posts the item's events to.
	Webhook string `json:"webhook,omitempty"`
	// RedirectURI is where an OAuth institution sends the user back.
	RedirectURI string `json:"redirect_uri,omitempty"`
	// AndroidPackageName replaces RedirectURI for an Android app.
	AndroidPackageName string `json:"android_package_name,omitempty"`
	// AccessToken opens Link in update mode for the item it stands for
	// (after ITEM_LOGIN_REQUIRED). It is a credential: it is kept out of
	// every error.
	AccessToken string `json:"access_token,omitempty"`
}

// LinkUser is the end user Link is opened for.
type LinkUser struct {
	// ClientUserID is the application's own stable id of the user; the
	// service asks that it hold no personal data (no e-mail, no phone).
	ClientUserID string `json:"client_user_id"`
}

// LinkToken is the answer of CreateLinkToken: the short-lived token the
// front end opens Link with.
type LinkToken struct {
	raw        `json:"-"`
	LinkToken  string    `json:"link_token"`
	Expiration time.Time `json:"expiration"`
	RequestID  string    `json:"request_id"`
}

// PublicTokenExchange is the answer of ExchangePublicToken. AccessToken is
// the item's lasting credential: store it as a secret, never in a log.
type PublicTokenExchange struct {
	raw         `json:"-"`
	AccessToken string `json:"access_token"`
	ItemID      string `json:"item_id"`
	RequestID   string `json:"request_id"`
}

// SandboxPublicToken is the answer of SandboxCreatePublicToken.
type SandboxPublicToken struct {
	raw         `json:"-"`
	PublicToken string `json:"public_token"`
	RequestID   string `json:"request_id"`
}

// SandboxPublicTokenParams are SandboxCreatePublicToken's optional inputs.
type SandboxPublicTokenParams struct {
	// Webhook is the URL the sandbox item's events are posted to.
	Webhook string
	// OverrideUsername and OverridePassword pick a sandbox test user
	// ("user_good", "pass_good" when empty).
	OverrideUsername, OverridePassword string
}

type sandboxOptions struct {
	Webhook          string `json:"webhook,omitempty"`
	OverrideUsername string `json:"override_username,omitempty"`
	OverridePassword string `json:"override_password,omitempty"`
}

type sandboxBody struct {
	InstitutionID   string          `json:"institution_id"`
	InitialProducts []Product       `json:"initial_products"`
	Options         *sandboxOptions `json:"options,omitempty"`
}

type publicTokenBody struct {
	PublicToken string `json:"public_token"`
}

// CreateLinkToken asks for a link token, the first step of linking an
// account: the front end opens Link with it, and Link hands back a public
// token for ExchangePublicToken. It is a write (each call issues a new
// token), so a failure that may have reached the server is not repeated.
func (c *Client) CreateLinkToken(ctx context.Context, req LinkTokenRequest, opts ...Option) (*LinkToken, error) {
	op := createLinkTokenOp
	switch {
	case strings.TrimSpace(req.ClientName) == "":
		return nil, op.Invalid("client_name", "must not be empty")
	case strings.TrimSpace(req.Language) == "":
		return nil, op.Invalid("language", "must not be empty")
	case len(req.CountryCodes) == 0:
		return nil, op.Invalid("country_codes", "must name at least one country")
	case strings.TrimSpace(req.User.ClientUserID) == "":
		return nil, op.Invalid("user.client_user_id", "must not be empty")
	case len(req.Products) == 0 && req.AccessToken == "":
		return nil, op.Invalid("products", "must name at least one product, unless access_token opens update mode")
	}
	if err := checkCountries(op.Op, req.CountryCodes); err != nil {
		return nil, err
	}
	if err := checkProducts(op.Op, "products", req.Products); err != nil {
		return nil, err
	}
	if err := checkURL(op.Op, "webhook", req.Webhook); err != nil {
		return nil, err
	}
	if err := checkURL(op.Op, "redirect_uri", req.RedirectURI); err != nil {
		return nil, err
	}
	call := transport.Call{Body: req}
	if req.AccessToken != "" {
		if err := checkToken(op.Op, "access_token", req.AccessToken); err != nil {
			return nil, err
		}
		call.Secrets = []string{req.AccessToken}
	}
	return op.Do(ctx, c.t, call, opts)
}

// ExchangePublicToken trades the public token Link hands the front end
// for the item's lasting access token. A public token works once and for
// 30 minutes, so the call is a write: a failure that may have reached the
// server is not repeated, since the repeat could only fail.
func (c *Client) ExchangePublicToken(ctx context.Context, publicToken string, opts ...Option) (*PublicTokenExchange, error) {
	if err := checkToken(exchangeOp.Op, "public_token", publicToken); err != nil {
		return nil, err
	}
	call := transport.Call{Body: publicTokenBody{PublicToken: publicToken}, Secrets: []string{publicToken}}
	return exchangeOp.Do(ctx, c.t, call, opts)
}

// SandboxCreatePublicToken links a test item at a sandbox institution
// without Link, so tests can run the whole flow from a public token. It
// only works against the sandbox host. Each call creates an item, so it is
// a write.
func (c *Client) SandboxCreatePublicToken(ctx context.Context, institutionID string, initialProducts []Product, p *SandboxPublicTokenParams, opts ...Option) (*SandboxPublicToken, error) {
	op := sandboxPublicTokenOp
	if err := checkID(op.Op, "institution_id", institutionID); err != nil {
		return nil, err
	}
	if len(initialProducts) == 0 {
		return nil, op.Invalid("initial_products", "must name at least one product")
	}
	if err := checkProducts(op.Op, "initial_products", initialProducts); err != nil {
		return nil, err
	}
	body := sandboxBody{InstitutionID: institutionID, InitialProducts: initialProducts}
	if p != nil && *p != (SandboxPublicTokenParams{}) {
		if err := checkURL(op.Op, "options.webhook", p.Webhook); err != nil {
			return nil, err
		}
		body.Options = &sandboxOptions{Webhook: p.Webhook, OverrideUsername: p.OverrideUsername, OverridePassword: p.OverridePassword}
	}
	return op.Do(ctx, c.t, transport.Call{Body: body}, opts)
}

// checkProducts refuses a product the service does not document, naming
// its place in the list.
func checkProducts(op *transport.Op, field string, list []Product) error {
	for i, prod := range list {
		if !prod.Known() {
			return op.Invalid(field, "item %d, %.40q, is not a product of the service (see the Product constants)", i, prod)
		}
	}
	return nil
}

// checkCountries refuses a country the service does not serve.
func checkCountries(op *transport.Op, list []CountryCode) error {
	for i, cc := range list {
		if !cc.Known() {
			return op.Invalid("country_codes", "item %d, %.40q, is not the upper-case ISO 3166-1 alpha-2 code of a country the service serves (see the CountryCode constants)", i, cc)
		}
	}
	return nil
}

// checkURL accepts "" (not sent) or an absolute http(s) URL, which is all
// the service can post to or redirect to.
func checkURL(op *transport.Op, field, u string) error {
	if u == "" {
		return nil
	}
	parsed, err := url.Parse(u)
	if err != nil || (parsed.Scheme != "https" && parsed.Scheme != "http") || parsed.Host == "" {
		return op.Invalid(field, "must be an absolute http(s) URL")
	}
	return nil
}

// checkToken refuses an empty token or one that cannot be a token; the
// message never quotes it, since tokens are credentials.
func checkToken(op *transport.Op, field, token string) error {
	if token == "" {
		return op.Invalid(field, "must not be empty")
	}
	if strings.ContainsFunc(token, isSpaceOrControl) {
		return op.Invalid(field, "contains white space or a control character")
	}
	return nil
}

// checkID refuses an empty id or one with white space (ins_109508,
// BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp).
func checkID(op *transport.Op, field, id string) error {
	if id == "" {
		return op.Invalid(field, "must not be empty")
	}
	if strings.ContainsFunc(id, isSpaceOrControl) {
		return op.Invalid(field, "%.40q contains white space or a control character", id)
	}
	return nil
}
