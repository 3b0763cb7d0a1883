package noderpc_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/noderpc"
)

const vitalik = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"

var key = replay.Credential("noderpc", "api_key")

func newReplay(t *testing.T) *noderpc.Client { return testkit.Replay(t, "noderpc", noderpc.New) }

// rpcCall is a request as the test servers see it.
type rpcCall struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// rpcServer answers one call at a time with answer(call); answer's text has
// "$ID" replaced by the call's id.
func rpcServer(t *testing.T, answer func(c rpcCall) string) *testkit.Server {
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var c rpcCall
		json.Unmarshal(body, &c)
		testkit.Reply{Body: strings.ReplaceAll(answer(c), "$ID", string(c.ID))}.ServeHTTP(w, r)
	}))
}

func client(t *testing.T, base string, opts ...noderpc.Option) *noderpc.Client {
	return testkit.Client(t, noderpc.New, append([]noderpc.Option{conduit.WithBaseURL(base), noderpc.WithAPIKey(key), testkit.Fast}, opts...)...)
}

func TestBlockNumber(t *testing.T) {
	n, err := newReplay(t).BlockNumber(context.Background())
	require.NoError(t, err)
	assert.Equal(t, uint64(20603950), n)
	golden.JSON(t, "noderpc", "block_number", n)
}

func TestGetBalance(t *testing.T) {
	wei, err := newReplay(t).GetBalance(context.Background(), vitalik, noderpc.Block{})
	require.NoError(t, err)
	want, _ := new(big.Int).SetString("98765432100000000000000", 10)
	assert.Equal(t, 0, want.Cmp(wei), "got %s", wei)
	assert.Greater(t, wei.BitLen(), 64, "the fixture is beyond 2^64")
	golden.JSON(t, "noderpc", "get_balance", wei)
}

// block is a caller's own result type for eth_getBlockByNumber.
type block struct {
	Number        noderpc.Quantity    `json:"number"`
	Hash          string              `json:"hash"`
	Timestamp     noderpc.Quantity    `json:"timestamp"`
	BaseFeePerGas noderpc.BigQuantity `json:"baseFeePerGas"`
	Transactions  []string            `json:"transactions"`
}

func TestCall(t *testing.T) {
	c := newReplay(t)
	var b block
	require.NoError(t, c.Call(context.Background(), "eth_getBlockByNumber", []any{"0x13a642e", false}, &b))
	assert.Equal(t, noderpc.Quantity(20603950), b.Number)
	assert.Equal(t, time.Date(2024, 8, 20, 0, 0, 0, 0, time.UTC), time.Unix(int64(b.Timestamp), 0).UTC())
	assert.Equal(t, int64(1_000_000_000), b.BaseFeePerGas.Int64())
	assert.Len(t, b.Transactions, 2)
	golden.JSON(t, "noderpc", "call", map[string]any{
		"number": uint64(b.Number), "hash": b.Hash, "timestamp": time.Unix(int64(b.Timestamp), 0).UTC(),
		"baseFeePerGas": b.BaseFeePerGas.Int, "transactions": b.Transactions,
	})

	var raw json.RawMessage
	require.NoError(t, c.Call(context.Background(), "eth_getBlockByNumber", []any{"latest", false}, &raw))
	var extra struct {
		WithdrawalsRoot string `json:"withdrawalsRoot"`
	}
	require.NoError(t, json.Unmarshal(raw, &extra))
	assert.Equal(t, "0x4c2a1e0d9b8f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d", extra.WithdrawalsRoot, "fields the spec does not show stay reachable")

	var chain noderpc.Quantity
	require.NoError(t, c.Call(context.Background(), "eth_chainId", nil, &chain))
	assert.Equal(t, noderpc.Quantity(1), chain)
	require.NoError(t, c.Call(context.Background(), "eth_chainId", nil, nil), "a nil result discards it")
}

