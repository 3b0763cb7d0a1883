package noderpc_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/noderpc"
)

// A batch answer that is not one answer per call is never resolved by a
// guess: an id answered twice (with different results), an id not
// answered, and an answer for an id no call has each make an error of the
// calls they touch, whose results stay untouched; the other calls decode.
func TestBatchAnswerIDsThatDoNotMatch(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		// errs says which calls fail and with what in their message; the
		// others decode to 0x1, 0x2, 0x3, 0x4.
		errs map[int]string
	}{
		{"duplicated id", `[{"jsonrpc":"2.0","id":1,"result":"0xa"},{"jsonrpc":"2.0","id":2,"result":"0x2"},{"jsonrpc":"2.0","id":1,"result":"0xb"},
			{"jsonrpc":"2.0","id":3,"result":"0x3"},{"jsonrpc":"2.0","id":4,"result":"0x4"}]`,
			map[int]string{0: "2 answers for calls[0] (id 1): the node's answer is ambiguous"}},
		{"duplicated id, same result", `[{"jsonrpc":"2.0","id":2,"result":"0x2"},{"jsonrpc":"2.0","id":2,"result":"0x2"},{"jsonrpc":"2.0","id":1,"result":"0x1"},
			{"jsonrpc":"2.0","id":3,"result":"0x3"},{"jsonrpc":"2.0","id":4,"result":"0x4"}]`,
			map[int]string{1: "2 answers for calls[1] (id 2)"}},
		{"duplicated id, one of them an error", `[{"jsonrpc":"2.0","id":3,"error":{"code":-32000,"message":"header not found"}},{"jsonrpc":"2.0","id":3,"result":"0x3"},
			{"jsonrpc":"2.0","id":1,"result":"0x1"},{"jsonrpc":"2.0","id":2,"result":"0x2"},{"jsonrpc":"2.0","id":4,"result":"0x4"}]`,
			map[int]string{2: "2 answers for calls[2] (id 3)"}},
		{"missing id", `[{"jsonrpc":"2.0","id":1,"result":"0x1"},{"jsonrpc":"2.0","id":3,"result":"0x3"},{"jsonrpc":"2.0","id":4,"result":"0x4"}]`,
			map[int]string{1: "no answer for calls[1] (id 2)"}},
		{"unknown id in place of one", `[{"jsonrpc":"2.0","id":1,"result":"0x1"},{"jsonrpc":"2.0","id":2,"result":"0x2"},{"jsonrpc":"2.0","id":99,"result":"0x3"},
			{"jsonrpc":"2.0","id":4,"result":"0x4"}]`,
			map[int]string{2: `no answer for calls[2] (id 3); the answer also holds ids no call has: "99"`}},
		{"null and string ids", `[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request"}},{"jsonrpc":"2.0","id":"x","result":"0x2"},
			{"jsonrpc":"2.0","id":"2","result":"0x2"},{"jsonrpc":"2.0","id":3,"result":"0x3"},{"jsonrpc":"2.0","id":4,"result":"0x4"}]`,
			map[int]string{0: `no answer for calls[0] (id 1); the answer also holds ids no call has: null, "x"`}},
		{"all three at once", `[{"jsonrpc":"2.0","id":1,"result":"0xa"},{"jsonrpc":"2.0","id":1,"result":"0xb"},{"jsonrpc":"2.0","id":7,"result":"0x2"},
			{"jsonrpc":"2.0","id":4,"result":"0x4"}]`,
			map[int]string{0: "2 answers for calls[0] (id 1)", 1: "no answer for calls[1] (id 2)", 2: "no answer for calls[2] (id 3)"}},
		{"unknown id beside every answer", `[{"jsonrpc":"2.0","id":1,"result":"0x1"},{"jsonrpc":"2.0","id":2,"result":"0x2"},{"jsonrpc":"2.0","id":3,"result":"0x3"},
			{"jsonrpc":"2.0","id":4,"result":"0x4"},{"jsonrpc":"2.0","id":5,"result":"0x5"}]`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Body: tc.body})
			c := client(t, srv.URL) // a fresh client: its batch has ids 1 to 4
			q := []noderpc.Quantity{100, 100, 100, 100}
			calls := make([]noderpc.BatchElem, len(q))
			for i := range calls {
				calls[i] = noderpc.BatchElem{Method: "eth_blockNumber", Result: &q[i]}
			}
			require.NoError(t, c.BatchCall(context.Background(), calls), "the batch as a whole was answered")
			assert.Equal(t, 1, srv.Hits())
			for i, bc := range calls {
				msg, fails := tc.errs[i]
				if !fails {
					assert.NoError(t, bc.Error, "calls[%d]", i)
					assert.Equal(t, noderpc.Quantity(i+1), q[i], "calls[%d] decoded", i)
					continue
				}
				e := testkit.Check(t, bc.Error, testkit.Shape{Is: conduit.ErrMalformedResponse, Service: "noderpc", Op: "BatchCall", Endpoint: "POST /v2"})
				assert.Contains(t, e.Message, msg, "calls[%d]", i)
				assert.Equal(t, noderpc.Quantity(100), q[i], "calls[%d]: no answer is picked for it", i)
				testkit.NoSecret(t, bc.Error, key)
			}
		})
	}
}

// A batch answered under 200 with one element rate limited is a
// rate-limited error for that element alone, beside the others' results
// and a null result that empties its pointer; the batch is not resent.
func TestBatchPartialFixture(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{ContentType: "application/json; charset=utf-8", Body: testkit.Fixture(t, "noderpc", "batch_partial.json")})
	c := client(t, srv.URL)
	var height noderpc.Quantity
	var wei noderpc.BigQuantity
	receipt := &struct{ Status string }{Status: "stale"}
	calls := []noderpc.BatchElem{
		{Method: "eth_blockNumber", Result: &height},
		{Method: "eth_getBalance", Params: []any{vitalik, noderpc.Block{}}, Result: &wei},
		{Method: "eth_getTransactionReceipt", Params: []any{"0x" + strings.Repeat("ab", 32)}, Result: &receipt},
	}
	require.NoError(t, c.BatchCall(context.Background(), calls))
	assert.Equal(t, 1, srv.Hits())
	assert.NoError(t, calls[0].Error)
	assert.Equal(t, noderpc.Quantity(0x13a6431), height)
	e := testkit.Check(t, calls[1].Error, testkit.Shape{Is: conduit.ErrRateLimited, Service: "noderpc", Op: "BatchCall", Endpoint: "POST /v2",
		Status: 200, Code: "429", Message: "Your app has exceeded its compute units per second capacity. Retry with backoff."})
	assert.ErrorIs(t, calls[1].Error, conduit.ErrAPI)
	assert.Empty(t, e.RequestID)
	assert.Zero(t, e.RetryAfter, "the element names no wait")
	assert.Nil(t, wei.Int, "the rate-limited element decodes nothing")
	assert.NoError(t, calls[2].Error)
	assert.Nil(t, receipt, "a null result (a pending receipt) empties the pointer")
}
