package noderpc_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/noderpc"
)

const vitalik = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"

var key = replay.Credential("noderpc", "api_key")

func newReplay(t *testing.T) *noderpc.Client {
	t.Helper()
	srv := replay.Start()
	t.Cleanup(srv.Close)
	c, err := noderpc.New(srv.Options("noderpc")...)
	require.NoError(t, err)
	return c
}

// rpcCall is a request as the test servers see it.
type rpcCall struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

// seen records what a test server received.
type seen struct {
	mu     sync.Mutex
	reqs   []*http.Request
	bodies [][]byte
}

func (s *seen) add(r *http.Request, body []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqs = append(s.reqs, r.Clone(context.Background()))
	s.bodies = append(s.bodies, body)
}

func (s *seen) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.reqs)
}

// rpcServer answers one call at a time with answer(call); answer's text has
// "$ID" replaced by the call's id.
func rpcServer(t *testing.T, status int, answer func(c rpcCall) string) (*httptest.Server, *seen) {
	t.Helper()
	return typedServer(t, status, "application/json", answer)
}

// typedServer is rpcServer with another Content-Type.
func typedServer(t *testing.T, status int, ctype string, answer func(c rpcCall) string) (*httptest.Server, *seen) {
	t.Helper()
	s := &seen{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := readAll(r)
		s.add(r, body)
		var c rpcCall
		json.Unmarshal(body, &c)
		w.Header().Set("Content-Type", ctype)
		w.WriteHeader(status)
		w.Write([]byte(strings.ReplaceAll(answer(c), "$ID", string(c.ID))))
	}))
	t.Cleanup(srv.Close)
	return srv, s
}

func readAll(r *http.Request) []byte {
	var b bytes.Buffer
	b.ReadFrom(r.Body)
	return b.Bytes()
}

func client(t *testing.T, base string, opts ...noderpc.Option) *noderpc.Client {
	t.Helper()
	all := append([]noderpc.Option{conduit.WithBaseURL(base), noderpc.WithAPIKey(key),
		conduit.WithRetryBackoff(time.Millisecond, 5*time.Millisecond)}, opts...)
	c, err := noderpc.New(all...)
	require.NoError(t, err)
	return c
}

func TestBlockNumber(t *testing.T) {
	n, err := newReplay(t).BlockNumber(context.Background())
	require.NoError(t, err)
	assert.Equal(t, uint64(20603950), n)
	golden.JSON(t, "noderpc", "block_number", n)
}

func TestGetBalance(t *testing.T) {
	wei, err := newReplay(t).GetBalance(context.Background(), vitalik, "")
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
	srv, s := rpcServer(t, 200, func(c rpcCall) string { return `{"jsonrpc":"2.0","id":$ID,"result":"0x10"}` })
	c := client(t, srv.URL+"/rpc/")
	ctx := context.Background()
	_, err := c.BlockNumber(ctx)
	require.NoError(t, err)
	_, err = c.GetBalance(ctx, vitalik, "0x1b4")
	require.NoError(t, err)
	require.NoError(t, c.Call(ctx, "provider_custom", []any{"a", 2, true, noderpc.Quantity(436), noderpc.BigQuantity{Int: big.NewInt(255)}}, nil))
	require.Equal(t, 3, s.count())
	want := []string{
		`{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}`,
		`{"jsonrpc":"2.0","id":2,"method":"eth_getBalance","params":["` + vitalik + `","0x1b4"]}`,
		`{"jsonrpc":"2.0","id":3,"method":"provider_custom","params":["a",2,true,"0x1b4","0xff"]}`,
	}
	for i, r := range s.reqs {
		assert.Equal(t, "POST", r.Method)
		assert.Equal(t, "/rpc/v2/"+key, r.URL.EscapedPath(), "the key is the last path segment")
		assert.Empty(t, r.URL.RawQuery)
		assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
		assert.Equal(t, "application/json", r.Header.Get("Accept"))
		assert.JSONEq(t, want[i], string(s.bodies[i]))
		assert.NotContains(t, string(s.bodies[i]), key)
		for name, vals := range r.Header {
			assert.NotContains(t, strings.Join(vals, " "), key, "header %s", name)
		}
	}
}

func TestIDsIncreaseAcrossGoroutines(t *testing.T) {
	srv, s := rpcServer(t, 200, func(c rpcCall) string { return `{"jsonrpc":"2.0","id":$ID,"result":"0x1"}` })
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
	for _, b := range s.bodies {
		var rc rpcCall
		require.NoError(t, json.Unmarshal(b, &rc))
		ids[string(rc.ID)] = true
	}
	assert.Len(t, ids, 16, "every call has its own id")
	assert.True(t, ids["1"] && ids["16"])
}

