package main

import (
	"context"
	"errors"
	"time"

	"github.com/conduit-sdk/conduit/noderpc"
)

func init() {
	register("noderpc", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := noderpc.New()
		if err != nil {
			return err
		}
		height, err := c.BlockNumber(ctx)
		if err != nil {
			return err
		}
		say("BlockNumber", "latest block %d", height)
		wei, err := c.GetBalance(ctx, "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", noderpc.Block{})
		if err != nil {
			return err
		}
		say("GetBalance", "%s wei", wei)
		var block struct {
			Timestamp    noderpc.Quantity `json:"timestamp"`
			Transactions []string         `json:"transactions"`
		}
		if err := c.Call(ctx, "eth_getBlockByNumber", []any{noderpc.Quantity(height), false}, &block); err != nil {
			return err
		}
		say("Call", "eth_getBlockByNumber: %d transactions, mined %s",
			len(block.Transactions), time.Unix(int64(block.Timestamp), 0).UTC().Format(time.DateTime))
		var chain noderpc.Quantity
		calls := []noderpc.BatchElem{
			{Method: "eth_chainId", Result: &chain},
			{Method: "eth_call", Params: []any{map[string]string{"to": "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "data": "0x8da5cb5b"}, "latest"}},
		}
		if err := c.BatchCall(ctx, calls); err != nil {
			return err
		}
		var e *noderpc.Error
		if !errors.As(calls[1].Error, &e) {
			return errors.New("eth_call should have reverted")
		}
		say("BatchCall", "chain %d; eth_call error %s %q", uint64(chain), e.Code, e.Message)
		return nil
	})
}