func TestBatchCall(t *testing.T) {
	c := newReplay(t)
	var height, chain noderpc.Quantity
	var wei noderpc.BigQuantity
	calls := []noderpc.BatchElem{
		{Method: "eth_blockNumber", Result: &height},
		{Method: "eth_getBalance", Params: []any{vitalik, "latest"}, Result: &wei},
		{Method: "provider_unknownMethod", Params: []any{1}},
		{Method: "eth_chainId", Result: &chain},
	}
	require.NoError(t, c.BatchCall(context.Background(), calls))
	assert.Equal(t, noderpc.Quantity(20603950), height, "answers come back reversed: matched by id")
	assert.Equal(t, "98765432100000000000000", wei.String())
	assert.Equal(t, noderpc.Quantity(1), chain)
	for i, bc := range calls {
		if i != 2 {
			assert.NoError(t, bc.Error, bc.Method)
		}
	}
	var e *noderpc.Error
	require.ErrorAs(t, calls[2].Error, &e)
	assert.ErrorIs(t, e, conduit.ErrAPI)
	assert.Equal(t, "-32601", e.Code)
	assert.Equal(t, "BatchCall", e.Op)
	assert.JSONEq(t, `{"docs":"https://docs.example.invalid/rpc/methods","retryable":false}`, string(noderpc.RPCErrorData(calls[2].Error)))
	golden.JSON(t, "noderpc", "batch_call", map[string]any{
		"eth_blockNumber": uint64(height), "eth_getBalance": wei.Int, "eth_chainId": uint64(chain),
		"provider_unknownMethod": map[string]any{"code": e.Code, "message": e.Message, "data": noderpc.RPCErrorData(e)},
	})
}

func TestRPCErrorFromReplay(t *testing.T) {
	c := newReplay(t)
	var out string
	err := c.Call(context.Background(), "eth_call", []any{map[string]string{"to": vitalik, "data": "0x8da5cb5b"}, "latest"}, &out)
	var e *noderpc.Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 200, e.StatusCode)
	assert.Equal(t, "3", e.Code)
	assert.Equal(t, "execution reverted: Ownable: caller is not the owner", e.Message)
	var data string
	require.NoError(t, json.Unmarshal(noderpc.RPCErrorData(err), &data))
	assert.True(t, strings.HasPrefix(data, "0x08c379a0"), data)
	assert.Empty(t, out)
}

func TestRequestShape(t *testing.T) {
	srv := rpcServer(t, func(c rpcCall) string { return `{"jsonrpc":"2.0","id":$ID,"result":"0x10"}` })
	c := client(t, srv.URL+"/rpc/")
	ctx := context.Background()
	_, err := c.BlockNumber(ctx)
	require.NoError(t, err)
	_, err = c.GetBalance(ctx, vitalik, noderpc.BlockTag("0x1b4"))
	require.NoError(t, err)
	require.NoError(t, c.Call(ctx, "provider_custom", []any{"a", 2, true, noderpc.Quantity(436), noderpc.BigQuantity{Int: big.NewInt(255)}}, nil))
	reqs := srv.Requests()
	require.Len(t, reqs, 3)
	want := []string{
		`{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}`,
		`{"jsonrpc":"2.0","id":2,"method":"eth_getBalance","params":["` + vitalik + `","0x1b4"]}`,
		`{"jsonrpc":"2.0","id":3,"method":"provider_custom","params":["a",2,true,"0x1b4","0xff"]}`,
	}
	for i, r := range reqs {
		assert.Equal(t, "POST", r.Method)
		assert.Equal(t, "/rpc/v2/"+key, r.URI, "the key is the last path segment, and there is no query")
		assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
		assert.Equal(t, "application/json", r.Header.Get("Accept"))
		assert.JSONEq(t, want[i], string(r.Body))
		assert.Equal(t, []string{"path"}, r.Holds(key), "the key is in the path only")
	}
}

func TestIDsIncreaseAcrossGoroutines(t *testing.T) {
	srv := rpcServer(t, func(c rpcCall) string { return `{"jsonrpc":"2.0","id":$ID,"result":"0x1"}` })
	c := client(t, srv.URL)
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := c.BlockNumber(context.Background())
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	ids := map[string]bool{}
	for _, r := range srv.Requests() {
		var rc rpcCall
		require.NoError(t, json.Unmarshal(r.Body, &rc))
		ids[string(rc.ID)] = true
	}
	assert.Len(t, ids, 16, "every call has its own id")
	assert.True(t, ids["1"] && ids["16"])
}