func TestBatchRequestShapeAndMatching(t *testing.T) {
	var got []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = readAll(r)
		assert.Equal(t, "/v2/"+key, r.URL.EscapedPath())
		// Out of order, ids as strings, the answer to id 2 missing, an unknown id added.
		w.Write([]byte(`[{"jsonrpc":"2.0","id":"3","result":"0x3"},{"jsonrpc":"2.0","id":99,"result":"0x63"},
			{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"header not found"}},{"jsonrpc":"2.0","id":4,"result":"0x"}]`))
	}))
	defer srv.Close()
	c := client(t, srv.URL)
	q := make([]noderpc.Quantity, 4)
	calls := make([]noderpc.BatchElem, 4)
	for i := range calls {
		calls[i] = noderpc.BatchElem{Method: "eth_getBlockTransactionCountByNumber", Params: []any{fmt.Sprintf("0x%x", i+1)}, Result: &q[i]}
	}
	require.NoError(t, c.BatchCall(context.Background(), calls))
	assert.JSONEq(t, `[
		{"jsonrpc":"2.0","id":1,"method":"eth_getBlockTransactionCountByNumber","params":["0x1"]},
		{"jsonrpc":"2.0","id":2,"method":"eth_getBlockTransactionCountByNumber","params":["0x2"]},
		{"jsonrpc":"2.0","id":3,"method":"eth_getBlockTransactionCountByNumber","params":["0x3"]},
		{"jsonrpc":"2.0","id":4,"method":"eth_getBlockTransactionCountByNumber","params":["0x4"]}]`, string(got))
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
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(tc.body)) }))
		c := client(t, srv.URL)
		calls := []noderpc.BatchElem{{Method: "eth_chainId"}}
		err := c.BatchCall(context.Background(), calls)
		srv.Close()
		var e *noderpc.Error
		require.ErrorAs(t, err, &e, tc.body)
		assert.ErrorIs(t, err, tc.is, tc.body)
		assert.Nil(t, calls[0].Error, "elements are untouched when the whole batch fails")
		if tc.is == conduit.ErrAPI {
			assert.Equal(t, "-32600", e.Code)
		}
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		name   string
		status int
		ctype  string
		body   string
		is     error
		code   string
		msg    string
	}{
		{"rpc error at 200", 200, "application/json", `{"jsonrpc":"2.0","id":$ID,"error":{"code":-32005,"message":"limit exceeded","data":{"see":"x"}}}`, conduit.ErrAPI, "-32005", "limit exceeded"},
		{"rpc error code as string", 200, "application/json", `{"jsonrpc":"2.0","id":$ID,"error":{"code":"-32000","message":"busy"}}`, conduit.ErrAPI, "-32000", "busy"},
		{"rpc error at 400", 400, "application/json", `{"jsonrpc":"2.0","id":$ID,"error":{"code":-32602,"message":"invalid params","data":{"see":"x"}}}`, conduit.ErrAPI, "-32602", "invalid params"},
		{"html 502", 502, "text/html", `<html><body>Bad gateway</body></html>`, conduit.ErrAPI, "", ""},
		{"text 401", 401, "text/plain", `invalid api key`, conduit.ErrUnauthorized, "", "invalid api key"},
		{"429", 429, "application/json", `{"jsonrpc":"2.0","id":$ID,"error":{"code":429,"message":"too many requests"}}`, conduit.ErrRateLimited, "429", "too many requests"},
		{"null body", 200, "application/json", `null`, conduit.ErrMalformedResponse, "", ""},
		{"truncated", 200, "application/json", `{"jsonrpc":"2.0","id":$ID,"result":"0x1`, conduit.ErrMalformedResponse, "", ""},
		{"other id", 200, "application/json", `{"jsonrpc":"2.0","id":77,"result":"0x1"}`, conduit.ErrMalformedResponse, "", `the answer is for id "77", not 1`},
		{"no result", 200, "application/json", `{"jsonrpc":"2.0","id":$ID}`, conduit.ErrMalformedResponse, "", "the answer has neither result nor error"},
		{"null result", 200, "application/json", `{"jsonrpc":"2.0","id":$ID,"result":null}`, conduit.ErrMalformedResponse, "", ""},
		{"leading zero", 200, "application/json", `{"jsonrpc":"2.0","id":$ID,"result":"0x01"}`, conduit.ErrMalformedResponse, "", ""},
		{"number result", 200, "application/json", `{"jsonrpc":"2.0","id":$ID,"result":12}`, conduit.ErrMalformedResponse, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := typedServer(t, tc.status, tc.ctype, func(rpcCall) string { return tc.body })
			c := client(t, srv.URL, conduit.WithMaxRetries(0))
			_, err := c.BlockNumber(context.Background())
			var e *noderpc.Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, tc.is)
			assert.Equal(t, tc.code, e.Code)
			if tc.msg != "" {
				assert.Equal(t, tc.msg, e.Message)
			}
			assert.Equal(t, "noderpc", e.Service)
			assert.Equal(t, "BlockNumber", e.Op)
			assert.Equal(t, "POST /v2", e.Endpoint)
			assert.NotContains(t, fmt.Sprintf("%v %+v %#v", err, err, err), key)
			if strings.Contains(tc.body, `"data"`) {
				assert.JSONEq(t, `{"see":"x"}`, string(noderpc.RPCErrorData(err)))
			} else {
				assert.Nil(t, noderpc.RPCErrorData(err))
			}
		})
	}
}

