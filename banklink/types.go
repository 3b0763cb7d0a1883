package banklink

import "github.com/conduit-sdk/conduit"

// The spec does not show the response fields of either operation. The types
// below hold the widely known ones; every record keeps its raw bytes, so
// anything else is reachable through RawJSON and Decode.

// InstitutionsResponse is the answer of SearchInstitutions.
type InstitutionsResponse struct {
	raw          `json:"-"`
	Institutions []Institution `json:"institutions"`
	RequestID    string        `json:"request_id"`
}

// Institution is one bank or other financial institution.
type Institution struct {
	raw           `json:"-"`
	InstitutionID string        `json:"institution_id"`
	Name          string        `json:"name"`
	Products      []Product     `json:"products"`
	CountryCodes  []CountryCode `json:"country_codes"`
}

// BalanceResponse is the answer of GetBalance.
type BalanceResponse struct {
	raw       `json:"-"`
	Accounts  []Account `json:"accounts"`
	RequestID string    `json:"request_id"`
}

// Account is one account of a linked item.
type Account struct {
	raw       `json:"-"`
	AccountID string   `json:"account_id"`
	Name      string   `json:"name"`
	Mask      string   `json:"mask"`
	Type      string   `json:"type"`
	Subtype   string   `json:"subtype"`
	Balances  Balances `json:"balances"`
}

// Balances are an account's amounts in its currency, exact as sent. Any
// amount may be unknown (null), which leaves it absent (IsZero).
type Balances struct {
	Available              conduit.Decimal `json:"available"`
	Current                conduit.Decimal `json:"current"`
	Limit                  conduit.Decimal `json:"limit"`
	ISOCurrencyCode        string          `json:"iso_currency_code"`
	UnofficialCurrencyCode string          `json:"unofficial_currency_code"`
}
