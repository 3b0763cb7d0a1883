package noderpc_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/noderpc"
)

// An OP Stack (Base) block holds deposits (type 0x7e), which go-ethereum's
// ethclient refuses to decode; here they decode with their own fields,
// beside an EIP-1559 transaction's access list and an EIP-7702 one's
// authorizations, and what is not typed stays in RawJSON.
func TestOPStackBlockDecodes(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "noderpc", "op_stack_block.json")})
	b, err := client(t, srv.URL).BlockByNumber(context.Background(), noderpc.BlockAt(27506119), true)
	require.NoError(t, err)
	txs := b.Transactions.Full
	require.Len(t, txs, 4)

	l1info, deposit, dynamic, setCode := txs[0], txs[1], txs[2], txs[3]
	assert.Equal(t, noderpc.Quantity(noderpc.DepositTxType), l1info.Type)
	assert.Equal(t, noderpc.MustHash("0x8d5c0e4b2a7f1936c4e8a0d2f6b1c3e5a7d9f0b2c4e6a8d0f1b3c5e7a9d0f2b4"), *l1info.SourceHash)
	assert.Equal(t, "0", l1info.Mint.String())
	assert.False(t, l1info.IsSystemTx)
	require.NotNil(t, l1info.DepositReceiptVersion)
	assert.Equal(t, noderpc.Quantity(1), *l1info.DepositReceiptVersion)
	assert.Equal(t, noderpc.MustAddress("0x4200000000000000000000000000000000000015"), *l1info.To)

	assert.Equal(t, noderpc.Quantity(noderpc.DepositTxType), deposit.Type)
	assert.Equal(t, "1000000000000000000", deposit.Mint.String(), "the wei minted on L2")
	assert.Equal(t, deposit.Value.String(), deposit.Mint.String())
	assert.Contains(t, string(deposit.RawJSON()), `"isSystemTx": false`)

	assert.Equal(t, noderpc.Quantity(noderpc.DynamicFeeTxType), dynamic.Type)
	assert.Nil(t, dynamic.SourceHash, "not a deposit")
	assert.Nil(t, dynamic.Mint.Int, "no mint member: absent, not zero")
	assert.Equal(t, noderpc.Quantity(0x2105), dynamic.ChainID)
	require.Len(t, dynamic.AccessList, 1)
	assert.Equal(t, noderpc.MustAddress("0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"), dynamic.AccessList[0].Address)
	assert.Len(t, dynamic.AccessList[0].StorageKeys, 2)
	assert.Equal(t, noderpc.Quantity(1), dynamic.YParity)

	assert.Equal(t, noderpc.Quantity(noderpc.SetCodeTxType), setCode.Type)
	require.Len(t, setCode.AuthorizationList, 1)
	auth := setCode.AuthorizationList[0]
	assert.Equal(t, "8453", auth.ChainID.String())
	assert.Equal(t, noderpc.MustAddress("0x63c0c19a282a1b52b07dd5a65b58948a07dae32b"), auth.Address)
	assert.Equal(t, noderpc.Quantity(6), auth.Nonce)
	assert.Equal(t, noderpc.Quantity(0), auth.YParity)
	require.NotNil(t, auth.R.Int)
	require.NotNil(t, auth.S.Int)
	assert.Equal(t, "0x3e5a7c9e1b3d5f7a9c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a5c7e9b0d2f4a", "0x"+auth.R.Text(16))
	assert.Empty(t, setCode.AccessList)
	assert.NotNil(t, setCode.AccessList, "an empty list sent is an empty list")

	var header struct {
		ParentBeaconBlockRoot noderpc.Hash `json:"parentBeaconBlockRoot"`
	}
	require.NoError(t, b.Decode(&header), "a header field this package does not type")
	assert.False(t, header.ParentBeaconBlockRoot.IsZero())
}

