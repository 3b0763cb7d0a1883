package noderpc_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/noderpc"
)

var (
	holder = noderpc.MustAddress(vitalik)
	usdc   = noderpc.MustAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")
	txHash = noderpc.MustHash("0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b")
)

// Each typed method sends its method with the params in the order and
// form the JSON-RPC specification gives them.
func TestTypedMethodsSendTheirParams(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		method, params string
		call           func(c *noderpc.Client) error
	}{
		{"eth_chainId", `[]`, func(c *noderpc.Client) error { _, err := c.ChainID(ctx); return err }},
		{"eth_gasPrice", `[]`, func(c *noderpc.Client) error { _, err := c.GasPrice(ctx); return err }},
		{"eth_maxPriorityFeePerGas", `[]`, func(c *noderpc.Client) error { _, err := c.MaxPriorityFeePerGas(ctx); return err }},
		{"eth_feeHistory", `["0x4","latest",[25,75]]`, func(c *noderpc.Client) error {
			_, err := c.FeeHistory(ctx, 4, noderpc.Block{}, []float64{25, 75})
			return err
		}},
		{"eth_getBlockByNumber", `["0x13a642e",true]`, func(c *noderpc.Client) error {
			_, err := c.BlockByNumber(ctx, noderpc.BlockAt(20603950), true)
			return err
		}},
		{"eth_getBlockByHash", `["` + txHash.String() + `",false]`, func(c *noderpc.Client) error {
			_, err := c.BlockByHash(ctx, txHash, false)
			return err
		}},
		{"eth_getTransactionByHash", `["` + txHash.String() + `"]`, func(c *noderpc.Client) error { _, err := c.TransactionByHash(ctx, txHash); return err }},
		{"eth_getTransactionReceipt", `["` + txHash.String() + `"]`, func(c *noderpc.Client) error { _, err := c.TransactionReceipt(ctx, txHash); return err }},
		{"eth_getTransactionCount", `["` + vitalik + `","pending"]`, func(c *noderpc.Client) error {
			_, err := c.TransactionCount(ctx, holder, noderpc.BlockTag("pending"))
			return err
		}},
		{"eth_getCode", `["` + usdc.String() + `","latest"]`, func(c *noderpc.Client) error { _, err := c.Code(ctx, usdc, noderpc.Block{}); return err }},
		{"eth_getStorageAt", `["` + usdc.String() + `","0x0000000000000000000000000000000000000000000000000000000000000000","finalized"]`, func(c *noderpc.Client) error {
			_, err := c.StorageAt(ctx, usdc, noderpc.Hash{}, noderpc.BlockTag("finalized"))
			return err
		}},
		{"eth_call", `[{"from":"` + vitalik + `","to":"` + usdc.String() + `","gas":"0x5208","maxFeePerGas":"0x3b9aca00","value":"0x0","data":"0x70a08231"},"0x10"]`, func(c *noderpc.Client) error {
			_, err := c.CallContract(ctx, noderpc.CallMsg{From: &holder, To: &usdc, Gas: 21000, MaxFeePerGas: big.NewInt(1e9), Value: new(big.Int), Data: noderpc.Data{0x70, 0xa0, 0x82, 0x31}}, noderpc.BlockAt(16))
			return err
		}},
		{"eth_estimateGas", `[{"from":"` + vitalik + `","data":"0x6001"}]`, func(c *noderpc.Client) error {
			_, err := c.EstimateGas(ctx, noderpc.CallMsg{From: &holder, Data: noderpc.Data{0x60, 0x01}})
			return err
		}},
		{"eth_getLogs", `[{"fromBlock":"0x1","toBlock":"latest","address":["` + usdc.String() + `"],"topics":[["` + txHash.String() + `"],null,["` + txHash.String() + `"]]}]`, func(c *noderpc.Client) error {
			_, err := c.Logs(ctx, noderpc.FilterQuery{FromBlock: noderpc.BlockAt(1), Addresses: []noderpc.Address{usdc}, Topics: [][]noderpc.Hash{{txHash}, nil, {txHash}}})
			return err
		}},
		{"eth_getLogs", `[{"blockHash":"` + txHash.String() + `"}]`, func(c *noderpc.Client) error {
			_, err := c.Logs(ctx, noderpc.FilterQuery{BlockHash: &txHash})
			return err
		}},
		{"eth_sendRawTransaction", `["0x02f86c"]`, func(c *noderpc.Client) error {
			_, err := c.SendRawTransaction(ctx, noderpc.Data{0x02, 0xf8, 0x6c})
			return err
		}},
		{"alchemy_getTokenBalances", `["` + vitalik + `","erc20",{"pageKey":"k1","maxCount":50}]`, func(c *noderpc.Client) error {
			_, err := c.TokenBalances(ctx, holder, &noderpc.TokenBalancesParams{PageKey: "k1", MaxCount: 50})
			return err
		}},
		{"alchemy_getTokenBalances", `["` + vitalik + `",["` + usdc.String() + `"]]`, func(c *noderpc.Client) error {
			_, err := c.TokenBalances(ctx, holder, &noderpc.TokenBalancesParams{Contracts: []noderpc.Address{usdc}})
			return err
		}},
		{"alchemy_getAssetTransfers", `[{"fromBlock":"0x0","toAddress":"` + vitalik + `","category":["external","erc20"],"order":"desc","withMetadata":true,"excludeZeroValue":false,"maxCount":"0x64","pageKey":"p2"}]`, func(c *noderpc.Client) error {
			_, err := c.AssetTransfers(ctx, noderpc.AssetTransfersParams{FromBlock: noderpc.BlockAt(0), ToAddress: &holder,
				Category: []noderpc.TransferCategory{noderpc.External, noderpc.ERC20}, Descending: true, WithMetadata: true, IncludeZeroValue: true, MaxCount: 100, PageKey: "p2"})
			return err
		}},
	}
	for _, tc := range cases {
		t.Run(tc.method, func(t *testing.T) {
			var got rpcCall
			srv := rpcServer(t, func(c rpcCall) string {
				got = c
				return `{"jsonrpc":"2.0","id":$ID,"result":{}}`
			})
			tc.call(client(t, srv.URL)) // the {} result fits some methods only: what is checked is the request
			assert.Equal(t, tc.method, got.Method)
			assert.JSONEq(t, tc.params, string(got.Params))
		})
	}
}

