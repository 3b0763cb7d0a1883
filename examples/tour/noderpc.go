package main

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
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
		var network string
		if err := c.Call(ctx, "net_version", nil, &network); err != nil {
			return err
		}
		say("Call", "net_version: network %s", network)
		// A raw Call leaves hex quantities to the caller's parsing.
		var rawHeight, rawWei string
		if err := c.Call(ctx, "eth_blockNumber", nil, &rawHeight); err != nil {
			return err
		}
		n, err := noderpc.ParseQuantity(rawHeight)
		if err != nil {
			return err
		}
		say("ParseQuantity", "eth_blockNumber %s is block %d", rawHeight, n)
		if err := c.Call(ctx, "eth_getBalance", []any{"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "latest"}, &rawWei); err != nil {
			return err
		}
		exact, err := noderpc.ParseBigQuantity(rawWei)
		if err != nil {
			return err
		}
		say("ParseBigQuantity", "eth_getBalance %s is %s wei, %d bits", rawWei, exact, exact.BitLen())
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
		var revert string
		if err := json.Unmarshal(noderpc.RPCErrorData(calls[1].Error), &revert); err != nil {
			return err
		}
		data, err := noderpc.ParseData(revert)
		if err != nil {
			return err
		}
		say("RPCErrorData", "%d bytes of revert data, Error(string) %q", len(data), revertReason(data))
		if err := fees(ctx, c, say); err != nil {
			return err
		}
		if err := chainData(ctx, c, height, say); err != nil {
			return err
		}
		return provider(ctx, c, say)
	})
}

// fees reads what pricing a transaction takes.
func fees(ctx context.Context, c *noderpc.Client, say func(op, format string, args ...any)) error {
	id, err := c.ChainID(ctx)
	if err != nil {
		return err
	}
	say("ChainID", "%d", id)
	price, err := c.GasPrice(ctx)
	if err != nil {
		return err
	}
	say("GasPrice", "%s wei", price)
	tip, err := c.MaxPriorityFeePerGas(ctx)
	if err != nil {
		return err
	}
	say("MaxPriorityFeePerGas", "%d-bit amount of wei", tip.BitLen())
	hist, err := c.FeeHistory(ctx, 4, noderpc.Block{}, []float64{25, 75})
	if err != nil {
		return err
	}
	say("FeeHistory", "%d blocks from %d, gas used ratio %.2f", len(hist.GasUsedRatio), hist.OldestBlock, hist.GasUsedRatio[0])
	return nil
}

// chainData reads blocks, transactions, accounts and logs.
func chainData(ctx context.Context, c *noderpc.Client, height uint64, say func(op, format string, args ...any)) error {
	b, err := c.BlockByNumber(ctx, noderpc.BlockAt(height), false)
	if err != nil {
		return err
	}
	say("BlockByNumber", "%d: %d transactions, mined %s", b.Number, len(b.Transactions.Hashes), b.Time().Format("2006-01-02 15:04"))
	bh, err := c.BlockByHash(ctx, noderpc.MustHash("0x7de9c923b2eab68a6a750fbe321638387911e9d02bda4671fa89e38999adbab1"), false)
	if err != nil {
		return err
	}
	say("BlockByHash", "%d by %s", bh.Number, bh.Miner)
	hash, err := noderpc.ParseHash("0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b")
	if err != nil {
		return err
	}
	say("ParseHash", "%s", hash)
	tx, err := c.TransactionByHash(ctx, hash)
	if err != nil {
		return err
	}
	say("TransactionByHash", "nonce %d, %s wei to %s", tx.Nonce, tx.Value, tx.To)
	r, err := c.TransactionReceipt(ctx, hash)
	if err != nil {
		return err
	}
	say("TransactionReceipt", "succeeded %t, gas %d, %d logs", r.Succeeded(), r.GasUsed, len(r.Logs))
	receipts, err := c.BlockReceipts(ctx, noderpc.BlockAt(27506119))
	if err != nil {
		return err
	}
	say("BlockReceipts", "%d receipts, the first of type %#x", len(receipts), uint64(receipts[0].Type))
	trace, err := c.TraceTransaction(ctx, hash, &noderpc.TraceParams{WithLog: true})
	if err != nil {
		return err
	}
	say("TraceTransaction", "%s with %d subcalls, %d logs", trace.Type, len(trace.Calls), len(trace.Logs))
	traces, err := c.TraceBlockByNumber(ctx, noderpc.BlockAt(27506119), &noderpc.TraceParams{OnlyTopCall: true})
	if err != nil {
		return err
	}
	say("TraceBlockByNumber", "%d transactions traced", len(traces))
	byHash, err := c.TraceBlockByHash(ctx, receipts[0].BlockHash, nil)
	if err != nil {
		return err
	}
	say("TraceBlockByHash", "%d transactions traced, first to %s", len(byHash), byHash[0].Result.To)
	holder, err := noderpc.ParseAddress("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045")
	if err != nil {
		return err
	}
	_, mistyped := noderpc.ParseAddress("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046")
	say("ParseAddress", "%s has a valid EIP-55 checksum; with its last digit mistyped: %v", holder, mistyped)
	// EIP-1898: read the balance at a block named by its hash, refused if
	// that block has left the canonical chain.
	atBlock, err := c.GetBalance(ctx, holder.String(), noderpc.BlockHash(bh.Hash.String(), true))
	if err != nil {
		return err
	}
	say("BlockHash", "%s wei at canonical block %d", atBlock, bh.Number)
	usdc := noderpc.MustAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")
	nonce, err := c.TransactionCount(ctx, holder, noderpc.BlockTag("pending"))
	if err != nil {
		return err
	}
	say("TransactionCount", "next nonce %d", nonce)
	code, err := c.Code(ctx, usdc, noderpc.Block{})
	if err != nil {
		return err
	}
	say("Code", "%d bytes", len(code))
	word, err := c.StorageAt(ctx, usdc, noderpc.Hash{}, noderpc.Block{})
	if err != nil {
		return err
	}
	say("StorageAt", "slot 0 = %s", word)
	sel := noderpc.Keccak256([]byte("balanceOf(address)"))
	data := append(append(noderpc.Data(sel[:4]), make([]byte, 12)...), holder[:]...)
	out, err := c.CallContract(ctx, noderpc.CallMsg{To: &usdc, Data: data}, noderpc.Block{})
	if err != nil {
		return err
	}
	say("CallContract", "balanceOf: %d bytes", len(out))
	gas, err := c.EstimateGas(ctx, noderpc.CallMsg{From: &holder, To: &usdc, Value: big.NewInt(1)})
	if err != nil {
		return err
	}
	say("EstimateGas", "%d gas", gas)
	logs, err := c.Logs(ctx, noderpc.FilterQuery{FromBlock: noderpc.BlockAt(73185000), ToBlock: noderpc.BlockAt(73186000)})
	if err != nil {
		return err
	}
	say("Logs", "%d logs, first in block %d", len(logs), logs[0].BlockNumber)
	signed, _ := noderpc.ParseData("0x02f86c0180843b9aca00850ba43b740082520894d8da6bf26964af9d7eed9e03e53415d37aa9604580c0")
	sent, err := c.SendRawTransaction(ctx, signed)
	if err != nil {
		return err
	}
	say("SendRawTransaction", "%s", sent)
	return nil
}