// The Ethereum types an L2 block does not carry: legacy (V holds the
// chain id), access list and blob transactions.
func TestL1TypedTransactionsDecode(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "noderpc", "l1_typed_transactions.json")})
	var txs []noderpc.Transaction
	require.NoError(t, client(t, srv.URL).Call(context.Background(), "eth_getBlockTransactions", nil, &txs))
	require.Len(t, txs, 3)
	legacy, acl, blob := txs[0], txs[1], txs[2]
	assert.Equal(t, noderpc.Quantity(noderpc.LegacyTxType), legacy.Type)
	assert.Equal(t, "37", legacy.V.String(), "EIP-155: chain 1")
	assert.Nil(t, legacy.AccessList)
	assert.Equal(t, noderpc.Quantity(noderpc.AccessListTxType), acl.Type)
	require.Len(t, acl.AccessList, 1)
	assert.Empty(t, acl.AccessList[0].StorageKeys)
	assert.Equal(t, noderpc.Quantity(noderpc.BlobTxType), blob.Type)
	assert.Equal(t, "1000000000", blob.MaxFeePerBlobGas.String())
	require.Len(t, blob.BlobVersionedHashes, 2)
	assert.Equal(t, byte(0x01), blob.BlobVersionedHashes[0][0], "a KZG commitment's version byte")
}

// A type no release of this package knows (Arbitrum's internal
// transaction, 0x6a), with a receipt carrying Arbitrum's own members,
// decodes: the shared fields typed, the rest read through Decode.
func TestUnknownTransactionTypeDecodes(t *testing.T) {
	tx := `{"blockHash":"` + blockHash + `","blockNumber":"0xa1b2c3","from":"0x00000000000000000000000000000000000a4b05",
		"gas":"0x0","gasPrice":"0x0","hash":"` + txHash.String() + `","input":"0x6bf6a42d","nonce":"0x0",
		"to":"0x00000000000000000000000000000000000a4b05","transactionIndex":"0x0","value":"0x0","type":"0x6a",
		"chainId":"0xa4b1","v":"0x0","r":"0x0","s":"0x0"}`
	receipt := `{"blockHash":"` + blockHash + `","blockNumber":"0xa1b2c3","contractAddress":null,"cumulativeGasUsed":"0x0",
		"effectiveGasPrice":"0x5f5e100","from":"0x00000000000000000000000000000000000a4b05","gasUsed":"0x0","gasUsedForL1":"0x0",
		"l1BlockNumber":"0x13a642e","logs":[],"logsBloom":"0x` + strings.Repeat("0", 512) + `","status":"0x1",
		"to":"0x00000000000000000000000000000000000a4b05","transactionHash":"` + txHash.String() + `","transactionIndex":"0x0","type":"0x6a"}`
	srv := rpcServer(t, func(c rpcCall) string {
		if c.Method == "eth_getTransactionReceipt" {
			return `{"jsonrpc":"2.0","id":$ID,"result":` + receipt + `}`
		}
		return `{"jsonrpc":"2.0","id":$ID,"result":` + tx + `}`
	})
	c := client(t, srv.URL)
	got, err := c.TransactionByHash(context.Background(), txHash)
	require.NoError(t, err)
	assert.Equal(t, noderpc.Quantity(0x6a), got.Type)
	assert.Equal(t, noderpc.Quantity(42161), got.ChainID)
	assert.JSONEq(t, tx, string(got.RawJSON()))

	r, err := c.TransactionReceipt(context.Background(), txHash)
	require.NoError(t, err)
	assert.Equal(t, noderpc.Quantity(0x6a), r.Type)
	assert.Nil(t, r.DepositNonce)
	var arb struct {
		L1BlockNumber noderpc.Quantity `json:"l1BlockNumber"`
	}
	require.NoError(t, r.Decode(&arb))
	assert.Equal(t, noderpc.Quantity(20603950), arb.L1BlockNumber)
}

// A block's receipts, an OP Stack block's here: the deposit's receipt has
// its deposit nonce and version, the other receipt none, and its L1 fee
// is reachable.
func TestBlockReceipts(t *testing.T) {
	rs, err := newReplay(t).BlockReceipts(context.Background(), noderpc.BlockAt(27506119))
	require.NoError(t, err)
	require.Len(t, rs, 2)
	assert.Equal(t, noderpc.Quantity(noderpc.DepositTxType), rs[0].Type)
	require.NotNil(t, rs[0].DepositNonce)
	assert.Equal(t, noderpc.Quantity(27506120), *rs[0].DepositNonce)
	assert.Equal(t, noderpc.Quantity(1), *rs[0].DepositReceiptVersion)
	assert.Nil(t, rs[1].DepositNonce)
	assert.Nil(t, rs[1].DepositReceiptVersion)
	assert.True(t, rs[1].Succeeded())
	require.Len(t, rs[1].Logs, 1)
	assert.Equal(t, rs[0].BlockHash, rs[1].BlockHash)
	var l1 struct {
		GasUsed noderpc.Quantity `json:"l1GasUsed"`
	}
	require.NoError(t, rs[1].Decode(&l1))
	assert.Equal(t, noderpc.Quantity(0x6a4), l1.GasUsed)
}