func TestNullResultIntoPointer(t *testing.T) {
	srv, _ := rpcServer(t, 200, func(rpcCall) string { return `{"jsonrpc":"2.0","id":$ID,"result":null}` })
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
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	closed := "http://" + ln.Addr().String()
	ln.Close()
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(500)
		fmt.Fprintf(w, `{"error":{"code":-32603,"message":"internal error at %s"}}`, r.URL.Path)
	}))
	defer echo.Close()
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	for _, base := range []string{closed, echo.URL} {
		c := client(t, base, conduit.WithMaxRetries(1), conduit.WithLogger(logger))
		_, err := c.GetBalance(context.Background(), vitalik, "")
		require.Error(t, err)
		var e *noderpc.Error
		require.ErrorAs(t, err, &e)
		for _, s := range []string{err.Error(), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err), string(e.Body), fmt.Sprintf("%+v", e.Err)} {
			assert.NotContains(t, s, key)
		}
	}
	assert.NotEmpty(t, logs.String())
	assert.NotContains(t, logs.String(), key)
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
			var hits atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if hits.Add(1) == 1 {
					w.WriteHeader(503)
					return
				}
				if body := readAll(r); body[0] == '[' {
					w.Write([]byte(`[{"jsonrpc":"2.0","id":1,"result":"0x1"},{"jsonrpc":"2.0","id":2,"result":"0x2"}]`))
					return
				}
				w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":"0x1"}`))
			}))
			defer srv.Close()
			err := tc.call(client(t, srv.URL))
			assert.Equal(t, tc.hits, int(hits.Load()))
			if tc.works {
				assert.NoError(t, err)
			} else {
				assert.Error(t, err)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	srv, s := rpcServer(t, 200, func(rpcCall) string { return `{}` })
	c := client(t, srv.URL)
	ctx := context.Background()
	balance := func(addr, tag string) func() error {
		return func() error { _, err := c.GetBalance(ctx, addr, tag); return err }
	}
	var q noderpc.Quantity
	cases := []struct {
		field string
		call  func() error
	}{
		{"address", balance("", "")},
		{"address", balance("0x1234", "")},
		{"address", balance(vitalik[2:]+"00", "")},
		{"address", balance("0X"+vitalik[2:], "")},
		{"address", balance("0x"+strings.Repeat("g", 40), "")},
		{"address", balance(vitalik+"0", "")},
		{"block_tag", balance(vitalik, "newest")},
		{"block_tag", balance(vitalik, "Latest")},
		{"block_tag", balance(vitalik, "0x")},
		{"block_tag", balance(vitalik, "0x01")},
		{"block_tag", balance(vitalik, "12")},
		{"block_tag", balance(vitalik, "0x10000000000000000")},
		{"method", func() error { return c.Call(ctx, "", nil, nil) }},
		{"result", func() error { return c.Call(ctx, "eth_chainId", nil, q) }},
		{"result", func() error { return c.Call(ctx, "eth_chainId", nil, (*noderpc.Quantity)(nil)) }},
		{"calls", func() error { return c.BatchCall(ctx, nil) }},
		{"method", func() error { return c.BatchCall(ctx, []noderpc.BatchElem{{Method: "eth_chainId"}, {}}) }},
		{"result", func() error { return c.BatchCall(ctx, []noderpc.BatchElem{{Method: "eth_chainId", Result: "x"}}) }},
	}
	for i, tc := range cases {
		err := tc.call()
		var e *noderpc.Error
		require.ErrorAs(t, err, &e, "case %d", i)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam, "case %d", i)
		assert.Equal(t, tc.field, e.Field, "case %d: %v", i, err)
		assert.Contains(t, err.Error(), tc.field)
	}
	assert.Zero(t, s.count(), "bad input must not reach the server")
}

func TestMissingCredential(t *testing.T) {
	t.Setenv("CONDUIT_NODERPC_API_KEY", "")
	srv, s := rpcServer(t, 200, func(rpcCall) string { return `{}` })
	c, err := noderpc.New(conduit.WithBaseURL(srv.URL))
	require.NoError(t, err)
	_, err = c.BlockNumber(context.Background())
	assert.ErrorIs(t, err, conduit.ErrMissingCredential)
	assert.Contains(t, err.Error(), "noderpc.WithAPIKey")
	assert.Contains(t, err.Error(), "CONDUIT_NODERPC_API_KEY")
	assert.Zero(t, s.count())
}

func TestConfiguredFromEnv(t *testing.T) {
	srv := replay.Start()
	defer srv.Close()
	t.Setenv("CONDUIT_RPC_URL", srv.URL("rpc_url"))
	t.Setenv("CONDUIT_NODERPC_API_KEY", key)
	c, err := noderpc.New()
	require.NoError(t, err)
	n, err := c.BlockNumber(context.Background())
	require.NoError(t, err)
	assert.Equal(t, uint64(20603950), n)
}

func TestReplayRejectsWrongKey(t *testing.T) {
	srv := replay.Start()
	defer srv.Close()
	c, err := noderpc.New(append(srv.Options("noderpc"), noderpc.WithAPIKey("not-the-key"))...)
	require.NoError(t, err)
	_, err = c.BlockNumber(context.Background())
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
}