// A null result of a typed lookup is ErrNotFound; the same null through
// Call stays a nil target.
func TestNullResultIsNotFound(t *testing.T) {
	srv := rpcServer(t, func(rpcCall) string { return `{"jsonrpc":"2.0","id":$ID,"result":null}` })
	c := client(t, srv.URL)
	ctx := context.Background()
	_, err := c.TransactionReceipt(ctx, txHash)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Op: "TransactionReceipt", Status: http.StatusOK})
	_, err = c.BlockByNumber(ctx, noderpc.BlockAt(1<<40), false)
	assert.ErrorIs(t, err, conduit.ErrNotFound)
	_, err = c.TransactionByHash(ctx, txHash)
	assert.ErrorIs(t, err, conduit.ErrNotFound)
	_, err = c.GasPrice(ctx)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse, "a price is never null")
}

func TestTypedAnswersDecode(t *testing.T) {
	fixture := func(m string) string { return testkit.Fixture(t, "noderpc", m+".json") }
	srv := rpcServer(t, func(c rpcCall) string {
		var m map[string]json.RawMessage
		json.Unmarshal([]byte(fixture(c.Method)), &m)
		m["id"] = c.ID
		b, _ := json.Marshal(m)
		return string(b)
	})
	c := client(t, srv.URL)
	ctx := context.Background()

	b, err := c.BlockByHash(ctx, noderpc.MustHash("0x7de9c923b2eab68a6a750fbe321638387911e9d02bda4671fa89e38999adbab1"), false)
	require.NoError(t, err)
	assert.Equal(t, noderpc.Quantity(0xfd2ff7), b.Number)
	assert.Len(t, b.Transactions.Hashes, 153)
	assert.Empty(t, b.Transactions.Full)
	assert.Equal(t, "77550695617", b.BaseFeePerGas.String())

	r, err := c.TransactionReceipt(ctx, txHash)
	require.NoError(t, err)
	assert.True(t, r.Succeeded())
	assert.Nil(t, r.ContractAddress, "null for a call, not a deployment")
	require.Len(t, r.Logs, 2)
	assert.Equal(t, noderpc.Keccak256([]byte("Transfer(address,address,uint256)")), r.Logs[0].Topics[0])
	assert.Equal(t, "502000194", new(big.Int).SetBytes(r.Logs[0].Data).String(), "6 decimals: 502.000194 USDC")

	tx, err := c.TransactionByHash(ctx, txHash)
	require.NoError(t, err)
	assert.Equal(t, txHash, tx.Hash)
	assert.Equal(t, "20000000000", tx.GasPrice.String())

	h, err := c.FeeHistory(ctx, 4, noderpc.Block{}, []float64{25, 75})
	require.NoError(t, err)
	assert.Len(t, h.BaseFeePerGas, 5, "one more than the blocks")
	assert.Len(t, h.Reward, 4)

	tb, err := c.TokenBalances(ctx, usdc, nil)
	require.NoError(t, err)
	assert.Equal(t, "3848", tb.TokenBalances[0].TokenBalance.String(), "zero-padded hex")

	tr, err := c.AssetTransfers(ctx, noderpc.AssetTransfersParams{Category: []noderpc.TransferCategory{noderpc.External}})
	require.NoError(t, err)
	last := tr.Transfers[len(tr.Transfers)-1]
	assert.Equal(t, "1e-18", last.Value.String(), "the value's text as sent")
	assert.Equal(t, "1", last.RawContract.Value.String())
	assert.Equal(t, noderpc.Quantity(18), last.RawContract.Decimal)
}

