package banklink_test

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// syncBody is a page of n added transactions, the fixture's repeated
// with distinct ids, then its cursor.
func syncBody(b *testing.B, n int) []byte {
	added := testkit.RepeatedRecords(b, "banklink", "sync_transactions.json", "added", `"transaction_id":"`, 0, n)
	return append(append([]byte(`{"accounts":[],"added":`), added...), `,"modified":[],"removed":[],"next_cursor":"tVUUL15lYQN5rBnfDIc1I8xudpGdIlw9nsgeXWvhOfkECvUeR663i3Dt1uf/94S8ASkitgLcIiOSqNwzzp+bh89kirazha5vuZHBb2ZA5NtCDkkV","has_more":false,"request_id":"Wvhy9PZHQLV8njG"}`...)
}

func syncClient(b *testing.B, body []byte) *banklink.Client {
	c, err := banklink.New(conduit.WithBaseURL(testkit.ServeBody(b, body, false)), banklink.WithClientID("bench-client"), banklink.WithSecret("bench-secret"))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkSyncPage reads a page of 500 transactions (the service's
// largest) and, to show the trend, of 5,000: "whole" with SyncTransactions,
// reporting the peak heap above the live heap before the call with the
// result live; "each" with EachTransactionUpdate keeping nothing,
// reporting the most the reading kept live at 20 probes along the page
// (each a collection: compare the memory, not the time).
func BenchmarkSyncPage(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{500, 5_000} {
		body := syncBody(b, n)
		b.Run(fmt.Sprintf("whole/transactions=%d", n), func(b *testing.B) {
			c := syncClient(b, body)
			testkit.BenchWhole(b, body, n, func() (any, int, error) {
				page, err := c.SyncTransactions(ctx, "access-sandbox-bench", nil)
				if err != nil {
					return nil, 0, err
				}
				return page, len(page.Added), nil
			})
		})
		b.Run(fmt.Sprintf("each/transactions=%d", n), func(b *testing.B) {
			c := syncClient(b, body)
			testkit.BenchEach(b, body, n, func() iter.Seq2[banklink.TransactionUpdate, error] {
				var end banklink.SyncEnd
				updates := c.EachTransactionUpdate(ctx, "access-sandbox-bench", nil, &end)
				return func(yield func(banklink.TransactionUpdate, error) bool) {
					for u, err := range updates {
						if !yield(u, err) {
							return
						}
					}
					if end.NextCursor == "" {
						yield(banklink.TransactionUpdate{}, errors.New("no cursor after the page"))
					}
				}
			})
		})
	}
}
