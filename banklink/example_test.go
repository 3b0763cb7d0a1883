package banklink_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/conduit-sdk/conduit"
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

// The product reads: account numbers, owners, debts and investments.
// An amount the institution does not know is absent (IsZero), never 0.
func Example_products() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := banklink.New(srv.Options("banklink")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	token := conduittest.Credential("banklink", "access_token")

	auth, err := c.Auth(ctx, token, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("routing", auth.Numbers.ACH[0].Routing, "iban", auth.Numbers.International[0].IBAN)

	who, err := c.Identity(ctx, token, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("owner", who.Accounts[0].Owners[0].Names[0])

	debts, err := c.Liabilities(ctx, token, nil)
	if err != nil {
		log.Fatal(err)
	}
	loan := debts.Liabilities.Student[0]
	fmt.Println(loan.LoanName, "at", loan.InterestRatePercentage, "% due", loan.NextPaymentDueDate,
		"PSLF eligible from a known date:", !loan.PSLFStatus.EstimatedEligibilityDate.IsZero())

	held, err := c.Holdings(ctx, token, nil)
	if err != nil {
		log.Fatal(err)
	}
	h := held.Holdings[0]
	fmt.Println("holding", h.Quantity, "at", h.InstitutionPrice, h.ISOCurrencyCode, "vested value known:", !h.VestedValue.IsZero())

	start, end := conduit.Date{Year: 2019, Month: 3, Day: 1}, conduit.Date{Year: 2020, Month: 6, Day: 30}
	first, err := c.InvestmentTransactions(ctx, token, start, end, &banklink.InvestmentTransactionsParams{Count: 2})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(first.InvestmentTransactions), "of", first.TotalInvestmentTransactions, "investment transactions on the first page")
	for tx, err := range c.AllInvestmentTransactions(ctx, token, start, end, &banklink.InvestmentTransactionsParams{Count: 2}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(tx.Date, tx.Type, tx.Subtype, tx.Amount, tx.Security.Name)
	}
	// Output:
	// routing 011401533 iban GB29NWBK60161331926819
	// owner Alberta Bobbeth Charleson
	// Consolidation at 5.25 % due 2019-05-28 PSLF eligible from a known date: false
	// holding 0.01 at 1 USD vested value known: false
	// 2 of 3 investment transactions on the first page
	// 2020-05-29 cash dividend -8.72 Southside Bancshares Inc.
	// 2020-05-28 sell sell -1289.01 Matthews Pacific Tiger Fund Insti Class
	// 2020-05-27 buy buy 7.7 DoubleLine Total Return Bond Fund
}

// Item writes: ask for fresh transactions, move the item's webhook, hand
// one account to a payment processor, and fire a test webhook, which the
// fake posts, signed, to a handler on this machine.
func Example_webhooks() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := banklink.New(srv.Options("banklink")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	token := conduittest.Credential("banklink", "access_token")

	got := make(chan string, 1)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		ev, err := c.VerifyWebhook(r.Context(), body, r.Header)
		if err != nil {
			http.Error(w, "unverified", http.StatusUnauthorized)
			return
		}
		got <- string(ev.WebhookType) + " " + string(ev.WebhookCode)
	}))
	defer hook.Close()

	if _, err := c.RefreshTransactions(ctx, token); err != nil {
		log.Fatal(err)
	}
	upd, err := c.UpdateItemWebhook(ctx, token, hook.URL+"/plaid")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("webhook moved:", upd.Item.Webhook == hook.URL+"/plaid")

	fired, err := c.SandboxFireWebhook(ctx, token, banklink.SyncUpdatesAvailable, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("fired:", fired.WebhookFired, "received:", <-got)

	pt, err := c.CreateProcessorToken(ctx, token, auth0AccountID, "dwolla")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("processor token issued:", pt.ProcessorToken != "")
	// Output:
	// webhook moved: true
	// fired: true received: TRANSACTIONS SYNC_UPDATES_AVAILABLE
	// processor token issued: true
}

// auth0AccountID is the first account of the fake's Auth answer.
const auth0AccountID = "vzeNDwK7KQIm4yEog683uElbp9GRLEFXGK98D"