// A block the node lacks is ErrNotFound; a block without transactions has
// no receipts and is no error.
func TestBlockReceiptsNullAndEmpty(t *testing.T) {
	result := "null"
	srv := rpcServer(t, func(rpcCall) string { return `{"jsonrpc":"2.0","id":$ID,"result":` + result + `}` })
	c := client(t, srv.URL)
	_, err := c.BlockReceipts(context.Background(), noderpc.BlockAt(1<<40))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Op: "BlockReceipts", Status: http.StatusOK})
	result = "[]"
	rs, err := c.BlockReceipts(context.Background(), noderpc.Block{})
	require.NoError(t, err)
	assert.Empty(t, rs)
}

// The new methods send their params as the node reads them: a receipts
// block as one string (a bare hash unless it must be canonical), the call
// tracer named with only the options set.
func TestReceiptsAndTraceParams(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name, method, params string
		call                 func(c *noderpc.Client) error
	}{
		{"receipts by number", "eth_getBlockReceipts", `["0x1a3b5c7"]`, func(c *noderpc.Client) error {
			_, err := c.BlockReceipts(ctx, noderpc.BlockAt(27506119))
			return err
		}},
		{"receipts latest", "eth_getBlockReceipts", `["latest"]`, func(c *noderpc.Client) error {
			_, err := c.BlockReceipts(ctx, noderpc.Block{})
			return err
		}},
		{"receipts by hash", "eth_getBlockReceipts", `["` + blockHash + `"]`, func(c *noderpc.Client) error {
			_, err := c.BlockReceipts(ctx, noderpc.BlockHash(blockHash, false))
			return err
		}},
		{"receipts canonical", "eth_getBlockReceipts", `[{"blockHash":"` + blockHash + `","requireCanonical":true}]`, func(c *noderpc.Client) error {
			_, err := c.BlockReceipts(ctx, noderpc.BlockHash(blockHash, true))
			return err
		}},
		{"trace tx", "debug_traceTransaction", `["` + txHash.String() + `",{"tracer":"callTracer"}]`, func(c *noderpc.Client) error {
			_, err := c.TraceTransaction(ctx, txHash, nil)
			return err
		}},
		{"trace tx options", "debug_traceTransaction", `["` + txHash.String() + `",{"tracer":"callTracer","tracerConfig":{"onlyTopCall":true,"withLog":true},"timeout":"10s"}]`, func(c *noderpc.Client) error {
			_, err := c.TraceTransaction(ctx, txHash, &noderpc.TraceParams{OnlyTopCall: true, WithLog: true, Timeout: 10 * time.Second})
			return err
		}},
		{"trace block", "debug_traceBlockByNumber", `["finalized",{"tracer":"callTracer","tracerConfig":{"withLog":true}}]`, func(c *noderpc.Client) error {
			_, err := c.TraceBlockByNumber(ctx, noderpc.BlockTag("finalized"), &noderpc.TraceParams{WithLog: true})
			return err
		}},
		{"trace block by hash", "debug_traceBlockByHash", `["` + blockHash + `",{"tracer":"callTracer","timeout":"1m30s"}]`, func(c *noderpc.Client) error {
			_, err := c.TraceBlockByHash(ctx, noderpc.MustHash(blockHash), &noderpc.TraceParams{Timeout: 90 * time.Second})
			return err
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got rpcCall
			srv := rpcServer(t, func(c rpcCall) string {
				got = c
				return `{"jsonrpc":"2.0","id":$ID,"result":[]}`
			})
			tc.call(client(t, srv.URL)) // the [] result fits some methods only: what is checked is the request
			assert.Equal(t, tc.method, got.Method)
			assert.JSONEq(t, tc.params, string(got.Params))
		})
	}
}

