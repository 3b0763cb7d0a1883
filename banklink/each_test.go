package banklink_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// EachTransactionUpdate sends SyncTransactions' request, credentials and
// body alike, yields the page's updates in the order of its lists, and
// hands over the cursor that follows them.
func TestEachTransactionUpdateSendsSyncTransactionsRequest(t *testing.T) {
	body := `{"accounts":[],"added":[{"transaction_id":"t1","amount":72.1},{"transaction_id":"t2","amount":-5}],` +
		`"modified":[{"transaction_id":"t0","amount":28.34}],"removed":[{"transaction_id":"t9"}],` +
		`"next_cursor":"c2","has_more":true,"transactions_update_status":"HISTORICAL_UPDATE_COMPLETE","request_id":"r1"}`
	srv := testkit.Start(t, testkit.Reply{Body: body})
	c := newLocal(t, srv)
	ctx := context.Background()
	p := &banklink.SyncTransactionsParams{Cursor: "c1", Count: 500, DaysRequested: 30}
	page, err := c.SyncTransactions(ctx, "access-sandbox-x", p)
	require.NoError(t, err)
	sent := srv.Last(t)
	var end banklink.SyncEnd
	var got []string
	for u, err := range c.EachTransactionUpdate(ctx, "access-sandbox-x", p, &end) {
		require.NoError(t, err)
		switch u.Kind {
		case banklink.Removed:
			got = append(got, "removed "+u.Removed.TransactionID)
		default:
			got = append(got, string(u.Kind)+" "+u.Transaction.TransactionID+" "+u.Transaction.Amount.String())
			assert.Contains(t, string(u.Transaction.RawJSON()), u.Transaction.TransactionID)
		}
		assert.Empty(t, u.Cursor)
	}
	streamed := srv.Last(t)
	assert.Equal(t, sent.Method+" "+sent.URI, streamed.Method+" "+streamed.URI)
	assert.JSONEq(t, string(sent.Body), string(streamed.Body))
	assert.Equal(t, []string{"added t1 72.1", "added t2 -5", "modified t0 28.34", "removed t9"}, got)
	assert.Equal(t, banklink.SyncEnd{NextCursor: page.NextCursor, HasMore: true, TransactionsUpdateStatus: "HISTORICAL_UPDATE_COMPLETE", RequestID: "r1"}, end)
}

// A page cut short in its lists ends the iteration with the call's error,
// the access token nowhere in it.
func TestEachTransactionUpdateCutShort(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"added":[{"transaction_id":"t1"},{"transac`})
	c := newLocal(t, srv, conduit.WithMaxRetries(0))
	n := 0
	var last error
	for _, err := range c.EachTransactionUpdate(context.Background(), "access-sandbox-secret-token", nil, nil) {
		if err != nil {
			last = err
			break
		}
		n++
	}
	e := testkit.Check(t, last, testkit.Shape{Service: "banklink", Op: "EachTransactionUpdate", Status: 200})
	assert.Equal(t, 1, n)
	assert.NotContains(t, e.Error(), "access-sandbox-secret-token")
}
