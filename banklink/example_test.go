package banklink_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/conduittest"
)

func Example() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := banklink.New(srv.Options("banklink")...) // the sandbox, by default
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	found, err := c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{banklink.CountryUS}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(found.Institutions[0].InstitutionID, found.Institutions[0].Name)

	token := conduittest.Credential("banklink", "access_token") // the fake's sandbox token
	bal, err := c.GetBalance(ctx, token)
	if err != nil {
		log.Fatal(err)
	}
	for _, a := range bal.Accounts {
		fmt.Printf("%s: current %s %s\n", a.Name, a.Balances.Current, a.Balances.ISOCurrencyCode)
	}
	// Output:
	// ins_109508 First Platypus Bank
	// Platypus Checking: current 110.25 USD
	// Platypus Credit Card: current 9007199254740993.27 USD
}

// The link flow: the server asks for a link token, Link (here the
// sandbox) hands back a public token, and the server exchanges it for the
// item's access token, with which it reads the item.
func Example_link() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := banklink.New(srv.Options("banklink")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()

	link, err := c.CreateLinkToken(ctx, banklink.LinkTokenRequest{
		ClientName:   "Plaid Test App",
		Language:     "en",
		CountryCodes: []banklink.CountryCode{banklink.CountryUS},
		User:         banklink.LinkUser{ClientUserID: "user-8421"},
		Products:     []banklink.Product{banklink.ProductTransactions},
		Webhook:      "https://hooks.example/plaid",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("open Link with", link.LinkToken)

	// In production the front end sends back what Link handed it; the
	// sandbox makes one without a browser.
	pub, err := c.SandboxCreatePublicToken(ctx, "ins_109508", []banklink.Product{banklink.ProductTransactions}, nil)
	if err != nil {
		log.Fatal(err)
	}
	item, err := c.ExchangePublicToken(ctx, pub.PublicToken)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("linked item", item.ItemID) // keep item.AccessToken as a secret

	accounts, err := c.Accounts(ctx, item.AccessToken, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, a := range accounts.Accounts {
		fmt.Printf("%s (%s/%s): %s\n", a.Name, a.Type, a.Subtype, a.Balances.Current)
	}
	got, err := c.Item(ctx, item.AccessToken)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("at", got.Item.InstitutionName, "consented to", got.Item.ConsentedProducts)
	inst, err := c.InstitutionByID(ctx, "ins_109512", []banklink.CountryCode{banklink.CountryUS}, &banklink.InstitutionByIDParams{IncludeStatus: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(inst.Institution.InstitutionID, inst.Institution.Name, inst.Institution.Products)

	if _, err := c.RemoveItem(ctx, item.AccessToken, nil); err != nil {
		log.Fatal(err)
	}
	fmt.Println("removed")
	// Output:
	// open Link with link-sandbox-af1a0311-da53-4636-b754-dd15cc058176
	// linked item M5eVJqLnv3tbzdngLDp9FL5OlDNxlNhlE55op
	// Plaid Checking (depository/checking): 110
	// Plaid 401k (investment/401k): 23631.9805
	// Plaid Student Loan (loan/student): 65262
	// at First Platypus Bank consented to [identity transactions]
	// ins_109512 Houndstooth Bank [auth balance identity transactions]
	// removed
}

// Syncing transactions: one page at a time with SyncTransactions, or a
// whole run with AllTransactionUpdates, which restarts the run when the
// service asks for it.
func Example_transactions() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := banklink.New(srv.Options("banklink")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	token := conduittest.Credential("banklink", "access_token")

	page, err := c.SyncTransactions(ctx, token, &banklink.SyncTransactionsParams{Count: 100})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(page.Added), "added,", len(page.Modified), "modified,", len(page.Removed), "removed; more:", page.HasMore)

	var cursor string
	for u, err := range c.AllTransactionUpdates(ctx, token, nil) {
		if err != nil {
			log.Fatal(err)
		}
		switch u.Kind {
		case banklink.Added, banklink.Modified:
			fmt.Println(u.Kind, u.Transaction.Date, u.Transaction.MerchantName, u.Transaction.Amount, u.Transaction.ISOCurrencyCode)
		case banklink.Removed:
			fmt.Println(u.Kind, u.Removed.TransactionID)
		}
		cursor = u.Cursor
	}
	fmt.Println("next sync from a cursor of", len(cursor), "characters")

	// One page read update by update as it arrives; its cursor follows
	// its lists, so end holds it once the loop is done.
	var end banklink.SyncEnd
	for u, err := range c.EachTransactionUpdate(ctx, token, &banklink.SyncTransactionsParams{Count: 500}, &end) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println("streamed", u.Kind)
	}
	fmt.Println("more:", end.HasMore, "cursor of", len(end.NextCursor), "characters")
	// Output:
	// 1 added, 1 modified, 1 removed; more: false
	// added 2023-09-24 Walmart 72.1 USD
	// modified 2023-09-28 Burger King 28.34 USD
	// removed CmdQTNgems8BT1B7ibkoUXVPyAeehT3Tmzk0l
	// next sync from a cursor of 112 characters
	// streamed added
	// streamed modified
	// streamed removed
	// more: false cursor of 112 characters
}

// Verifying a webhook: the handler passes the body exactly as received
// and the request's header.
func ExampleClient_VerifyWebhook() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := banklink.New(srv.Options("banklink")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	body := []byte(`{"webhook_type":"TRANSACTIONS","webhook_code":"SYNC_UPDATES_AVAILABLE","item_id":"wz666MBjYWTp2PDzzggYhM6oWWmBb","initial_update_complete":true,"historical_update_complete":false,"environment":"production"}`)
	header := conduittest.BanklinkWebhookHeader(body, time.Now()) // as the service would sign it

	ev, err := c.VerifyWebhook(ctx, body, header)
	if err != nil {
		log.Fatal(err) // errors.Is(err, banklink.ErrUnverifiedWebhook): answer 401
	}
	fmt.Println(ev.WebhookType, ev.WebhookCode, ev.ItemID, ev.InitialUpdateComplete)

	_, err = c.VerifyWebhook(ctx, append(body, ' '), header)
	fmt.Println(errors.Is(err, banklink.ErrUnverifiedWebhook))

	// The key VerifyWebhook fetched and cached, read directly.
	key, err := c.WebhookVerificationKey(ctx, "bfbd5111-8e33-4643-8ced-b2e642a72f3c")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(key.Key.Alg, key.Key.Crv)
	// Output:
	// TRANSACTIONS SYNC_UPDATES_AVAILABLE wz666MBjYWTp2PDzzggYhM6oWWmBb true
	// true
	// ES256 P-256
}