func TestBatchRequestShapeAndMatching(t *testing.T) {
	// Out of order, ids as strings, the answer to id 2 missing, an unknown id added.
	srv := testkit.Start(t, testkit.Reply{Body: `[{"jsonrpc":"2.0","id":"3","result":"0x3"},{"jsonrpc":"2.0","id":99,"result":"0x63"},
			{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"header not found"}},{"jsonrpc":"2.0","id":4,"result":"0x"}]`})
	c := client(t, srv.URL)
	q := make([]noderpc.Quantity, 4)
	calls := make([]noderpc.BatchElem, 4)
	for i := range calls {
		calls[i] = noderpc.BatchElem{Method: "eth_getBlockTransactionCountByNumber", Params: []any{fmt.Sprintf("0x%x", i+1)}, Result: &q[i]}
	}
	require.NoError(t, c.BatchCall(context.Background(), calls))
	got := srv.Last(t)
	assert.Equal(t, "/v2/"+key, got.Path)
	assert.JSONEq(t, `[
		{"jsonrpc":"2.0","id":1,"method":"eth_getBlockTransactionCountByNumber","params":["0x1"]},
		{"jsonrpc":"2.0","id":2,"method":"eth_getBlockTransactionCountByNumber","params":["0x2"]},
		{"jsonrpc":"2.0","id":3,"method":"eth_getBlockTransactionCountByNumber","params":["0x3"]},
		{"jsonrpc":"2.0","id":4,"method":"eth_getBlockTransactionCountByNumber","params":["0x4"]}]`, string(got.Body))
	assert.ErrorIs(t, calls[0].Error, conduit.ErrAPI)
	assert.ErrorIs(t, calls[1].Error, conduit.ErrMalformedResponse)
	assert.Contains(t, calls[1].Error.Error(), "no answer for calls[1] (id 2)")
	assert.NoError(t, calls[2].Error)
	assert.Equal(t, noderpc.Quantity(3), q[2])
	assert.ErrorIs(t, calls[3].Error, conduit.ErrMalformedResponse, "a malformed result fails its element only")
	assert.Contains(t, calls[3].Error.Error(), `"0x" has no digits`)
}

func TestBatchRejectedWhole(t *testing.T) {
	for _, tc := range []struct {
		body string
		is   error
	}{
		{`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch too large"}}`, conduit.ErrAPI},
		{`{"jsonrpc":"2.0","id":1,"result":"0x1"}`, conduit.ErrMalformedResponse},
		{`null`, conduit.ErrMalformedResponse},
		{`[{"jsonrpc":"2.0","id":1,"result":"0x1"}`, conduit.ErrMalformedResponse},
	} {
		c := client(t, testkit.Start(t, testkit.Reply{Body: tc.body}).URL)
		calls := []noderpc.BatchElem{{Method: "eth_chainId"}}
		err := c.BatchCall(context.Background(), calls)
		var e *noderpc.Error
		require.ErrorAs(t, err, &e, tc.body)
		assert.ErrorIs(t, err, tc.is, tc.body)
		assert.Equal(t, err, calls[0].Error, "each element of a failed request carries its error")
		if tc.is == conduit.ErrAPI {
			assert.Equal(t, "-32600", e.Code)
		}
	}
}

