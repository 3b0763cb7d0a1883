package banklink_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func TestSyncTransactionsDecodesTheDocumentedPage(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "banklink", "sync_transactions.json")})
	r, err := newLocal(t, srv).SyncTransactions(context.Background(), accessToken, nil)
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"client_id": clientID, "secret": secret, "access_token": accessToken}, srv.Last(t).JSON(t),
		"no cursor, count or options unless asked for")
	require.Len(t, r.Added, 1)
	add := r.Added[0]
	assert.Equal(t, "lPNjeW1nR6CDn5okmGQ6hEpMo4lLNoSrzqDje", add.TransactionID)
	assert.Equal(t, "72.1", add.Amount.String())
	assert.Equal(t, "2023-09-24", add.Date.String())
	assert.Equal(t, "2023-09-22", add.AuthorizedDate.String())
	assert.Equal(t, "GENERAL_MERCHANDISE", add.PersonalFinanceCategory.Primary)
	assert.False(t, add.Pending)
	assert.True(t, r.Modified[0].Pending)
	assert.Equal(t, "CmdQTNgems8BT1B7ibkoUXVPyAeehT3Tmzk0l", r.Removed[0].TransactionID)
	assert.False(t, r.HasMore)
	assert.Equal(t, "HISTORICAL_UPDATE_COMPLETE", r.TransactionsUpdateStatus)
	assert.Contains(t, string(add.RawJSON()), `"counterparties"`, "untyped members stay reachable")
}

// page is a /transactions/sync answer with one added transaction.
func page(id, next string, more bool) testkit.Reply {
	return testkit.Reply{Body: fmt.Sprintf(`{"added":[{"transaction_id":%q,"amount":1.5}],"modified":[],"removed":[],"next_cursor":%q,"has_more":%t}`, id, next, more)}
}

// mutationReply is the service's documented refusal of a page whose run
// changed under it.
func mutationReply(t *testing.T) testkit.Reply {
	return testkit.Reply{Status: http.StatusBadRequest, Body: testkit.Fixture(t, "banklink", "sync_mutation_during_pagination.json")}
}

func drainUpdates(t *testing.T, c *banklink.Client, p *banklink.SyncTransactionsParams) ([]string, string, error) {
	t.Helper()
	var ids []string
	var cursor string
	for u, err := range c.AllTransactionUpdates(context.Background(), accessToken, p) {
		if err != nil {
			return ids, cursor, err
		}
		ids = append(ids, u.Transaction.TransactionID)
		cursor = u.Cursor
	}
	return ids, cursor, nil
}

// As the service documents: a mutation during pagination restarts the
// run from its first cursor, and what the failed run read is never seen.
func TestAllTransactionUpdatesRestartsTheRunOnMutation(t *testing.T) {
	mutation := mutationReply(t)
	srv := testkit.Start(t, page("t1-stale", "c1", true), mutation, page("t1", "c1b", true), page("t2", "c2", false))
	ids, cursor, err := drainUpdates(t, newLocal(t, srv), &banklink.SyncTransactionsParams{Cursor: "c0", Count: 1})
	require.NoError(t, err)
	assert.Equal(t, []string{"t1", "t2"}, ids, "the voided run's update is not yielded")
	assert.Equal(t, "c2", cursor, "every update carries the run's final cursor")
	var sent []any
	for _, r := range srv.Requests() {
		body := r.JSON(t)
		sent = append(sent, body["cursor"])
		assert.Equal(t, 1.0, body["count"])
	}
	assert.Equal(t, []any{"c0", "c1", "c0", "c1b"}, sent)
}

func TestAllTransactionUpdatesGivesUpAfterRepeatedMutations(t *testing.T) {
	mutation := mutationReply(t)
	srv := testkit.Start(t, page("t1", "c1", true), mutation, page("t1", "c1", true), mutation,
		page("t1", "c1", true), mutation, page("t1", "c1", true), mutation)
	ids, _, err := drainUpdates(t, newLocal(t, srv), nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Op: "SyncTransactions", Status: http.StatusBadRequest, Code: "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION"})
	assert.Empty(t, ids)
	assert.Equal(t, 8, srv.Hits(), "the first run and three restarts")
}

func TestAllTransactionUpdatesStopsOnACursorLoop(t *testing.T) {
	srv := testkit.Start(t, page("t1", "c1", true), page("t2", "c2", true), page("t3", "c1", true))
	ids, _, err := drainUpdates(t, newLocal(t, srv), nil)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse)
	assert.Empty(t, ids)
	assert.Equal(t, 3, srv.Hits())
}

func TestAllTransactionUpdatesStopsOnOtherErrorsAndEarlyBreak(t *testing.T) {
	srv := testkit.Start(t, page("t1", "c1", true), testkit.Reply{Status: http.StatusBadRequest,
		Body: `{"error_type":"INVALID_INPUT","error_code":"INVALID_ACCESS_TOKEN","error_message":"bad","request_id":"r"}`})
	_, _, err := drainUpdates(t, newLocal(t, srv), nil)
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	assert.Equal(t, 2, srv.Hits(), "no restart for another failure")

	srv = testkit.Start(t, testkit.Reply{Body: `{"added":[{"transaction_id":"a"},{"transaction_id":"b"}],"next_cursor":"c1","has_more":false}`})
	n := 0
	for range newLocal(t, srv).AllTransactionUpdates(context.Background(), accessToken, nil) {
		n++
		break
	}
	assert.Equal(t, 1, n)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	srv = testkit.Start(t)
	for _, err := range newLocal(t, srv).AllTransactionUpdates(ctx, accessToken, nil) {
		assert.ErrorIs(t, err, context.Canceled)
		var e *banklink.Error
		assert.ErrorAs(t, err, &e, "an *Error, as every walk of the core yields")
	}
	assert.Zero(t, srv.Hits())
}

func TestSyncInputsAreCheckedBeforeSending(t *testing.T) {
	srv := testkit.Start(t)
	c := newLocal(t, srv)
	ctx := context.Background()
	_, err := c.SyncTransactions(ctx, accessToken, &banklink.SyncTransactionsParams{Count: -1})
	testkit.InvalidParam(t, err, "count")
	_, err = c.SyncTransactions(ctx, accessToken, &banklink.SyncTransactionsParams{DaysRequested: 731})
	testkit.InvalidParam(t, err, "options.days_requested")
	_, err = c.SyncTransactions(ctx, accessToken, &banklink.SyncTransactionsParams{AccountID: "a b"})
	testkit.InvalidParam(t, err, "options.account_id")
	for _, err := range c.AllTransactionUpdates(ctx, "", nil) {
		testkit.InvalidParam(t, err, "access_token")
	}
	assert.Zero(t, srv.Hits())
}
