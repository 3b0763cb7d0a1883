package noderpc_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/noderpc"
)

// Do reaches a path of the node's host with the key appended as its last
// segment, as the spec places it, and decodes the answer whole; a POST
// through Do is a write, sent once unless the caller says repeating it is
// harmless.
func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"jsonrpc":"2.0","id":5,"result":{"address":"` + vitalik + `","tokenBalances":[]}}`})
	c := client(t, srv.URL+"/eth-mainnet")
	var out struct {
		Result struct {
			Address string `json:"address"`
		} `json:"result"`
	}
	in := map[string]any{"jsonrpc": "2.0", "id": 5, "method": "alchemy_getTokenBalances", "params": []string{vitalik}}
	require.NoError(t, c.Do(context.Background(), "POST", "/v2", in, &out, conduit.WithIdempotent()))
	assert.Equal(t, vitalik, out.Result.Address)
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/eth-mainnet/v2/"+key, got.URI)
	assert.JSONEq(t, `{"jsonrpc":"2.0","id":5,"method":"alchemy_getTokenBalances","params":["`+vitalik+`"]}`, string(got.Body))
	assert.Equal(t, []string{"path"}, got.Holds(key), "the key is in the path only")

	unavailable := testkit.Reply{Status: http.StatusServiceUnavailable, ContentType: "text/plain", Body: "upstream unavailable"}
	srv = testkit.Start(t, unavailable, unavailable, unavailable, testkit.Reply{Body: `{"jsonrpc":"2.0","id":9,"result":"0x1"}`})
	c = client(t, srv.URL)
	in = map[string]any{"jsonrpc": "2.0", "id": 9, "method": "eth_sendRawTransaction", "params": []string{"0x02f8"}}
	err := c.Do(context.Background(), "POST", "/v2", in, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "noderpc", Op: "Do", Endpoint: "POST /v2", Status: 503, Message: "upstream unavailable"})
	assert.Equal(t, 1, srv.Hits(), "a write that may have arrived is not repeated")
	assert.Equal(t, "/v2/"+key, srv.Last(t).Path)
	testkit.NoSecret(t, err, key)

	var res struct{ Result noderpc.Quantity }
	require.NoError(t, c.Do(context.Background(), "POST", "/v2", in, &res, conduit.WithIdempotent()))
	assert.Equal(t, noderpc.Quantity(1), res.Result)
	assert.Equal(t, 4, srv.Hits(), "marked idempotent, it is retried like a read")
}

// Per-call options reach the wire of a typed call, a body field beside the
// envelope's members, and WithResponse describes the answer.
func TestPerCallOptions(t *testing.T) {
	srv := rpcServer(t, func(rpcCall) string { return `{"jsonrpc":"2.0","id":$ID,"result":"0x13a642e"}` })
	c := client(t, srv.URL)
	var resp conduit.Response
	n, err := c.BlockNumber(context.Background(), conduit.WithHeader("Alchemy-Ethers-Sdk-Method", "getBlockNumber"),
		conduit.WithQuery("trace", "1"), conduit.WithBodyField("aux", map[string]any{"cache": false}), conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.Equal(t, uint64(0x13a642e), n)
	got := srv.Last(t)
	assert.Equal(t, "getBlockNumber", got.Header.Get("Alchemy-Ethers-Sdk-Method"))
	assert.Equal(t, "/v2/"+key+"?trace=1", got.URI)
	assert.JSONEq(t, `{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[],"aux":{"cache":false}}`, string(got.Body))
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, 1, resp.Attempts)
	assert.Positive(t, resp.Elapsed)
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	assert.NotContains(t, resp.URL, key, "the URL is reported without the key")
	assert.Contains(t, resp.URL, srv.URL+"/v2/")
	assert.Nil(t, resp.RateLimit, "the node sends no budget headers")

	_, err = c.BlockNumber(context.Background())
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("Alchemy-Ethers-Sdk-Method"), "a call's options end with the call")
	assert.Equal(t, "/v2/"+key, srv.Last(t).URI)

	err = c.BatchCall(context.Background(), []noderpc.BatchElem{{Method: "eth_chainId"}}, conduit.WithBodyField("aux", 1))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "noderpc", Op: "BatchCall", Field: "body"})
	assert.Equal(t, 2, srv.Hits(), "a body field has no object to join in a batch: refused, nothing sent")
}

// rpc_url pasted with or without the /v2 its path starts with, with or
// without a trailing slash, reaches the same URL.
func TestVersionSegment(t *testing.T) {
	srv := rpcServer(t, func(rpcCall) string { return `{"jsonrpc":"2.0","id":$ID,"result":"0x1"}` })
	for _, base := range []string{srv.URL + "/eth-mainnet", srv.URL + "/eth-mainnet/", srv.URL + "/eth-mainnet/v2", srv.URL + "/eth-mainnet/v2/"} {
		_, err := client(t, base).BlockNumber(context.Background())
		require.NoError(t, err, base)
		assert.Equal(t, "/eth-mainnet/v2/"+key, srv.Last(t).Path, "%s: the version segment is sent once", base)
	}
	assert.Equal(t, 4, srv.Hits())
}
