package banklink_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

var investStart, investEnd = conduit.Date{Year: 2020, Month: 1, Day: 1}, conduit.Date{Year: 2020, Month: 12, Day: 31}

func TestProductReadsSendTheTokenAndAccountFilter(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "banklink", "auth.json")})
	r, err := newLocal(t, srv).Auth(context.Background(), accessToken, &banklink.ProductParams{AccountIDs: []string{"acc-1"}})
	require.NoError(t, err)
	assert.Equal(t, "/auth/get", srv.Last(t).Path)
	assert.Equal(t, map[string]any{"client_id": clientID, "secret": secret, "access_token": accessToken,
		"options": map[string]any{"account_ids": []any{"acc-1"}}}, srv.Last(t).JSON(t))
	assert.Equal(t, "011401533", r.Numbers.ACH[0].Routing)
	assert.Equal(t, "021000021", r.Numbers.ACH[0].WireRouting)
	assert.Nil(t, r.Numbers.ACH[0].CanTransferIn, "a flag the answer leaves out stays unknown")
	assert.Equal(t, "GB29NWBK60161331926819", r.Numbers.International[0].IBAN)
	assert.Equal(t, "601613", r.Numbers.BACS[0].SortCode)
	assert.True(t, r.Accounts[0].Balances.Limit.IsZero(), "a null limit is absent")
	assert.Equal(t, "ins_117650", r.Item.InstitutionID)
}

// Money the institution does not know arrives as null: it must stay
// absent, never become 0, while a sent 0 stays a present 0.
func TestNullMoneyStaysAbsent(t *testing.T) {
	srv := testkit.Start(t,
		testkit.Reply{Body: `{"holdings":[{"account_id":"a","security_id":"s","cost_basis":null,"institution_price":0,"institution_value":0,"quantity":2,"vested_value":null}],"securities":[{"security_id":"s","close_price":null,"is_cash_equivalent":null}],"accounts":[],"item":{},"request_id":"r"}`},
		testkit.Reply{Body: `{"liabilities":{"credit":[{"account_id":"a","aprs":[],"is_overdue":null,"last_payment_amount":null,"minimum_payment_amount":0,"next_payment_due_date":null}],"mortgage":null,"student":null},"accounts":[],"item":{},"request_id":"r"}`})
	c := newLocal(t, srv)
	h, err := c.Holdings(context.Background(), accessToken, nil)
	require.NoError(t, err)
	assert.True(t, h.Holdings[0].CostBasis.IsZero(), "null cost basis is absent")
	assert.False(t, h.Holdings[0].InstitutionPrice.IsZero(), "a sent 0 is present")
	assert.Equal(t, 0, h.Holdings[0].InstitutionPrice.Sign())
	assert.True(t, h.Securities[0].ClosePrice.IsZero())
	assert.Nil(t, h.Securities[0].IsCashEquivalent)

	l, err := c.Liabilities(context.Background(), accessToken, nil)
	require.NoError(t, err)
	card := l.Liabilities.Credit[0]
	assert.True(t, card.LastPaymentAmount.IsZero())
	assert.False(t, card.MinimumPaymentAmount.IsZero())
	assert.Nil(t, card.IsOverdue)
	assert.True(t, card.NextPaymentDueDate.IsZero())
	assert.Nil(t, l.Liabilities.Mortgage)
}

func TestInvestmentTransactionsSendsRangeAndPage(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "banklink", "investment_transactions.json")})
	c := newLocal(t, srv)
	r, err := c.InvestmentTransactions(context.Background(), accessToken, investStart, investEnd, nil)
	require.NoError(t, err)
	assert.Equal(t, "/investments/transactions/get", srv.Last(t).Path)
	assert.Equal(t, map[string]any{"client_id": clientID, "secret": secret, "access_token": accessToken,
		"start_date": "2020-01-01", "end_date": "2020-12-31"}, srv.Last(t).JSON(t), "no options unless asked for")
	assert.Equal(t, 3, r.TotalInvestmentTransactions)
	assert.Equal(t, "-8.72", r.InvestmentTransactions[0].Amount.String())
	assert.False(t, r.InvestmentTransactions[0].Fees.IsZero(), "a sent fee of 0 is present")

	_, err = c.InvestmentTransactions(context.Background(), accessToken, investStart, investEnd,
		&banklink.InvestmentTransactionsParams{Count: 500, Offset: 200, AccountIDs: []string{"a"}, AsyncUpdate: true})
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"account_ids": []any{"a"}, "count": float64(500), "offset": float64(200), "async_update": true},
		srv.Last(t).JSON(t)["options"])
}

