package main

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/conduittest"
)

func init() {
	register("banklink", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := banklink.New()
		if err != nil {
			return err
		}
		found, err := c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{banklink.CountryUS}})
		if err != nil {
			return err
		}
		first := found.Institutions[0]
		say("SearchInstitutions", "%d found in %s, first %s %q", len(found.Institutions), c.Environment(), first.InstitutionID, first.Name)
		token := conduittest.Credential("banklink", "access_token") // a linked account's, per call
		bal, err := c.GetBalance(ctx, token)
		if err != nil {
			return err
		}
		a := bal.Accounts[0]
		say("GetBalance", "%d accounts, %s available %s current %s %s", len(bal.Accounts), a.Name, a.Balances.Available, a.Balances.Current, a.Balances.ISOCurrencyCode)
		return linkFlow(ctx, c, say)
	})
}

// linkFlow links a sandbox item as an application does, reads it, syncs
// its transactions, verifies a webhook about it and removes it.
func linkFlow(ctx context.Context, c *banklink.Client, say func(op, format string, args ...any)) error {
	link, err := c.CreateLinkToken(ctx, banklink.LinkTokenRequest{ClientName: "Plaid Test App", Language: "en",
		CountryCodes: []banklink.CountryCode{banklink.CountryUS}, User: banklink.LinkUser{ClientUserID: "user-8421"},
		Products: []banklink.Product{banklink.ProductTransactions}})
	if err != nil {
		return err
	}
	say("CreateLinkToken", "%s, expires %s", link.LinkToken, link.Expiration.Format(time.RFC3339))
	pub, err := c.SandboxCreatePublicToken(ctx, "ins_109508", []banklink.Product{banklink.ProductTransactions}, nil)
	if err != nil {
		return err
	}
	say("SandboxCreatePublicToken", "%s", pub.PublicToken)
	item, err := c.ExchangePublicToken(ctx, pub.PublicToken)
	if err != nil {
		return err
	}
	say("ExchangePublicToken", "item %s (its access token stays secret)", item.ItemID)
	accts, err := c.Accounts(ctx, item.AccessToken, nil)
	if err != nil {
		return err
	}
	say("Accounts", "%d accounts at %s, first %s current %s", len(accts.Accounts), accts.Item.InstitutionName, accts.Accounts[0].Name, accts.Accounts[0].Balances.Current)
	got, err := c.Item(ctx, item.AccessToken)
	if err != nil {
		return err
	}
	say("Item", "%s at %s, products %v", got.Item.ItemID, got.Item.InstitutionName, got.Item.Products)
	inst, err := c.InstitutionByID(ctx, "ins_109512", []banklink.CountryCode{banklink.CountryUS}, nil)
	if err != nil {
		return err
	}
	say("InstitutionByID", "%s %s, products %v", inst.Institution.InstitutionID, inst.Institution.Name, inst.Institution.Products)
	sync, err := c.SyncTransactions(ctx, item.AccessToken, &banklink.SyncTransactionsParams{Count: 100})
	if err != nil {
		return err
	}
	t := sync.Added[0]
	say("SyncTransactions", "+%d ~%d -%d, first %s %s %s %s", len(sync.Added), len(sync.Modified), len(sync.Removed), t.Date, t.MerchantName, t.Amount, t.ISOCurrencyCode)
	kinds, cursor := map[banklink.UpdateKind]int{}, ""
	for u, err := range c.AllTransactionUpdates(ctx, item.AccessToken, nil) {
		if err != nil {
			return err
		}
		kinds[u.Kind]++
		cursor = u.Cursor
	}
	var end banklink.SyncEnd
	streamed := 0
	for _, err := range c.EachTransactionUpdate(ctx, item.AccessToken, nil, &end) {
		if err != nil {
			return err
		}
		streamed++
	}
	say("EachTransactionUpdate", "%d updates of one page read as it arrived; more: %t", streamed, end.HasMore)
	say("AllTransactionUpdates", "%d added, %d modified, %d removed; next sync from %.12s…", kinds[banklink.Added], kinds[banklink.Modified], kinds[banklink.Removed], cursor)
	body := []byte(`{"webhook_type":"TRANSACTIONS","webhook_code":"SYNC_UPDATES_AVAILABLE","item_id":"wz666MBjYWTp2PDzzggYhM6oWWmBb","initial_update_complete":true,"historical_update_complete":false,"environment":"production"}`)
	ev, err := c.VerifyWebhook(ctx, body, conduittest.BanklinkWebhookHeader(body, time.Now()))
	if err != nil {
		return err
	}
	key, err := c.WebhookVerificationKey(ctx, "bfbd5111-8e33-4643-8ced-b2e642a72f3c")
	if err != nil {
		return err
	}
	say("WebhookVerificationKey", "%s %s key %s verified %s %s", key.Key.Alg, key.Key.Crv, key.Key.Kid, ev.WebhookType, ev.WebhookCode)
	if err := products(ctx, c, item.AccessToken, say); err != nil {
		return err
	}
	if _, err := c.RemoveItem(ctx, item.AccessToken, nil); err != nil {
		return err
	}
	say("RemoveItem", "item %s removed", item.ItemID)
	return nil
}