// The same signed bytes sent again: when the first attempt reached the
// node, its "already known" is the success it means, with the hash the
// bytes hash to.
func TestSendRawTransactionRetriesTheSameBytesAndTakesAlreadyKnown(t *testing.T) {
	signed := noderpc.Data{0x02, 0xf8, 0x6c, 0x01, 0x80}
	var bodies []string
	var n atomic.Int32
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var c rpcCall
		json.Unmarshal(b, &c)
		bodies = append(bodies, string(c.Params))
		if n.Add(1) == 1 {
			w.WriteHeader(http.StatusBadGateway) // the send may or may not have gone through
			return
		}
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32000,"message":"already known"}}`, c.ID)
	}))
	hash, err := client(t, srv.URL).SendRawTransaction(context.Background(), signed)
	require.NoError(t, err)
	assert.Equal(t, noderpc.Keccak256(signed), hash)
	assert.Equal(t, []string{`["0x02f86c0180"]`, `["0x02f86c0180"]`}, bodies, "the retry resends the very same bytes")

	srv = rpcServer(t, func(rpcCall) string {
		return `{"jsonrpc":"2.0","id":$ID,"error":{"code":-32000,"message":"nonce too low: next nonce 5, tx nonce 4"}}`
	})
	_, err = client(t, srv.URL).SendRawTransaction(context.Background(), signed)
	assert.ErrorIs(t, err, conduit.ErrAPI, "any other refusal stays an error")
}

// A batch over the provider's cap goes out as several requests, each
// within the cap, with every answer back at its own call.
func TestBatchCallSplitsAtTheCap(t *testing.T) {
	var sizes []int
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		var calls []rpcCall
		require.NoError(t, json.Unmarshal(b, &calls))
		sizes = append(sizes, len(calls))
		out := make([]string, len(calls))
		for i, c := range calls { // reversed, as nodes may answer
			var p []string
			json.Unmarshal(c.Params, &p)
			out[len(calls)-1-i] = fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%q}`, c.ID, p[0])
		}
		io.WriteString(w, "["+strings.Join(out, ",")+"]")
	}))
	n := 2*noderpc.MaxBatch + 5
	calls := make([]noderpc.BatchElem, n)
	got := make([]noderpc.Quantity, n)
	for i := range calls {
		calls[i] = noderpc.BatchElem{Method: "eth_getBlockTransactionCountByNumber", Params: []any{noderpc.Quantity(i)}, Result: &got[i]}
	}
	require.NoError(t, client(t, srv.URL).BatchCall(context.Background(), calls))
	assert.Equal(t, []int{noderpc.MaxBatch, noderpc.MaxBatch, 5}, sizes)
	for i := range calls {
		require.NoError(t, calls[i].Error)
		require.Equal(t, noderpc.Quantity(i), got[i], "call %d", i)
	}
}

