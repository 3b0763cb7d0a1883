package noderpc_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/noderpc"
)

const blockHash = "0x9b83c12c69edb74f6c8dd5d052765c1adf940e320bd1291696e6fa07829eee71"

// A block reference goes on the wire as EIP-1898 writes it: a tag or a
// number as a string, a hash as {"blockHash": …}, with requireCanonical
// only when asked for.
func TestBlockWireForm(t *testing.T) {
	srv := rpcServer(t, func(rpcCall) string { return `{"jsonrpc":"2.0","id":$ID,"result":"0x0"}` })
	c := client(t, srv.URL)
	for _, tc := range []struct {
		block noderpc.Block
		wire  string
	}{
		{noderpc.Block{}, `"latest"`},
		{noderpc.BlockTag(""), `"latest"`},
		{noderpc.BlockTag("latest"), `"latest"`},
		{noderpc.BlockTag("earliest"), `"earliest"`},
		{noderpc.BlockTag("pending"), `"pending"`},
		{noderpc.BlockTag("safe"), `"safe"`},
		{noderpc.BlockTag("finalized"), `"finalized"`},
		{noderpc.BlockTag("0x0"), `"0x0"`},
		{noderpc.BlockTag("0x13a642e"), `"0x13a642e"`},
		{noderpc.BlockHash(blockHash, true), `{"blockHash":"` + blockHash + `","requireCanonical":true}`},
		{noderpc.BlockHash(blockHash, false), `{"blockHash":"` + blockHash + `"}`},
		{noderpc.BlockHash("0x"+strings.ToUpper(blockHash[2:]), false), `{"blockHash":"0x` + strings.ToUpper(blockHash[2:]) + `"}`},
	} {
		_, err := c.GetBalance(context.Background(), vitalik, tc.block)
		require.NoError(t, err, tc.wire)
		var sent struct{ Params []json.RawMessage }
		require.NoError(t, json.Unmarshal(srv.Last(t).Body, &sent))
		require.Len(t, sent.Params, 2)
		assert.Equal(t, `"`+vitalik+`"`, string(sent.Params[0]))
		assert.JSONEq(t, tc.wire, string(sent.Params[1]))

		b, err := json.Marshal(tc.block)
		require.NoError(t, err)
		assert.JSONEq(t, tc.wire, string(b), "a Block passed to Call is sent the same way")
	}
}

// A block reference that is neither a tag, a number nor a hash is refused
// before any request, naming block_tag or block_hash.
func TestBlockBadInput(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{}`})
	c := client(t, srv.URL)
	balance := func(b noderpc.Block) func() error {
		return func() error { _, err := c.GetBalance(context.Background(), vitalik, b); return err }
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "noderpc", Op: "GetBalance"}, []testkit.Input{
		{Field: "block_hash", Call: balance(noderpc.BlockHash("0x1234", true))},
		{Field: "block_hash", Call: balance(noderpc.BlockHash(blockHash[2:], false))},
		{Field: "block_hash", Call: balance(noderpc.BlockHash(blockHash+"00", false))},
		{Field: "block_hash", Call: balance(noderpc.BlockHash("0x"+strings.Repeat("z", 64), false))},
		{Field: "block_hash", Call: balance(noderpc.BlockHash("0X"+blockHash[2:], false))},
		{Field: "block_hash", Call: balance(noderpc.BlockHash(vitalik, true))},
		{Field: "block_tag", Call: balance(noderpc.BlockTag(blockHash))},
		{Field: "block_tag", Call: balance(noderpc.BlockTag("LATEST"))},
		{Field: "block_tag", Call: balance(noderpc.BlockTag("0x"))},
		{Field: "block_tag", Call: balance(noderpc.BlockTag("0x00"))},
		{Field: "block_tag", Call: balance(noderpc.BlockTag("436"))},
		{Field: "block_tag", Call: balance(noderpc.BlockTag(" latest"))},
	}, key)
}
