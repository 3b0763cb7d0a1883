package samples

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/conduittest"
)

// bankPublicToken is the public token the fake's sandbox hands out, which
// its exchange accepts.
const bankPublicToken = "public-sandbox-b0e2c4ee-a763-4df5-bfe9-46a46bce993d"

// bankEvent is a webhook body as the service sends it.
const bankEvent = `{"webhook_type":"TRANSACTIONS","webhook_code":"SYNC_UPDATES_AVAILABLE","item_id":"wz666MBjYWTp2PDzzggYhM6oWWmBb","initial_update_complete":true,"historical_update_complete":false,"environment":"production"}`

// bankAccess is the access token of the fake's item.
var bankAccess = conduittest.Credential("banklink", "access_token")

func init() {
	us := []banklink.CountryCode{banklink.CountryUS}
	transactions := []banklink.Product{banklink.ProductTransactions}
	add("banklink", banklink.New, []row[*banklink.Client]{
		{"SearchInstitutions", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{CountryCodes: us})
			return answer(r, func() any { return r.Institutions[0].Name }), err
		}},
		{"GetBalance", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.GetBalance(ctx, bankAccess)
			return answer(r, func() any { return r.Accounts[0].Name }), err
		}},
		{"CreateLinkToken", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.CreateLinkToken(ctx, banklink.LinkTokenRequest{ClientName: "Plaid Test App", Language: "en",
				CountryCodes: us, User: banklink.LinkUser{ClientUserID: "user-1"}, Products: transactions})
			return answer(r, func() any { return r.LinkToken }), err
		}},
		{"SandboxCreatePublicToken", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.SandboxCreatePublicToken(ctx, "ins_109508", transactions, nil)
			return answer(r, func() any { return r.PublicToken }), err
		}},
		{"ExchangePublicToken", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.ExchangePublicToken(ctx, bankPublicToken)
			return answer(r, func() any { return r.ItemID }), err
		}},
		{"Accounts", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.Accounts(ctx, bankAccess, nil)
			return answer(r, func() any { return r.Accounts[0].AccountID }), err
		}},
		{"Item", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.Item(ctx, bankAccess)
			return answer(r, func() any { return r.Item.ItemID }), err
		}},
		{"RemoveItem", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.RemoveItem(ctx, bankAccess, nil)
			return answer(r, func() any { return r.RequestID }), err
		}},
		{"InstitutionByID", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.InstitutionByID(ctx, "ins_109512", us, nil)
			return answer(r, func() any { return r.Institution.Name }), err
		}},
		{"SyncTransactions", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.SyncTransactions(ctx, bankAccess, &banklink.SyncTransactionsParams{Count: 100})
			return answer(r, func() any { return r.NextCursor }), err
		}},
		{"EachTransactionUpdate", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			var end banklink.SyncEnd
			a, err := each(c.EachTransactionUpdate(ctx, bankAccess, &banklink.SyncTransactionsParams{Count: 100}, &end))
			if end.NextCursor == "" {
				a.Field = nil // the members after the lists were not read
			}
			return a, err
		}},
		{"WebhookVerificationKey", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			// VerifyWebhook fetches the key its header names, as a
			// receiver of the service's webhooks does.
			body := []byte(bankEvent)
			ev, err := c.VerifyWebhook(ctx, body, conduittest.BanklinkWebhookHeader(body, time.Now()))
			return answer(ev, func() any { return ev.WebhookCode }), err
		}},
		{"Auth", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.Auth(ctx, bankAccess, nil)
			return answer(r, func() any { return r.Numbers.ACH[0].Routing }), err
		}},
		{"Identity", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.Identity(ctx, bankAccess, nil)
			return answer(r, func() any { return r.Accounts[0].Owners[0].Names[0] }), err
		}},
		{"Liabilities", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.Liabilities(ctx, bankAccess, nil)
			return answer(r, func() any { return r.Liabilities.Student[0].LoanName }), err
		}},
		{"Holdings", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.Holdings(ctx, bankAccess, nil)
			return answer(r, func() any { return r.Holdings[0].SecurityID }), err
		}},
		{"InvestmentTransactions", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			// Every page, as a caller of AllInvestmentTransactions reads them.
			start, end := conduit.Date{Year: 2020, Month: time.January, Day: 1}, conduit.Date{Year: 2020, Month: time.December, Day: 31}
			return each(c.AllInvestmentTransactions(ctx, bankAccess, start, end, &banklink.InvestmentTransactionsParams{Count: 2}))
		}},
		{"RefreshTransactions", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.RefreshTransactions(ctx, bankAccess)
			return answer(r, func() any { return r.RequestID }), err
		}},
		{"UpdateItemWebhook", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.UpdateItemWebhook(ctx, bankAccess, "https://hooks.example/plaid")
			return answer(r, func() any { return r.Item.Webhook }), err
		}},
		{"SandboxFireWebhook", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.SandboxFireWebhook(ctx, bankAccess, banklink.SyncUpdatesAvailable, nil)
			return answer(r, func() any { return r.WebhookFired }), err
		}},
		{"CreateProcessorToken", func(ctx context.Context, c *banklink.Client) (Answer, error) {
			r, err := c.CreateProcessorToken(ctx, bankAccess, "vzeNDwK7KQIm4yEog683uElbp9GRLEFXGK98D", "dwolla")
			return answer(r, func() any { return r.ProcessorToken }), err
		}},
	})
}
