package banklink

import (
	"context"
	"slices"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Item is a login at one institution, linked through Link: the accounts
// the access token reaches, the products it was linked for, and whether
// it needs the user again.
type Item struct {
	raw               `json:"-"`
	ItemID            string    `json:"item_id"`
	InstitutionID     string    `json:"institution_id"`
	InstitutionName   string    `json:"institution_name"`
	Webhook           string    `json:"webhook"`
	AvailableProducts []Product `json:"available_products"`
	BilledProducts    []Product `json:"billed_products"`
	Products          []Product `json:"products"`
	ConsentedProducts []Product `json:"consented_products"`
	// ConsentExpirationTime is when the user's consent runs out; zero when
	// it does not.
	ConsentExpirationTime time.Time `json:"consent_expiration_time"`
	// UpdateType is "background", or "user_present_required" when only a
	// user in Link can refresh it.
	UpdateType string `json:"update_type"`
	// Error is the item's standing failure (ITEM_LOGIN_REQUIRED: send the
	// user through Link in update mode); nil while it is healthy.
	Error *ErrorObject `json:"error"`
}

// ErrorObject is a failure as the service writes it inside a record (an
// item's standing error, a webhook's), as opposed to a failed call, which
// is a *conduit.Error.
type ErrorObject struct {
	raw            `json:"-"`
	ErrorType      string `json:"error_type"`
	ErrorCode      string `json:"error_code"`
	ErrorMessage   string `json:"error_message"`
	DisplayMessage string `json:"display_message"`
	RequestID      string `json:"request_id"`
}

// AccountsResponse is the answer of Accounts.
type AccountsResponse struct {
	raw       `json:"-"`
	Accounts  []Account `json:"accounts"`
	Item      Item      `json:"item"`
	RequestID string    `json:"request_id"`
}

// ItemResponse is the answer of Item.
type ItemResponse struct {
	raw       `json:"-"`
	Item      Item        `json:"item"`
	Status    *ItemStatus `json:"status"`
	RequestID string      `json:"request_id"`
}

// ItemStatus says when the item's data was last refreshed and what the
// last webhook about it was.
type ItemStatus struct {
	raw          `json:"-"`
	Transactions *struct {
		LastSuccessfulUpdate time.Time `json:"last_successful_update"`
		LastFailedUpdate     time.Time `json:"last_failed_update"`
	} `json:"transactions"`
	LastWebhook *struct {
		SentAt   time.Time `json:"sent_at"`
		CodeSent string    `json:"code_sent"`
	} `json:"last_webhook"`
}

// RemoveItemResponse is the answer of RemoveItem: only its request id.
type RemoveItemResponse struct {
	raw       `json:"-"`
	RequestID string `json:"request_id"`
}

// InstitutionResponse is the answer of InstitutionByID.
type InstitutionResponse struct {
	raw         `json:"-"`
	Institution Institution `json:"institution"`
	RequestID   string      `json:"request_id"`
}

// AccountsParams are Accounts' optional inputs.
type AccountsParams struct {
	// AccountIDs keeps only these accounts of the item.
	AccountIDs []string
}

// RemoveItemParams are RemoveItem's optional inputs: why the item goes,
// which the service asks for when the reason is fraud.
type RemoveItemParams struct {
	// ReasonCode is one of the RemoveReason constants.
	ReasonCode RemoveReason
	// ReasonNote adds words to ReasonCode.
	ReasonNote string
}

// RemoveReason is why an item is removed, as the service names reasons.
type RemoveReason string

// The reasons the service documents.
const (
	RemoveFraudFirstParty RemoveReason = "FRAUD_FIRST_PARTY"
	RemoveFraudFalseID    RemoveReason = "FRAUD_FALSE_IDENTITY"
	RemoveFraudAbuse      RemoveReason = "FRAUD_ABUSE"
	RemoveFraudOther      RemoveReason = "FRAUD_OTHER"
	RemoveNonFunctional   RemoveReason = "CONNECTION_IS_NON_FUNCTIONAL"
	RemoveOther           RemoveReason = "OTHER"
)

var removeReasons = []RemoveReason{RemoveFraudFirstParty, RemoveFraudFalseID, RemoveFraudAbuse, RemoveFraudOther, RemoveNonFunctional, RemoveOther}

// InstitutionByIDParams are InstitutionByID's optional inputs: which
// further parts of the record to include.
type InstitutionByIDParams struct {
	// IncludeOptionalMetadata adds the logo, brand color and URL.
	IncludeOptionalMetadata bool
	// IncludeStatus adds the institution's current health per product.
	IncludeStatus bool
	// IncludeAuthMetadata adds which Auth flows the institution supports.
	IncludeAuthMetadata bool
	// IncludePaymentInitiationMetadata adds its payment initiation support.
	IncludePaymentInitiationMetadata bool
}

type tokenBody struct {
	AccessToken string `json:"access_token"`
}

type accountsOptions struct {
	AccountIDs []string `json:"account_ids"`
}

type accountsBody struct {
	AccessToken string           `json:"access_token"`
	Options     *accountsOptions `json:"options,omitempty"`
}

type removeBody struct {
	AccessToken string       `json:"access_token"`
	ReasonCode  RemoveReason `json:"reason_code,omitempty"`
	ReasonNote  string       `json:"reason_note,omitempty"`
}

type institutionOptions struct {
	IncludeOptionalMetadata          bool `json:"include_optional_metadata,omitempty"`
	IncludeStatus                    bool `json:"include_status,omitempty"`
	IncludeAuthMetadata              bool `json:"include_auth_metadata,omitempty"`
	IncludePaymentInitiationMetadata bool `json:"include_payment_initiation_metadata,omitempty"`
}

type institutionBody struct {
	InstitutionID string              `json:"institution_id"`
	CountryCodes  []CountryCode       `json:"country_codes"`
	Options       *institutionOptions `json:"options,omitempty"`
}

// Accounts lists the accounts of the item accessToken stands for, with
// the balances the service cached at its last refresh (GetBalance asks the
// bank for live ones). It only reads, so it is retried like a GET.
func (c *Client) Accounts(ctx context.Context, accessToken string, p *AccountsParams, opts ...Option) (*AccountsResponse, error) {
	if err := checkToken(accountsOp.Op, "access_token", accessToken); err != nil {
		return nil, err
	}
	body := accountsBody{AccessToken: accessToken}
	if p != nil && len(p.AccountIDs) > 0 {
		if err := checkIDs(accountsOp.Op, "options.account_ids", p.AccountIDs); err != nil {
			return nil, err
		}
		body.Options = &accountsOptions{AccountIDs: p.AccountIDs}
	}
	return accountsOp.Do(ctx, c.t, transport.Call{Body: body, Secrets: []string{accessToken}}, opts)
}

// Item reads the item accessToken stands for: its institution, products,
// consent and standing error. It only reads, so it is retried like a GET.
func (c *Client) Item(ctx context.Context, accessToken string, opts ...Option) (*ItemResponse, error) {
	if err := checkToken(itemOp.Op, "access_token", accessToken); err != nil {
		return nil, err
	}
	return itemOp.Do(ctx, c.t, transport.Call{Body: tokenBody{AccessToken: accessToken}, Secrets: []string{accessToken}}, opts)
}

// RemoveItem removes the item accessToken stands for, which ends its
// billing and invalidates the token for good. It is a write: a failure
// that may have reached the server is not repeated (a repeat would answer
// INVALID_ACCESS_TOKEN for an item already gone).
func (c *Client) RemoveItem(ctx context.Context, accessToken string, p *RemoveItemParams, opts ...Option) (*RemoveItemResponse, error) {
	if err := checkToken(removeItemOp.Op, "access_token", accessToken); err != nil {
		return nil, err
	}
	body := removeBody{AccessToken: accessToken}
	if p != nil {
		if p.ReasonCode != "" && !slices.Contains(removeReasons, p.ReasonCode) {
			return nil, removeItemOp.Invalid("reason_code", "%.40q is not a reason the service documents (see the RemoveReason constants)", p.ReasonCode)
		}
		body.ReasonCode, body.ReasonNote = p.ReasonCode, p.ReasonNote
	}
	return removeItemOp.Do(ctx, c.t, transport.Call{Body: body, Secrets: []string{accessToken}}, opts)
}

// InstitutionByID reads one institution, as an item's institution_id
// names it, among the institutions of countryCodes (the service requires
// at least one). It only reads, so it is retried like a GET.
func (c *Client) InstitutionByID(ctx context.Context, institutionID string, countryCodes []CountryCode, p *InstitutionByIDParams, opts ...Option) (*InstitutionResponse, error) {
	op := institutionOp
	if err := checkID(op.Op, "institution_id", institutionID); err != nil {
		return nil, err
	}
	if len(countryCodes) == 0 {
		return nil, op.Invalid("country_codes", "must name at least one country")
	}
	if err := checkCountries(op.Op, countryCodes); err != nil {
		return nil, err
	}
	body := institutionBody{InstitutionID: institutionID, CountryCodes: countryCodes}
	if p != nil && *p != (InstitutionByIDParams{}) {
		o := institutionOptions(*p)
		body.Options = &o
	}
	return op.Do(ctx, c.t, transport.Call{Body: body}, opts)
}
