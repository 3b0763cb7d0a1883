package explorer_test

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// confirmedAt is transaction i, confirmed at height.
func confirmedAt(i int, height int) string {
	return fmt.Sprintf(`{"txid":"%064x","status":{"confirmed":true,"block_height":%d}}`, i, height)
}

// txServer answers the n-th request (from 1) with the 25 transactions
// page(n) names; after 20 requests it answers [], so a walk that does not
// stop ends anyway and the test fails instead of hanging.
func txServer(t *testing.T, page func(n int) []string) *testkit.Server {
	var hits atomic.Int32
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := int(hits.Add(1))
		w.Header().Set("Content-Type", "application/json")
		if n > 20 {
			fmt.Fprint(w, "[]")
			return
		}
		fmt.Fprint(w, "["+strings.Join(page(n), ",")+"]")
	}))
}

// span is the transactions from..from+24, transaction i at height(i).
func span(from int, height func(i int) int) []string {
	var txs []string
	for i := from; i < from+25; i++ {
		txs = append(txs, confirmedAt(i, height(i)))
	}
	return txs
}

// TestWalksRefuseRepeatedTransactions runs both walks of the package
// against servers that ignore where the walk stands: each must stop with
// ErrMalformedResponse at the second page having yielded the first alone,
// never a transaction twice.
func TestWalksRefuseRepeatedTransactions(t *testing.T) {
	walks := map[string]func(c *explorer.Client) iter.Seq2[explorer.Transaction, error]{
		"AddressTransactions": func(c *explorer.Client) iter.Seq2[explorer.Transaction, error] {
			return c.AllAddressTransactions(context.Background(), addr)
		},
		"BlockTransactions": func(c *explorer.Client) iter.Seq2[explorer.Transaction, error] {
			return c.AllBlockTransactions(context.Background(), block)
		},
	}
	oneBlock := func(int) int { return 800000 }
	older := func(i int) int { return 900000 - i }
	servers := map[string]map[string]func(n int) []string{
		"AddressTransactions": {
			"the same page in one block":    func(int) []string { return span(0, oneBlock) },
			"the same page across blocks":   func(int) []string { return span(0, older) },
			"24 earlier transactions again": func(n int) []string { return span(n-1, older) },
			"newer blocks on every page":    func(n int) []string { return span(25*n, func(i int) int { return 800000 + 100*(i/25) - i%25 }) },
		},
		"BlockTransactions": {
			"the same page":                 func(int) []string { return span(0, oneBlock) },
			"one earlier transaction again": func(n int) []string { return append(span(25*n, oneBlock)[1:], confirmedAt(25, 800000)) },
		},
	}
	for walk, run := range walks {
		for name, page := range servers[walk] {
			t.Run(walk+"/"+name, func(t *testing.T) {
				srv := txServer(t, page)
				seen := map[string]int{}
				var last error
				n := 0
				for tx, err := range run(testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL))) {
					if err != nil {
						last = err
						continue
					}
					seen[tx.TxID]++
					n++
				}
				require.ErrorIs(t, last, conduit.ErrMalformedResponse)
				var e *explorer.Error
				require.ErrorAs(t, last, &e)
				assert.Equal(t, walk, e.Op)
				assert.Equal(t, 25, n, "the first page alone")
				assert.Len(t, seen, n, "no transaction twice")
				assert.Equal(t, 2, srv.Hits())
			})
		}
	}
}