// products reads what the item's products hold and makes the item writes
// an application makes after linking.
func products(ctx context.Context, c *banklink.Client, token string, say func(op, format string, args ...any)) error {
	auth, err := c.Auth(ctx, token, nil)
	if err != nil {
		return err
	}
	say("Auth", "routing %s, IBAN %s", auth.Numbers.ACH[0].Routing, auth.Numbers.International[0].IBAN)
	who, err := c.Identity(ctx, token, nil)
	if err != nil {
		return err
	}
	say("Identity", "owner %s", who.Accounts[0].Owners[0].Names[0])
	debts, err := c.Liabilities(ctx, token, nil)
	if err != nil {
		return err
	}
	loan := debts.Liabilities.Student[0]
	say("Liabilities", "%s at %v%%, next payment due %v", loan.LoanName, loan.InterestRatePercentage, loan.NextPaymentDueDate)
	held, err := c.Holdings(ctx, token, nil)
	if err != nil {
		return err
	}
	say("Holdings", "%d holdings, first %v at %v %s", len(held.Holdings), held.Holdings[0].Quantity, held.Holdings[0].InstitutionPrice, held.Holdings[0].ISOCurrencyCode)
	start, end := conduit.Date{Year: 2019, Month: 3, Day: 1}, conduit.Date{Year: 2020, Month: 6, Day: 30}
	page, err := c.InvestmentTransactions(ctx, token, start, end, &banklink.InvestmentTransactionsParams{Count: 2})
	if err != nil {
		return err
	}
	say("InvestmentTransactions", "%d of %d on the first page", len(page.InvestmentTransactions), page.TotalInvestmentTransactions)
	txs, err := take(c.AllInvestmentTransactions(ctx, token, start, end, &banklink.InvestmentTransactionsParams{Count: 2}), 10)
	if err != nil {
		return err
	}
	say("AllInvestmentTransactions", "%d seen, last %s %v of %s", len(txs), txs[len(txs)-1].Type, txs[len(txs)-1].Amount, txs[len(txs)-1].Security.Name)
	if _, err := c.RefreshTransactions(ctx, token); err != nil {
		return err
	}
	say("RefreshTransactions", "fresh transactions asked for")
	upd, err := c.UpdateItemWebhook(ctx, token, "https://example.com/plaid")
	if err != nil {
		return err
	}
	say("UpdateItemWebhook", "webhook now %s", upd.Item.Webhook)
	fired, err := c.SandboxFireWebhook(ctx, token, banklink.SyncUpdatesAvailable, nil)
	if err != nil {
		return err
	}
	say("SandboxFireWebhook", "fired: %t", fired.WebhookFired)
	pt, err := c.CreateProcessorToken(ctx, token, auth.Accounts[0].AccountID, "dwolla")
	if err != nil {
		return err
	}
	say("CreateProcessorToken", "processor token issued: %t", pt.ProcessorToken != "")
	return nil
}
