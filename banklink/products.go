package banklink

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// The product reads: each takes the item's access token and, optionally,
// the accounts to keep; each only reads, so it is retried like a GET.
var (
	authOp        = transport.Declare[AuthResponse](service, transport.Op{Name: "Auth", Method: "POST", Path: "/auth/get"}, nil)
	identityOp    = transport.Declare[IdentityResponse](service, transport.Op{Name: "Identity", Method: "POST", Path: "/identity/get"}, nil)
	liabilitiesOp = transport.Declare[LiabilitiesResponse](service, transport.Op{Name: "Liabilities", Method: "POST", Path: "/liabilities/get"}, nil)
)

// AuthResponse is the answer of Auth: the numbers that move money to and
// from the item's checking, savings and cash management accounts, per
// payment network. Each number names its account by AccountID.
type AuthResponse struct {
	raw       `json:"-"`
	Accounts  []Account   `json:"accounts"`
	Numbers   AuthNumbers `json:"numbers"`
	Item      Item        `json:"item"`
	RequestID string      `json:"request_id"`
}

// AuthNumbers are an item's account numbers, one list per network; a
// network the institution does not use is an empty list.
type AuthNumbers struct {
	ACH           []NumbersACH           `json:"ach"`
	EFT           []NumbersEFT           `json:"eft"`
	International []NumbersInternational `json:"international"`
	BACS          []NumbersBACS          `json:"bacs"`
}

// NumbersACH are an account's US numbers.
type NumbersACH struct {
	AccountID string `json:"account_id"`
	// Account is the account number; a tokenized one
	// (IsTokenizedAccountNumber) works for ACH only and can be revoked by
	// the institution.
	Account                  string `json:"account"`
	IsTokenizedAccountNumber bool   `json:"is_tokenized_account_number"`
	Routing                  string `json:"routing"`
	// WireRouting is "" when the institution has none.
	WireRouting string `json:"wire_routing"`
	// CanTransferIn and CanTransferOut are nil when the institution does
	// not say.
	CanTransferIn  *bool `json:"can_transfer_in"`
	CanTransferOut *bool `json:"can_transfer_out"`
}

// NumbersEFT are an account's Canadian numbers.
type NumbersEFT struct {
	AccountID   string `json:"account_id"`
	Account     string `json:"account"`
	Institution string `json:"institution"`
	Branch      string `json:"branch"`
}

// NumbersInternational are an account's IBAN and BIC.
type NumbersInternational struct {
	AccountID string `json:"account_id"`
	IBAN      string `json:"iban"`
	BIC       string `json:"bic"`
}

// NumbersBACS are an account's UK numbers.
type NumbersBACS struct {
	AccountID string `json:"account_id"`
	Account   string `json:"account"`
	SortCode  string `json:"sort_code"`
}

// IdentityResponse is the answer of Identity: the item's accounts, each
// with the owners the institution has on file.
type IdentityResponse struct {
	raw       `json:"-"`
	Accounts  []IdentityAccount `json:"accounts"`
	Item      Item              `json:"item"`
	RequestID string            `json:"request_id"`
}

// IdentityAccount is an account with its owners.
type IdentityAccount struct {
	raw       `json:"-"`
	AccountID string   `json:"account_id"`
	Name      string   `json:"name"`
	Mask      string   `json:"mask"`
	Type      string   `json:"type"`
	Subtype   string   `json:"subtype"`
	Balances  Balances `json:"balances"`
	Owners    []Owner  `json:"owners"`
}

// Owner is one holder of an account, as the institution records them;
// a joint account has several, and one owner may have several names.
type Owner struct {
	Names        []string      `json:"names"`
	PhoneNumbers []PhoneNumber `json:"phone_numbers"`
	Emails       []Email       `json:"emails"`
	Addresses    []Address     `json:"addresses"`
}

// PhoneNumber is one of an owner's numbers; Type is "home", "work",
// "office", "mobile", "mobile1" or "other".
type PhoneNumber struct {
	Data    string `json:"data"`
	Primary bool   `json:"primary"`
	Type    string `json:"type"`
}

// Email is one of an owner's addresses; Type is "primary", "secondary"
// or "other".
type Email struct {
	Data    string `json:"data"`
	Primary bool   `json:"primary"`
	Type    string `json:"type"`
}

// Address is one of an owner's postal addresses.
type Address struct {
	Data    AddressData `json:"data"`
	Primary bool        `json:"primary"`
}