func TestAllInvestmentTransactionsWalksOffsets(t *testing.T) {
	srv := conduittest.NewServer(t)
	c, err := banklink.New(srv.Options("banklink")...)
	require.NoError(t, err)
	token := conduittest.Credential("banklink", "access_token")
	var ids []string
	for tx, err := range c.AllInvestmentTransactions(context.Background(), token, investStart, investEnd, &banklink.InvestmentTransactionsParams{Count: 1}) {
		require.NoError(t, err)
		require.NotNil(t, tx.Security, "each transaction carries its page's security")
		assert.Equal(t, tx.SecurityID, tx.Security.SecurityID)
		ids = append(ids, tx.InvestmentTransactionID)
	}
	assert.Len(t, ids, 3)
	var offsets []any
	for _, r := range srv.Requests("banklink", "InvestmentTransactions") {
		offsets = append(offsets, testkit.Request{Body: r.Body}.JSON(t)["options"].(map[string]any)["offset"])
	}
	assert.Equal(t, []any{nil, float64(1), float64(2)}, offsets, "offset 0 is the service's default and is left out")
}

// A page that comes back empty before the total is reached would be
// asked for again forever; the iterator stops instead.
func TestAllInvestmentTransactionsStopsOnAShortTotal(t *testing.T) {
	srv := testkit.Start(t,
		testkit.Reply{Body: `{"investment_transactions":[{"investment_transaction_id":"t1"}],"securities":[],"accounts":[],"item":{},"total_investment_transactions":5,"request_id":"r"}`},
		testkit.Reply{Body: `{"investment_transactions":[],"securities":[],"accounts":[],"item":{},"total_investment_transactions":5,"request_id":"r"}`})
	var got []string
	var last error
	for tx, err := range newLocal(t, srv).AllInvestmentTransactions(context.Background(), accessToken, investStart, investEnd, nil) {
		if err != nil {
			last = err
			break
		}
		got = append(got, tx.InvestmentTransactionID)
	}
	assert.Equal(t, []string{"t1"}, got)
	assert.ErrorIs(t, last, conduit.ErrMalformedResponse)
	assert.Equal(t, 2, srv.Hits())
}

func TestUpdateItemWebhookSendsNullToRemove(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "banklink", "update_item_webhook.json")})
	_, err := newLocal(t, srv).UpdateItemWebhook(context.Background(), accessToken, "")
	require.NoError(t, err)
	body := srv.Last(t).JSON(t)
	v, ok := body["webhook"]
	assert.True(t, ok, "webhook is sent")
	assert.Nil(t, v, "as null")
}

func TestItemWritesAreNotRepeated(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusInternalServerError, Body: testkit.Fixture(t, "banklink", "internal_server_error.json")})
	c := newLocal(t, srv)
	ctx := context.Background()
	for _, call := range []func() error{
		func() error { _, err := c.RefreshTransactions(ctx, accessToken); return err },
		func() error { _, err := c.UpdateItemWebhook(ctx, accessToken, "https://hooks.example/p"); return err },
		func() error {
			_, err := c.SandboxFireWebhook(ctx, accessToken, banklink.SyncUpdatesAvailable, nil)
			return err
		},
		func() error { _, err := c.CreateProcessorToken(ctx, accessToken, "acc", "dwolla"); return err },
	} {
		before := srv.Hits()
		require.Error(t, call())
		assert.Equal(t, before+1, srv.Hits())
	}
}

func TestFireWebhookSendsCodeAndType(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "banklink", "sandbox_fire_webhook.json")})
	r, err := newLocal(t, srv).SandboxFireWebhook(context.Background(), accessToken, banklink.DefaultUpdate,
		&banklink.SandboxFireWebhookParams{WebhookType: banklink.WebhookHoldings})
	require.NoError(t, err)
	assert.True(t, r.WebhookFired)
	assert.Equal(t, map[string]any{"client_id": clientID, "secret": secret, "access_token": accessToken,
		"webhook_code": "DEFAULT_UPDATE", "webhook_type": "HOLDINGS"}, srv.Last(t).JSON(t))
}

// The fake posts only to loopback; elsewhere it records the webhook,
// which still verifies.
func TestFakeRecordsWebhooksItCannotPost(t *testing.T) {
	srv := conduittest.NewServer(t)
	c, err := banklink.New(srv.Options("banklink")...)
	require.NoError(t, err)
	ctx := context.Background()
	token := conduittest.Credential("banklink", "access_token")
	_, err = c.UpdateItemWebhook(ctx, token, "https://hooks.example/plaid?x=1")
	require.NoError(t, err)
	_, err = c.SandboxFireWebhook(ctx, token, banklink.DefaultUpdate, &banklink.SandboxFireWebhookParams{WebhookType: banklink.WebhookTransactions})
	require.NoError(t, err)
	hooks := srv.BanklinkWebhooks()
	require.Len(t, hooks, 1)
	assert.Equal(t, "/plaid", hooks[0].Path)
	ev, err := c.VerifyWebhook(ctx, hooks[0].Body, hooks[0].Header)
	require.NoError(t, err)
	assert.Equal(t, banklink.DefaultUpdate, ev.WebhookCode)
	assert.Equal(t, 3, ev.NewTransactions)

	_, err = c.UpdateItemWebhook(ctx, token, "")
	require.NoError(t, err)
	_, err = c.SandboxFireWebhook(ctx, token, banklink.SyncUpdatesAvailable, nil)
	var e *conduit.Error
	require.True(t, errors.As(err, &e))
	assert.Equal(t, "SANDBOX_WEBHOOK_INVALID", e.Code, "no webhook URL, nothing to fire")
}
