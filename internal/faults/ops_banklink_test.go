package faults

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
)

func init() {
	notes = append(notes,
		noted("banklink", "SearchInstitutions", banklink.New).auth("body client_id, secret").rejects("query", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SearchInstitutions(ctx, " ", nil))
		}).rejects("products", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{Products: []banklink.Product{banklink.ProductAuth, ""}}))
		}).rejects("country_codes", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{"us"}}))
		}),
		noted("banklink", "GetBalance", banklink.New).auth("body client_id, secret, access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.GetBalance(ctx, ""))
		}).rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.GetBalance(ctx, "access-sandbox 123"))
		}),
		noted("banklink", "CreateLinkToken", banklink.New).writes().auth(bankBody).rejects("client_name", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.CreateLinkToken(ctx, linkRequest(func(r *banklink.LinkTokenRequest) { r.ClientName = " " })))
		}).rejects("language", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.CreateLinkToken(ctx, linkRequest(func(r *banklink.LinkTokenRequest) { r.Language = "" })))
		}).rejects("country_codes", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.CreateLinkToken(ctx, linkRequest(func(r *banklink.LinkTokenRequest) { r.CountryCodes = nil })))
		}).rejects("user.client_user_id", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.CreateLinkToken(ctx, linkRequest(func(r *banklink.LinkTokenRequest) { r.User.ClientUserID = "" })))
		}).rejects("products", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.CreateLinkToken(ctx, linkRequest(func(r *banklink.LinkTokenRequest) { r.Products = nil })))
		}).rejects("webhook", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.CreateLinkToken(ctx, linkRequest(func(r *banklink.LinkTokenRequest) { r.Webhook = "hooks.example/plaid" })))
		}),
		noted("banklink", "ExchangePublicToken", banklink.New).writes().auth(bankBody+", public_token").rejects("public_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.ExchangePublicToken(ctx, ""))
		}).rejects("public_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.ExchangePublicToken(ctx, "public-sandbox\n1"))
		}),
		noted("banklink", "SandboxCreatePublicToken", banklink.New).writes().auth(bankBody).rejects("institution_id", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SandboxCreatePublicToken(ctx, "", []banklink.Product{banklink.ProductTransactions}, nil))
		}).rejects("initial_products", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SandboxCreatePublicToken(ctx, "ins_109508", nil, nil))
		}).rejects("initial_products", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SandboxCreatePublicToken(ctx, "ins_109508", []banklink.Product{"everything"}, nil))
		}),
		noted("banklink", "Accounts", banklink.New).auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.Accounts(ctx, "", nil))
		}).rejects("options.account_ids", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.Accounts(ctx, cred("banklink", "access_token"), &banklink.AccountsParams{AccountIDs: []string{""}}))
		}),
		noted("banklink", "Item", banklink.New).auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.Item(ctx, ""))
		}),
		noted("banklink", "RemoveItem", banklink.New).writes().auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.RemoveItem(ctx, "", nil))
		}).rejects("reason_code", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.RemoveItem(ctx, cred("banklink", "access_token"), &banklink.RemoveItemParams{ReasonCode: "fraud"}))
		}),
		noted("banklink", "InstitutionByID", banklink.New).auth(bankBody).rejects("institution_id", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.InstitutionByID(ctx, "", []banklink.CountryCode{banklink.CountryUS}, nil))
		}).rejects("country_codes", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.InstitutionByID(ctx, "ins_109512", nil, nil))
		}),
		noted("banklink", "SyncTransactions", banklink.New).auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SyncTransactions(ctx, "", nil))
		}).rejects("count", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SyncTransactions(ctx, cred("banklink", "access_token"), &banklink.SyncTransactionsParams{Count: 501}))
		}).rejects("options.days_requested", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SyncTransactions(ctx, cred("banklink", "access_token"), &banklink.SyncTransactionsParams{DaysRequested: 731}))
		}).rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return drain(c.AllTransactionUpdates(ctx, "", nil))
		}),
		noted("banklink", "EachTransactionUpdate", banklink.New).auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return drain(c.EachTransactionUpdate(ctx, "", nil, nil))
		}).rejects("count", func(ctx context.Context, c *banklink.Client) error {
			return drain(c.EachTransactionUpdate(ctx, cred("banklink", "access_token"), &banklink.SyncTransactionsParams{Count: 501}, nil))
		}).rejects("options.days_requested", func(ctx context.Context, c *banklink.Client) error {
			return drain(c.EachTransactionUpdate(ctx, cred("banklink", "access_token"), &banklink.SyncTransactionsParams{DaysRequested: 731}, nil))
		}),
		noted("banklink", "WebhookVerificationKey", banklink.New).auth(bankBody).rejects("key_id", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.WebhookVerificationKey(ctx, ""))
		}).rejects("key_id", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.WebhookVerificationKey(ctx, "bfbd5111-8e33-4643-8ced-b2e642a72f3c0")) // one past a UUID
		}),
		noted("banklink", "Auth", banklink.New).auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.Auth(ctx, "", nil))
		}).rejects("options.account_ids", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.Auth(ctx, cred("banklink", "access_token"), &banklink.ProductParams{AccountIDs: []string{"a b"}}))
		}),
		noted("banklink", "Identity", banklink.New).auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.Identity(ctx, "access sandbox", nil))
		}),
		noted("banklink", "Liabilities", banklink.New).auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.Liabilities(ctx, "", nil))
		}),
		noted("banklink", "Holdings", banklink.New).auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.Holdings(ctx, "", nil))
		}).rejects("options.account_ids", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.Holdings(ctx, cred("banklink", "access_token"), &banklink.ProductParams{AccountIDs: []string{""}}))
		}),
		noted("banklink", "InvestmentTransactions", banklink.New).auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.InvestmentTransactions(ctx, "", investStart, investEnd, nil))
		}).rejects("start_date", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.InvestmentTransactions(ctx, cred("banklink", "access_token"), conduit.Date{}, investEnd, nil))
		}).rejects("end_date", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.InvestmentTransactions(ctx, cred("banklink", "access_token"), investEnd, investStart, nil))
		}).rejects("options.count", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.InvestmentTransactions(ctx, cred("banklink", "access_token"), investStart, investEnd, &banklink.InvestmentTransactionsParams{Count: 501}))
		}).rejects("options.offset", func(ctx context.Context, c *banklink.Client) error {
			return drain(c.AllInvestmentTransactions(ctx, cred("banklink", "access_token"), investStart, investEnd, &banklink.InvestmentTransactionsParams{Offset: -1}))
		}),
		noted("banklink", "RefreshTransactions", banklink.New).writes().auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.RefreshTransactions(ctx, ""))
		}),
		noted("banklink", "UpdateItemWebhook", banklink.New).writes().auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.UpdateItemWebhook(ctx, "", "https://hooks.example/plaid"))
		}).rejects("webhook", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.UpdateItemWebhook(ctx, cred("banklink", "access_token"), "hooks.example/plaid"))
		}),
		noted("banklink", "SandboxFireWebhook", banklink.New).writes().auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SandboxFireWebhook(ctx, "", banklink.SyncUpdatesAvailable, nil))
		}).rejects("webhook_code", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SandboxFireWebhook(ctx, cred("banklink", "access_token"), "sync updates", nil))
		}).rejects("webhook_type", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.SandboxFireWebhook(ctx, cred("banklink", "access_token"), banklink.DefaultUpdate, &banklink.SandboxFireWebhookParams{WebhookType: "holdings"}))
		}),
		noted("banklink", "CreateProcessorToken", banklink.New).writes().auth(bankBody+", access_token").rejects("access_token", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.CreateProcessorToken(ctx, "", "vzeNDwK7KQIm4yEog683uElbp9GRLEFXGK98D", "dwolla"))
		}).rejects("account_id", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.CreateProcessorToken(ctx, cred("banklink", "access_token"), "", "dwolla"))
		}).rejects("processor", func(ctx context.Context, c *banklink.Client) error {
			return discard(c.CreateProcessorToken(ctx, cred("banklink", "access_token"), "vzeNDwK7KQIm4yEog683uElbp9GRLEFXGK98D", "Dwolla"))
		}),
	)
}

// investStart and investEnd are a valid range of InvestmentTransactions.
var investStart, investEnd = conduit.Date{Year: 2020, Month: 1, Day: 1}, conduit.Date{Year: 2020, Month: 12, Day: 31}

// bankBody is where the service's credentials travel.
const bankBody = "body client_id, secret"

// linkRequest is a valid link token request, changed by edit.
func linkRequest(edit func(r *banklink.LinkTokenRequest)) banklink.LinkTokenRequest {
	r := banklink.LinkTokenRequest{ClientName: "Plaid Test App", Language: "en", CountryCodes: []banklink.CountryCode{banklink.CountryUS},
		User: banklink.LinkUser{ClientUserID: "user-1"}, Products: []banklink.Product{banklink.ProductTransactions}}
	if edit != nil {
		edit(&r)
	}
	return r
}