// The call tracer's tree decodes to any depth, with each frame's logs,
// failure and revert reason; a call type that sends no value has none.
func TestTraceTransaction(t *testing.T) {
	f, err := newReplay(t).TraceTransaction(context.Background(), txHash, &noderpc.TraceParams{WithLog: true})
	require.NoError(t, err)
	assert.Equal(t, "CALL", f.Type)
	assert.Equal(t, "10000000000000000", f.Value.String())
	require.Len(t, f.Logs, 1)
	assert.Equal(t, noderpc.Quantity(3), f.Logs[0].Position, "emitted after its three subcalls")
	require.Len(t, f.Calls, 3)
	static := f.Calls[1]
	assert.Equal(t, "STATICCALL", static.Type)
	assert.Nil(t, static.Value.Int, "a static call sends no value")
	require.Len(t, static.Calls, 1)
	assert.Equal(t, "DELEGATECALL", static.Calls[0].Type)
	assert.False(t, static.Failed())
	reverted := f.Calls[2]
	assert.True(t, reverted.Failed())
	assert.Equal(t, "execution reverted", reverted.Error)
	assert.Equal(t, "SPL", reverted.RevertReason)
	assert.Equal(t, []byte{0x08, 0xc3, 0x79, 0xa0}, []byte(reverted.Output[:4]), "the raw Error(string) revert data")
	assert.Contains(t, string(reverted.RawJSON()), `"revertReason"`)
}

// A node that ran another tracer than the one asked for answers no call
// frame: geth's opcode logger ({gas, failed, returnValue, structLogs}) or
// the prestate tracer (accounts by address). Saying so beats an empty
// tree. A traced block's entry that failed keeps the node's reason.
func TestTraceNotACallFrame(t *testing.T) {
	answer := `{"jsonrpc":"2.0","id":$ID,"result":{"gas":21000,"failed":false,"returnValue":"","structLogs":[]}}`
	srv := rpcServer(t, func(rpcCall) string { return answer })
	c := client(t, srv.URL)
	_, err := c.TraceTransaction(context.Background(), txHash, nil)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse)

	prestate := `{"0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc":{"balance":"0x1bc16d674ec80000","nonce":42}}`
	answer = `{"jsonrpc":"2.0","id":$ID,"result":` + prestate + `}`
	_, err = c.TraceTransaction(context.Background(), txHash, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrMalformedResponse, Op: "TraceTransaction"})

	answer = `{"jsonrpc":"2.0","id":$ID,"result":[{"txHash":"` + txHash.String() + `","result":` + prestate + `}]}`
	_, err = c.TraceBlockByNumber(context.Background(), noderpc.Block{}, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrMalformedResponse, Op: "TraceBlockByNumber"})

	answer = `{"jsonrpc":"2.0","id":$ID,"result":[{"txHash":"` + txHash.String() + `","error":"execution timeout"}]}`
	ts, err := c.TraceBlockByHash(context.Background(), txHash, nil)
	require.NoError(t, err)
	require.Len(t, ts, 1)
	assert.Nil(t, ts[0].Result)
	assert.Equal(t, "execution timeout", ts[0].Error)
	assert.Equal(t, txHash, ts[0].TxHash)
}

// Bad input is refused before any request, naming the wire field.
func TestTraceAndReceiptsRefuseBadInput(t *testing.T) {
	var calls int
	srv := rpcServer(t, func(rpcCall) string { calls++; return `{"jsonrpc":"2.0","id":$ID,"result":null}` })
	c := client(t, srv.URL)
	ctx := context.Background()
	_, err := c.TraceTransaction(ctx, txHash, &noderpc.TraceParams{Timeout: -time.Second})
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Op: "TraceTransaction", Field: "timeout"})
	_, err = c.TraceBlockByNumber(ctx, noderpc.BlockHash(blockHash, false), nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Op: "TraceBlockByNumber", Field: "block"})
	_, err = c.BlockReceipts(ctx, noderpc.BlockTag("newest"))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Op: "BlockReceipts", Field: "block_tag"})
	assert.Zero(t, calls)
}
