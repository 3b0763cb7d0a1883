package main

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit/explorer"
)

func init() {
	register("explorer", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := explorer.New()
		if err != nil {
			return err
		}
		fees, err := c.RecommendedFees(ctx)
		if err != nil {
			return err
		}
		say("RecommendedFees", "fastest %v, half hour %v, hour %v, economy %v, minimum %v sat/vB",
			fees.FastestFee, fees.HalfHourFee, fees.HourFee, fees.EconomyFee, fees.MinimumFee)
		m, err := c.Mempool(ctx)
		if err != nil {
			return err
		}
		top := m.FeeHistogram[0]
		say("Mempool", "%d txs, %d vB, %d sat fees; top bucket %v sat/vB x %d vB", m.Count, m.VSize, m.TotalFee, top.FeeRate, top.VSize)
		blocks, err := c.Blocks(ctx)
		if err != nil {
			return err
		}
		tip := blocks[0]
		say("Blocks", "%d blocks, tip %d at %s, %d txs, reward %d sat, median fee %.2f sat/vB",
			len(blocks), tip.Height, tip.Time().Format(time.DateTime), tip.TxCount, tip.Extras.Reward, tip.Extras.MedianFee)
		return nil
	})
}
