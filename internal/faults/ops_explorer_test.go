package faults

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit/explorer"
)

const (
	btcAddress = "1wiz18xYmhRX6xStj2b9t1rwWX4GKUgpv"
	btcTx      = "15e10745f15593a899cef391191bdd3d7c12412cc4696b7bcb669d0feadc8521"
	btcBlock   = "000000000000000015dc777b3ff2611091336355d3f0ee9766a2cf3be8e4b1ce"
	btcRawTx   = "01000000014b1e8ecdc54e0c0dbad6e0f2b0eac0fea71f3ea4c9b2d1b25c3a2dec44ccdc4d0000000000ffffffff01f0a3cdb2000000001976a9141e6cbd2e4ba0f5e3d8e6c5e4f0a2a3b7c1d9e0f288ac00000000"
)

// btcTxRow is a row of a method taking a transaction id.
func btcTxRow[T any](name string, call func(c *explorer.Client, ctx context.Context, txid string, opts ...explorer.Option) (T, error)) op {
	return row("explorer", name, explorer.New, func(ctx context.Context, c *explorer.Client) error {
		return discard(call(c, ctx, btcTx))
	}).rejects("txid", func(ctx context.Context, c *explorer.Client) error {
		return discard(call(c, ctx, btcTx[:63]))
	}).rejects("txid", func(ctx context.Context, c *explorer.Client) error {
		return discard(call(c, ctx, ".."))
	})
}

// btcBlockRow is a row of a method taking a block hash.
func btcBlockRow[T any](name string, call func(c *explorer.Client, ctx context.Context, hash string, opts ...explorer.Option) (T, error)) op {
	return row("explorer", name, explorer.New, func(ctx context.Context, c *explorer.Client) error {
		return discard(call(c, ctx, btcBlock))
	}).rejects("hash", func(ctx context.Context, c *explorer.Client) error {
		return discard(call(c, ctx, "zz"+btcBlock[2:]))
	})
}

// btcAddressRow is a row of a method taking an address.
func btcAddressRow[T any](name string, call func(c *explorer.Client, ctx context.Context, address string, opts ...explorer.Option) (T, error)) op {
	return row("explorer", name, explorer.New, func(ctx context.Context, c *explorer.Client) error {
		return discard(call(c, ctx, btcAddress))
	}).rejects("address", func(ctx context.Context, c *explorer.Client) error {
		return discard(call(c, ctx, ""))
	}).rejects("address", func(ctx context.Context, c *explorer.Client) error {
		return discard(call(c, ctx, "1wiz18xYmhRX6xStj2b9/../t1rwWX4GKUgpv"))
	})
}

func init() {
	notes = append(notes,
		btcAddressRow("Address", (*explorer.Client).Address),
		noted("explorer", "AddressTransactions", explorer.New).rejects("address", func(ctx context.Context, c *explorer.Client) error {
			return discard(c.AddressTransactions(ctx, "short", nil))
		}).rejects("after_txid", func(ctx context.Context, c *explorer.Client) error {
			return discard(c.AddressTransactions(ctx, btcAddress, &explorer.AddressTransactionsParams{AfterTxID: "15e1"}))
		}),
		btcAddressRow("AddressMempoolTransactions", (*explorer.Client).AddressMempoolTransactions),
		btcAddressRow("AddressUTXOs", (*explorer.Client).AddressUTXOs),
		btcTxRow("Transaction", (*explorer.Client).Transaction),
		btcTxRow("TransactionStatus", (*explorer.Client).TransactionStatus),
		btcTxRow("TransactionHex", (*explorer.Client).TransactionHex),
		btcTxRow("TransactionOutspends", (*explorer.Client).TransactionOutspends),
		btcTxRow("TransactionMerkleProof", (*explorer.Client).TransactionMerkleProof),
		noted("explorer", "BroadcastTransaction", explorer.New).writes().rejects("tx", func(ctx context.Context, c *explorer.Client) error {
			return discard(c.BroadcastTransaction(ctx, "0100"))
		}).rejects("tx", func(ctx context.Context, c *explorer.Client) error {
			return discard(c.BroadcastTransaction(ctx, "zz"+btcRawTx[2:]))
		}),
		btcBlockRow("Block", (*explorer.Client).Block),
		btcBlockRow("BlockHeader", (*explorer.Client).BlockHeader),
		btcBlockRow("BlockStatus", (*explorer.Client).BlockStatus),
		noted("explorer", "BlockTransactions", explorer.New).rejects("start_index", func(ctx context.Context, c *explorer.Client) error {
			return discard(c.BlockTransactions(ctx, btcBlock, 10))
		}).rejects("hash", func(ctx context.Context, c *explorer.Client) error {
			return discard(c.BlockTransactions(ctx, "", 0))
		}),
		noted("explorer", "BlockHash", explorer.New).rejects("height", func(ctx context.Context, c *explorer.Client) error {
			return discard(c.BlockHash(ctx, -1))
		}),
		noted("explorer", "HistoricalPrice", explorer.New).rejects("currency", func(ctx context.Context, c *explorer.Client) error {
			return discard(c.HistoricalPrice(ctx, &explorer.HistoricalPriceParams{Currency: "eur"}))
		}).rejects("timestamp", func(ctx context.Context, c *explorer.Client) error {
			return discard(c.HistoricalPrice(ctx, &explorer.HistoricalPriceParams{At: time.Unix(1000, 0)}))
		}),
		noted("explorer", "Hashrate", explorer.New).rejects("period", func(ctx context.Context, c *explorer.Client) error {
			return discard(c.Hashrate(ctx, "1w"))
		}),
		noted("explorer", "MiningPools", explorer.New).rejects("period", func(ctx context.Context, c *explorer.Client) error {
			return discard(c.MiningPools(ctx, ".."))
		}),
	)
}