func TestErrors(t *testing.T) {
	// A fresh client's first call has id 1.
	answer := func(status int, contentType, body string) testkit.Reply {
		return testkit.Reply{Status: status, ContentType: contentType, Body: strings.ReplaceAll(body, "$ID", "1")}
	}
	// errorData checks the error's data: the answer's, or none.
	errorData := func(body string) func(*testing.T, error) {
		return func(t *testing.T, err error) {
			if strings.Contains(body, `"data"`) {
				assert.JSONEq(t, `{"see":"x"}`, string(noderpc.RPCErrorData(err)))
			} else {
				assert.Nil(t, noderpc.RPCErrorData(err))
			}
		}
	}
	rpc := func(status int, body string, want testkit.Shape) testkit.Case {
		return testkit.Case{Reply: answer(status, "application/json", body), Want: want, Then: errorData(body)}
	}
	named := func(name string, c testkit.Case) testkit.Case { c.Name = name; return c }
	malformed := func(message string) testkit.Shape {
		return testkit.Shape{Is: conduit.ErrMalformedResponse, Message: message}
	}
	testkit.Errors(t, []testkit.Case{
		named("rpc error at 200", rpc(200, `{"jsonrpc":"2.0","id":$ID,"error":{"code":-32005,"message":"limit exceeded","data":{"see":"x"}}}`, testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: "-32005", Message: "limit exceeded"})),
		named("rpc error code as string", rpc(200, `{"jsonrpc":"2.0","id":$ID,"error":{"code":"-32000","message":"busy"}}`, testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: "-32000", Message: "busy"})),
		named("rpc error at 400", rpc(400, `{"jsonrpc":"2.0","id":$ID,"error":{"code":-32602,"message":"invalid params","data":{"see":"x"}}}`, testkit.Shape{Is: conduit.ErrAPI, Status: 400, Code: "-32602", Message: "invalid params"})),
		{Name: "html 502", Reply: answer(502, "text/html", `<html><body>Bad gateway</body></html>`), Want: testkit.Shape{Is: conduit.ErrAPI, Status: 502}, Then: errorData("")},
		{Name: "text 401", Reply: answer(401, "text/plain", `invalid api key`), Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401, Message: "invalid api key"}, Then: errorData("")},
		named("429", rpc(429, `{"jsonrpc":"2.0","id":$ID,"error":{"code":429,"message":"too many requests"}}`, testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Code: "429", Message: "too many requests"})),
		named("null body", rpc(200, `null`, malformed(""))),
		named("truncated", rpc(200, `{"jsonrpc":"2.0","id":$ID,"result":"0x1`, malformed(""))),
		named("other id", rpc(200, `{"jsonrpc":"2.0","id":77,"result":"0x1"}`, malformed(`the answer is for id "77", not 1`))),
		named("no result", rpc(200, `{"jsonrpc":"2.0","id":$ID}`, malformed("the answer has neither result nor error"))),
		named("null result", rpc(200, `{"jsonrpc":"2.0","id":$ID,"result":null}`, malformed(""))),
		named("leading zero", rpc(200, `{"jsonrpc":"2.0","id":$ID,"result":"0x01"}`, malformed(""))),
		named("number result", rpc(200, `{"jsonrpc":"2.0","id":$ID,"result":12}`, malformed(""))),
	}, []string{key}, testkit.Op{Service: "noderpc", Op: "BlockNumber", Endpoint: "POST /v2", Call: func(t *testing.T, url string) error {
		_, err := client(t, url, conduit.WithMaxRetries(0)).BlockNumber(context.Background())
		return err
	}})
}

func TestNullResultIntoPointer(t *testing.T) {
	srv := rpcServer(t, func(rpcCall) string { return `{"jsonrpc":"2.0","id":$ID,"result":null}` })
	c := client(t, srv.URL)
	b := &block{Hash: "stale"}
	require.NoError(t, c.Call(context.Background(), "eth_getBlockByNumber", []any{"0xffffffff", false}, &b))
	assert.Nil(t, b, "a null result (no such block) sets a pointer target to nil")
	logs := []string{"stale"}
	require.NoError(t, c.Call(context.Background(), "eth_getLogs", []any{map[string]string{}}, &logs))
	assert.Nil(t, logs)
	var s block
	err := c.Call(context.Background(), "eth_getBlockByNumber", []any{"0xffffffff", false}, &s)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse, "null cannot fill a struct")
}

func TestKeyNeverPrinted(t *testing.T) {
	closed := testkit.Closed(t)
	echo := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(500)
		fmt.Fprintf(w, `{"error":{"code":-32603,"message":"internal error at %s"}}`, r.URL.Path)
	}))
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	for _, base := range []string{closed, echo.URL} {
		c := client(t, base, conduit.WithMaxRetries(1), conduit.WithLogger(logger))
		_, err := c.GetBalance(context.Background(), vitalik, noderpc.Block{})
		require.Error(t, err)
		testkit.NoSecret(t, err, key)
	}
	assert.NotEmpty(t, logs.String())
	testkit.NoSecretIn(t, logs.String(), key)
}