func TestBatchCallStopsAtAFailedRequest(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[` + strings.TrimSuffix(strings.Repeat(`{"jsonrpc":"2.0","id":0,"result":"0x1"},`, 1), ",") + `]`},
		testkit.Reply{Status: http.StatusUnauthorized, Body: "invalid key"})
	calls := make([]noderpc.BatchElem, noderpc.MaxBatch+3)
	for i := range calls {
		calls[i] = noderpc.BatchElem{Method: "eth_chainId"}
	}
	err := client(t, srv.URL).BatchCall(context.Background(), calls)
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	assert.Equal(t, 2, srv.Hits())
	assert.ErrorIs(t, calls[noderpc.MaxBatch].Error, conduit.ErrUnauthorized, "the failed request's calls carry its error")
	assert.ErrorIs(t, calls[0].Error, conduit.ErrMalformedResponse, "the first request was answered: its calls keep their own outcome")
}

func TestAllAssetTransfersFollowsPageKeys(t *testing.T) {
	var keys []string
	srv := rpcServer(t, func(c rpcCall) string {
		var p []struct {
			PageKey string `json:"pageKey"`
		}
		json.Unmarshal(c.Params, &p)
		keys = append(keys, p[0].PageKey)
		switch p[0].PageKey {
		case "":
			return `{"jsonrpc":"2.0","id":$ID,"result":{"transfers":[{"uniqueId":"a"},{"uniqueId":"b"}],"pageKey":"k2"}}`
		case "k2":
			return `{"jsonrpc":"2.0","id":$ID,"result":{"transfers":[{"uniqueId":"c"}]}}`
		}
		return `{"jsonrpc":"2.0","id":$ID,"result":{"transfers":[],"pageKey":"loop"}}`
	})
	var ids []string
	for tr, err := range client(t, srv.URL).AllAssetTransfers(context.Background(), noderpc.AssetTransfersParams{Category: []noderpc.TransferCategory{noderpc.ERC20}}) {
		require.NoError(t, err)
		ids = append(ids, tr.UniqueID)
	}
	assert.Equal(t, []string{"a", "b", "c"}, ids)
	assert.Equal(t, []string{"", "k2"}, keys)

	keys = nil
	var last error
	for _, err := range client(t, srv.URL).AllAssetTransfers(context.Background(), noderpc.AssetTransfersParams{Category: []noderpc.TransferCategory{noderpc.ERC20}, PageKey: "loop"}) {
		last = err
	}
	assert.ErrorIs(t, last, conduit.ErrMalformedResponse, "a pageKey sent twice would loop")
}

func TestTypedInputsAreCheckedBeforeSending(t *testing.T) {
	srv := testkit.Start(t)
	c := client(t, srv.URL)
	ctx := context.Background()
	_, err := c.FeeHistory(ctx, 1025, noderpc.Block{}, nil)
	testkit.InvalidParam(t, err, "block_count")
	_, err = c.FeeHistory(ctx, 4, noderpc.Block{}, []float64{101})
	testkit.InvalidParam(t, err, "reward_percentiles")
	_, err = c.CallContract(ctx, noderpc.CallMsg{To: &usdc, Value: new(big.Int).Lsh(big.NewInt(1), 256)}, noderpc.Block{})
	testkit.InvalidParam(t, err, "value")
	_, err = c.Logs(ctx, noderpc.FilterQuery{FromBlock: noderpc.BlockHash(txHash.String(), false)})
	testkit.InvalidParam(t, err, "fromBlock")
	_, err = c.TokenBalances(ctx, holder, &noderpc.TokenBalancesParams{Contracts: []noderpc.Address{usdc}, PageKey: "k"})
	testkit.InvalidParam(t, err, "pageKey")
	_, err = c.AssetTransfers(ctx, noderpc.AssetTransfersParams{Category: []noderpc.TransferCategory{noderpc.ERC721}, MaxCount: 1001})
	testkit.InvalidParam(t, err, "maxCount")
	_, err = c.SendRawTransaction(ctx, noderpc.Data{})
	testkit.InvalidParam(t, err, "signed")
	assert.Zero(t, srv.Hits())
}