// AddressData is a postal address; a part the institution does not know
// is "".
type AddressData struct {
	Street     string `json:"street"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// LiabilitiesResponse is the answer of Liabilities.
type LiabilitiesResponse struct {
	raw         `json:"-"`
	Accounts    []Account   `json:"accounts"`
	Item        Item        `json:"item"`
	Liabilities Liabilities `json:"liabilities"`
	RequestID   string      `json:"request_id"`
}

// Liabilities are the item's debts by kind, each naming its account by
// AccountID; a kind the item has none of is nil.
type Liabilities struct {
	Credit   []CreditCardLiability `json:"credit"`
	Mortgage []MortgageLiability   `json:"mortgage"`
	Student  []StudentLoan         `json:"student"`
}

// CreditCardLiability is a credit card's or a PayPal credit account's
// debt. Every amount and date may be unknown to the institution, which
// leaves it absent (IsZero), never 0.
type CreditCardLiability struct {
	AccountID string `json:"account_id"`
	APRs      []APR  `json:"aprs"`
	// IsOverdue is nil when the institution does not say.
	IsOverdue              *bool           `json:"is_overdue"`
	LastPaymentAmount      conduit.Decimal `json:"last_payment_amount"`
	LastPaymentDate        conduit.Date    `json:"last_payment_date"`
	LastStatementIssueDate conduit.Date    `json:"last_statement_issue_date"`
	LastStatementBalance   conduit.Decimal `json:"last_statement_balance"`
	MinimumPaymentAmount   conduit.Decimal `json:"minimum_payment_amount"`
	NextPaymentDueDate     conduit.Date    `json:"next_payment_due_date"`
}

// APR is one of a card's annual percentage rates; APRType is
// "balance_transfer_apr", "cash_apr", "purchase_apr" or "special".
type APR struct {
	APRPercentage        conduit.Decimal `json:"apr_percentage"`
	APRType              string          `json:"apr_type"`
	BalanceSubjectToAPR  conduit.Decimal `json:"balance_subject_to_apr"`
	InterestChargeAmount conduit.Decimal `json:"interest_charge_amount"`
}

// MortgageLiability is a mortgage. Every amount and date may be unknown,
// which leaves it absent (IsZero), never 0.
type MortgageLiability struct {
	AccountID     string `json:"account_id"`
	AccountNumber string `json:"account_number"`
	// CurrentLateFee, EscrowBalance and PastDueAmount are amounts owed
	// now; the others describe the loan.
	CurrentLateFee       conduit.Decimal `json:"current_late_fee"`
	EscrowBalance        conduit.Decimal `json:"escrow_balance"`
	HasPMI               *bool           `json:"has_pmi"`
	HasPrepaymentPenalty *bool           `json:"has_prepayment_penalty"`
	InterestRate         struct {
		Percentage conduit.Decimal `json:"percentage"`
		// Type is "fixed" or "variable", or "" when unknown.
		Type string `json:"type"`
	} `json:"interest_rate"`
	LastPaymentAmount          conduit.Decimal `json:"last_payment_amount"`
	LastPaymentDate            conduit.Date    `json:"last_payment_date"`
	LoanTypeDescription        string          `json:"loan_type_description"`
	LoanTerm                   string          `json:"loan_term"`
	MaturityDate               conduit.Date    `json:"maturity_date"`
	NextMonthlyPayment         conduit.Decimal `json:"next_monthly_payment"`
	NextPaymentDueDate         conduit.Date    `json:"next_payment_due_date"`
	OriginationDate            conduit.Date    `json:"origination_date"`
	OriginationPrincipalAmount conduit.Decimal `json:"origination_principal_amount"`
	PastDueAmount              conduit.Decimal `json:"past_due_amount"`
	PropertyAddress            AddressData     `json:"property_address"`
	YTDInterestPaid            conduit.Decimal `json:"ytd_interest_paid"`
	YTDPrincipalPaid           conduit.Decimal `json:"ytd_principal_paid"`
}

// StudentLoan is a student loan. Every amount and date may be unknown,
// which leaves it absent (IsZero), never 0.
type StudentLoan struct {
	AccountID              string          `json:"account_id"`
	AccountNumber          string          `json:"account_number"`
	DisbursementDates      []conduit.Date  `json:"disbursement_dates"`
	ExpectedPayoffDate     conduit.Date    `json:"expected_payoff_date"`
	Guarantor              string          `json:"guarantor"`
	InterestRatePercentage conduit.Decimal `json:"interest_rate_percentage"`
	IsOverdue              *bool           `json:"is_overdue"`
	LastPaymentAmount      conduit.Decimal `json:"last_payment_amount"`
	LastPaymentDate        conduit.Date    `json:"last_payment_date"`
	LastStatementBalance   conduit.Decimal `json:"last_statement_balance"`
	LastStatementIssueDate conduit.Date    `json:"last_statement_issue_date"`
	LoanName               string          `json:"loan_name"`
	LoanStatus             struct {
		EndDate conduit.Date `json:"end_date"`
		// Type is the service's status word ("repayment", "deferment",
		// "in school", …), or "" when unknown.
		Type string `json:"type"`
	} `json:"loan_status"`
	MinimumPaymentAmount       conduit.Decimal `json:"minimum_payment_amount"`
	NextPaymentDueDate         conduit.Date    `json:"next_payment_due_date"`
	OriginationDate            conduit.Date    `json:"origination_date"`
	OriginationPrincipalAmount conduit.Decimal `json:"origination_principal_amount"`
	OutstandingInterestAmount  conduit.Decimal `json:"outstanding_interest_amount"`
	PaymentReferenceNumber     string          `json:"payment_reference_number"`
	PSLFStatus                 struct {
		EstimatedEligibilityDate conduit.Date `json:"estimated_eligibility_date"`
		// PaymentsMade and PaymentsRemaining are nil when unknown.
		PaymentsMade      *int `json:"payments_made"`
		PaymentsRemaining *int `json:"payments_remaining"`
	} `json:"pslf_status"`
	RepaymentPlan struct {
		Description string `json:"description"`
		// Type is the service's plan word ("standard", "graduated", …),
		// or "" when unknown.
		Type string `json:"type"`
	} `json:"repayment_plan"`
	SequenceNumber   string          `json:"sequence_number"`
	ServicerAddress  AddressData     `json:"servicer_address"`
	YTDInterestPaid  conduit.Decimal `json:"ytd_interest_paid"`
	YTDPrincipalPaid conduit.Decimal `json:"ytd_principal_paid"`
}

// ProductParams are the optional inputs of Auth, Identity, Liabilities
// and Holdings.
type ProductParams struct {
	// AccountIDs keeps only these accounts of the item.
	AccountIDs []string
}

// productCall checks a product read's inputs for op and returns its call:
// the access token, and options.account_ids when p names accounts.
func productCall(op *transport.Op, accessToken string, p *ProductParams) (transport.Call, error) {
	if err := checkToken(op, "access_token", accessToken); err != nil {
		return transport.Call{}, err
	}
	body := accountsBody{AccessToken: accessToken}
	if p != nil && len(p.AccountIDs) > 0 {
		if err := checkIDs(op, "options.account_ids", p.AccountIDs); err != nil {
			return transport.Call{}, err
		}
		body.Options = &accountsOptions{AccountIDs: p.AccountIDs}
	}
	return transport.Call{Body: body, Secrets: []string{accessToken}}, nil
}

// checkIDs is checkID for each id of a list.
func checkIDs(op *transport.Op, field string, ids []string) error {
	for _, id := range ids {
		if err := checkID(op, field, id); err != nil {
			return err
		}
	}
	return nil
}

// Auth reads the account and routing numbers of the item's checking,
// savings and cash management accounts (the auth product), for paying
// into or drawing from them. The numbers are personal data: keep them out
// of logs.
func (c *Client) Auth(ctx context.Context, accessToken string, p *ProductParams, opts ...Option) (*AuthResponse, error) {
	call, err := productCall(authOp.Op, accessToken, p)
	if err != nil {
		return nil, err
	}
	return authOp.Do(ctx, c.t, call, opts)
}

// Identity reads the names, phone numbers, e-mail and postal addresses
// the institution holds for the owners of each of the item's accounts
// (the identity product), to check them against what the user told the
// application.
func (c *Client) Identity(ctx context.Context, accessToken string, p *ProductParams, opts ...Option) (*IdentityResponse, error) {
	call, err := productCall(identityOp.Op, accessToken, p)
	if err != nil {
		return nil, err
	}
	return identityOp.Do(ctx, c.t, call, opts)
}

// Liabilities reads the item's credit card, mortgage and student loan
// debts (the liabilities product): rates, amounts due and due dates. The
// institution often leaves amounts and dates unknown; those stay absent,
// never 0.
func (c *Client) Liabilities(ctx context.Context, accessToken string, p *ProductParams, opts ...Option) (*LiabilitiesResponse, error) {
	call, err := productCall(liabilitiesOp.Op, accessToken, p)
	if err != nil {
		return nil, err
	}
	return liabilitiesOp.Do(ctx, c.t, call, opts)
}
