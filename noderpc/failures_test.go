package noderpc_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
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

// Each failure the node documents, as it sends it, is the sentinel the
// package documentation's table promises, with the JSON-RPC code, its
// message and its wait; the node sends no request id.
func TestFailureFixtures(t *testing.T) {
	const jsonUTF8 = "application/json; charset=utf-8"
	for _, tc := range []struct {
		file, contentType string
		status            int
		header            []string
		is, isNot         error
		code, message     string
		retryAfter        time.Duration
	}{
		// A text body under a JSON label: read by its status, the text is
		// the message.
		{"unauthorized.txt", jsonUTF8, 401, nil, conduit.ErrUnauthorized, conduit.ErrRateLimited, "", "Must be authenticated!", 0},
		{"throughput_limited.json", jsonUTF8, 429, nil, conduit.ErrRateLimited, conduit.ErrUnauthorized, "429",
			"Your app has exceeded its compute units per second capacity. Retry with backoff.", 0},
		{"throughput_limited.json", jsonUTF8, 429, []string{"Retry-After", "2"}, conduit.ErrRateLimited, nil, "429",
			"Your app has exceeded its compute units per second capacity. Retry with backoff.", 2 * time.Second},
		{"throughput_limited.json", jsonUTF8, 200, nil, conduit.ErrRateLimited, nil, "429",
			"Your app has exceeded its compute units per second capacity. Retry with backoff.", 0},
		{"invalid_params.json", jsonUTF8, 200, nil, conduit.ErrAPI, conduit.ErrInvalidParam, "-32602",
			"invalid argument 0: hex string has length 38, want 40 for common.Address", 0},
		{"execution_reverted.json", jsonUTF8, 200, nil, conduit.ErrAPI, conduit.ErrNotFound, "3", "execution reverted: Pausable: paused", 0},
		{"resource_not_found.json", jsonUTF8, 200, nil, conduit.ErrNotFound, nil, "-32001", "resource not found", 0},
		{"internal_error.json", jsonUTF8, 200, nil, conduit.ErrAPI, conduit.ErrRateLimited, "-32603", "internal error", 0},
		{"internal_error.json", jsonUTF8, 500, nil, conduit.ErrAPI, nil, "-32603", "internal error", 0},
		{"method_not_found.json", jsonUTF8, 200, nil, conduit.ErrAPI, conduit.ErrNotFound, "-32601",
			"Unsupported method: the method does not exist or is not available", 0},
	} {
		t.Run(tc.file+" "+http.StatusText(tc.status), func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, ContentType: tc.contentType, Header: tc.header, Body: testkit.Fixture(t, "noderpc", tc.file)})
			var out string
			err := client(t, srv.URL, conduit.WithMaxRetries(0)).Call(context.Background(), "eth_call", []any{map[string]string{"to": vitalik}, noderpc.Block{}}, &out)
			e := testkit.Check(t, err, testkit.Shape{Is: tc.is, Service: "noderpc", Op: "Call", Endpoint: "POST /v2",
				Status: tc.status, Code: tc.code, Message: tc.message})
			assert.ErrorIs(t, err, conduit.ErrAPI, "every answer the node sent is ErrAPI")
			if tc.isNot != nil {
				assert.NotErrorIs(t, err, tc.isNot)
			}
			assert.Empty(t, e.Reason)
			assert.Empty(t, e.RequestID, "the node sends no request id")
			assert.Equal(t, tc.retryAfter, e.RetryAfter)
			assert.Empty(t, out)
			var rpcErr *noderpc.RPCError
			if assert.Equal(t, tc.code != "", errors.As(err, &rpcErr), "the error object is the Detail") && rpcErr != nil {
				assert.Equal(t, tc.code, rpcErr.Code.String())
				assert.Equal(t, tc.message, rpcErr.Message)
			}
			testkit.NoSecret(t, err, key)
		})
	}
}

// The revert data of a failed eth_call is reachable: the ABI-encoded
// Error(string) whose text the message repeats.
func TestRevertData(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "noderpc", "execution_reverted.json")})
	err := client(t, srv.URL).Call(context.Background(), "eth_call", []any{map[string]string{"to": vitalik, "data": "0xa9059cbb"}, "latest"}, nil)
	var data string
	require.NoError(t, json.Unmarshal(noderpc.RPCErrorData(err), &data))
	require.True(t, strings.HasPrefix(data, "0x08c379a0"), "Error(string)'s selector: %s", data)
	raw, decErr := hex.DecodeString(data[2+8:])
	require.NoError(t, decErr)
	require.Len(t, raw, 96)
	n := int(raw[63])
	assert.Equal(t, "Pausable: paused", string(raw[64:64+n]))
}

// What the profile says about retrying: a 429 is retried, reads and writes
// alike (nothing was done); an internal error under 5xx only for a read;
// bad keys, bad params and reverts never. A failure the node reports in a
// 200 answer is returned as it is, never retried.
func TestFailureRetries(t *testing.T) {
	for _, tc := range []struct {
		file, method string
		status       int
		hits         int
	}{
		{"throughput_limited.json", "eth_call", 429, 2},
		{"throughput_limited.json", "eth_sendRawTransaction", 429, 2},
		{"throughput_limited.json", "eth_call", 200, 1},
		{"internal_error.json", "eth_call", 500, 2},
		{"internal_error.json", "eth_sendRawTransaction", 500, 1},
		{"internal_error.json", "eth_call", 200, 1},
		{"unauthorized.txt", "eth_call", 401, 1},
		{"invalid_params.json", "eth_call", 200, 1},
		{"execution_reverted.json", "eth_call", 200, 1},
		{"resource_not_found.json", "eth_getBlockByHash", 200, 1},
	} {
		t.Run(tc.file+" "+tc.method+" "+http.StatusText(tc.status), func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, Body: testkit.Fixture(t, "noderpc", tc.file)},
				testkit.Reply{Body: `{"jsonrpc":"2.0","id":1,"result":"0x1"}`})
			err := client(t, srv.URL).Call(context.Background(), tc.method, []any{}, nil)
			assert.Equal(t, tc.hits, srv.Hits())
			assert.Equal(t, tc.hits == 2, err == nil, "%v", err)
		})
	}
}