func TestRetries(t *testing.T) {
	cases := []struct {
		name  string
		call  func(c *noderpc.Client) error
		hits  int
		works bool
	}{
		{"read retried", func(c *noderpc.Client) error { _, err := c.BlockNumber(context.Background()); return err }, 2, true},
		{"eth_call retried", func(c *noderpc.Client) error { return c.Call(context.Background(), "eth_call", []any{}, nil) }, 2, true},
		{"unknown method not retried", func(c *noderpc.Client) error { return c.Call(context.Background(), "provider_sendBundle", nil, nil) }, 1, false},
		{"raw transaction not retried", func(c *noderpc.Client) error {
			return c.Call(context.Background(), "eth_sendRawTransaction", []any{"0x02f8"}, nil)
		}, 1, false},
		{"read-only batch retried", func(c *noderpc.Client) error {
			return c.BatchCall(context.Background(), []noderpc.BatchElem{{Method: "eth_chainId"}, {Method: "eth_gasPrice"}})
		}, 2, true},
		{"batch with a write not retried", func(c *noderpc.Client) error {
			return c.BatchCall(context.Background(), []noderpc.BatchElem{{Method: "eth_chainId"}, {Method: "eth_sendRawTransaction"}})
		}, 1, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var srv *testkit.Server
			srv = testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if srv.Hits() == 1 {
					w.WriteHeader(503)
					return
				}
				if body, _ := io.ReadAll(r.Body); body[0] == '[' {
					w.Write([]byte(`[{"jsonrpc":"2.0","id":1,"result":"0x1"},{"jsonrpc":"2.0","id":2,"result":"0x2"}]`))
					return
				}
				w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":"0x1"}`))
			}))
			err := tc.call(client(t, srv.URL))
			assert.Equal(t, tc.hits, srv.Hits())
			if tc.works {
				assert.NoError(t, err)
			} else {
				assert.Error(t, err)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{}`})
	c := client(t, srv.URL)
	ctx := context.Background()
	balance := func(addr, tag string) func() error {
		return func() error { _, err := c.GetBalance(ctx, addr, noderpc.BlockTag(tag)); return err }
	}
	var q noderpc.Quantity
	testkit.BadInput(t, srv, testkit.Shape{Service: "noderpc"}, []testkit.Input{
		{Field: "address", Call: balance("", "")},
		{Field: "address", Call: balance("0x1234", "")},
		{Field: "address", Call: balance(vitalik[2:]+"00", "")},
		{Field: "address", Call: balance("0X"+vitalik[2:], "")},
		{Field: "address", Call: balance("0x"+strings.Repeat("g", 40), "")},
		{Field: "address", Call: balance(vitalik+"0", "")},
		{Field: "block_tag", Call: balance(vitalik, "newest")},
		{Field: "block_tag", Call: balance(vitalik, "Latest")},
		{Field: "block_tag", Call: balance(vitalik, "0x")},
		{Field: "block_tag", Call: balance(vitalik, "0x01")},
		{Field: "block_tag", Call: balance(vitalik, "12")},
		{Field: "block_tag", Call: balance(vitalik, "0x10000000000000000")},
		{Field: "method", Call: func() error { return c.Call(ctx, "", nil, nil) }},
		{Field: "result", Call: func() error { return c.Call(ctx, "eth_chainId", nil, q) }},
		{Field: "result", Call: func() error { return c.Call(ctx, "eth_chainId", nil, (*noderpc.Quantity)(nil)) }},
		{Field: "calls", Call: func() error { return c.BatchCall(ctx, nil) }},
		{Field: "method", Call: func() error { return c.BatchCall(ctx, []noderpc.BatchElem{{Method: "eth_chainId"}, {}}) }},
		{Field: "result", Call: func() error { return c.BatchCall(ctx, []noderpc.BatchElem{{Method: "eth_chainId", Result: "x"}}) }},
	}, key)
}

func TestMissingCredential(t *testing.T) {
	t.Setenv("CONDUIT_NODERPC_API_KEY", "")
	srv := testkit.Start(t)
	c := testkit.Client(t, noderpc.New, conduit.WithBaseURL(srv.URL))
	testkit.MissingCredential(t, srv, "noderpc.WithAPIKey", "CONDUIT_NODERPC_API_KEY", func() error {
		_, err := c.BlockNumber(context.Background())
		return err
	})
}

func TestConfiguredFromEnv(t *testing.T) {
	srv := testkit.ReplayServer(t)
	t.Setenv("CONDUIT_RPC_URL", srv.URL("noderpc", "rpc_url"))
	t.Setenv("CONDUIT_NODERPC_API_KEY", key)
	c, err := noderpc.New()
	require.NoError(t, err)
	n, err := c.BlockNumber(context.Background())
	require.NoError(t, err)
	assert.Equal(t, uint64(20603950), n)
}

func TestReplayRejectsWrongKey(t *testing.T) {
	c := testkit.Replay(t, "noderpc", noderpc.New, noderpc.WithAPIKey("not-the-key"))
	_, err := c.BlockNumber(context.Background())
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
}