// provider calls the provider's own token and transfer methods.
func provider(ctx context.Context, c *noderpc.Client, say func(op, format string, args ...any)) error {
	bal, err := c.TokenBalances(ctx, noderpc.MustAddress("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"), nil)
	if err != nil {
		return err
	}
	say("TokenBalances", "%d tokens, first %s holds %s", len(bal.TokenBalances), bal.TokenBalances[0].ContractAddress, bal.TokenBalances[0].TokenBalance)
	tokens, err := take(c.AllTokenBalances(ctx, noderpc.MustAddress("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"), nil), 5)
	if err != nil {
		return err
	}
	say("AllTokenBalances", "%d balances seen, last %s holds %s", len(tokens), tokens[len(tokens)-1].ContractAddress, tokens[len(tokens)-1].TokenBalance)
	external := noderpc.AssetTransfersParams{Category: []noderpc.TransferCategory{noderpc.External}}
	page, err := c.AssetTransfers(ctx, external)
	if err != nil {
		return err
	}
	t := page.Transfers[0]
	say("AssetTransfers", "%d external transfers, first %s %s in block %d, more: %t", len(page.Transfers), t.Value, t.Asset, uint64(t.BlockNum), page.PageKey != "")
	transfers, err := take(c.AllAssetTransfers(ctx, external), 5)
	if err != nil {
		return err
	}
	say("AllAssetTransfers", "%d transfers seen, last from %s", len(transfers), transfers[len(transfers)-1].From)
	return subscribe(ctx, say)
}

// subscribe follows new heads over the socket fake: two mined live, a drop,
// two mined meanwhile, filled in when the first head after the reconnect
// shows the gap.
func subscribe(ctx context.Context, say func(op, format string, args ...any)) error {
	node := conduittest.StartNodeSocket()
	defer node.Close()
	c, err := noderpc.New(node.Options()...)
	if err != nil {
		return err
	}
	ws, err := c.Socket(ctx, &noderpc.SocketOptions{ReconnectMin: 10 * time.Millisecond, ReconnectMax: time.Second})
	if err != nil {
		return err
	}
	defer ws.Close()
	go func() {
		wait := func(n int) {
			for node.Subscribed() < n && ctx.Err() == nil {
				time.Sleep(5 * time.Millisecond)
			}
		}
		wait(1)
		node.Mine(2)
		node.Drop()
		node.Mine(2) // while nobody listens
		wait(2)
		node.Mine(1) // the first head after the reconnect shows the gap
	}()
	var filled int
	for h, err := range ws.NewHeads(ctx) {
		if err != nil {
			return err
		}
		if h.Filled {
			filled++
		}
		if h.Number == 5 {
			say("Socket", "NewHeads to block %d across a drop, %d filled after the reconnect", h.Number, filled)
			break
		}
	}
	return nil
}

// revertReason reads the message of a Solidity revert, the ABI encoding of
// Error(string): its selector, the string's offset, its length, its bytes.
func revertReason(data []byte) string {
	if len(data) < 68 || hex.EncodeToString(data[:4]) != "08c379a0" {
		return ""
	}
	n := new(big.Int).SetBytes(data[36:68])
	if !n.IsInt64() || n.Int64() > int64(len(data)-68) {
		return ""
	}
	return string(data[68 : 68+n.Int64()])
}
