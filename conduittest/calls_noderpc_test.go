package conduittest_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/noderpc"
)

func init() {
	packageCalls = append(packageCalls, func(t *testing.T, srv *conduittest.Server) map[string]opCall {
		node := newClient(t, noderpc.New, srv.Options("noderpc"))
		const vitalik = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"
		return map[string]opCall{
			"noderpc.Call": {do: func(ctx context.Context) (any, error) {
				var network string
				err := node.Call(ctx, "net_version", nil, &network)
				return network, err
			}},
			"noderpc.BlockNumber": {do: func(ctx context.Context) (any, error) {
				return node.BlockNumber(ctx)
			}},
			"noderpc.GetBalance": {do: func(ctx context.Context) (any, error) {
				wei, err := node.GetBalance(ctx, vitalik, noderpc.Block{})
				return field(wei, func() any { return wei.String() }), err
			}},
			"noderpc.BatchCall": {do: func(ctx context.Context) (any, error) {
				var chainID noderpc.Quantity
				err := node.BatchCall(ctx, []noderpc.BatchElem{{Method: "eth_chainId", Result: &chainID}})
				return uint64(chainID), err
			}},
		}
	})
}
