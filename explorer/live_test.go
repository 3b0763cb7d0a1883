package explorer_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/internal/wstest"
)

const liveAddr = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	wstest.Until(t, what, cond)
}

// Typed members, unknown ones raw, and on reconnect the want and every
// track are sent again.
func TestLiveTypedUnknownAndResent(t *testing.T) {
	wstest.NoLeaks(t, "explorer.", "internal/socket.", "coder/websocket.")
	feed := conduittest.StartMempoolSocket()
	defer feed.Close()
	c, err := explorer.New(feed.Options()...)
	require.NoError(t, err)
	live := c.Live(&explorer.LiveOptions{ReconnectMin: time.Millisecond, ReconnectMax: 2 * time.Millisecond})
	require.NoError(t, live.Want("blocks", "stats"))
	require.NoError(t, live.TrackAddress(liveAddr))
	require.ErrorContains(t, live.Want("everything"), "data")
	require.ErrorContains(t, live.TrackTx("nope"), "txid")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan *explorer.Update, 16)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for u, err := range live.Updates(ctx) {
			if err != nil {
				t.Error(err)
				return
			}
			got <- u
		}
	}()
	waitUntil(t, "the commands", func() bool { return len(feed.Received(0)) == 2 })
	require.JSONEq(t, `{"action":"want","data":["blocks","stats"]}`, string(feed.Received(0)[0]))
	require.JSONEq(t, `{"track-address":"`+liveAddr+`"}`, string(feed.Received(0)[1]))
	feed.Push(`{"block":{"id":"00000000000000000001","height":840000},"fees":{"fastestFee":12,"halfHourFee":9,"hourFee":7,"economyFee":3,"minimumFee":1},"conversions":{"USD":64000}}`)
	u := <-got
	require.EqualValues(t, 840000, u.Block.Height)
	require.EqualValues(t, 9, u.Fees.HalfHourFee)
	require.JSONEq(t, `{"USD":64000}`, string(u.Other["conversions"]))
	require.False(t, u.Reconnected)

	require.NoError(t, live.TrackTx("aa"+"00000000000000000000000000000000000000000000000000000000000000"))
	waitUntil(t, "the track-tx", func() bool { return len(feed.Received(0)) == 3 })
	feed.Drop()
	waitUntil(t, "every command again", func() bool { return len(feed.Received(1)) == 3 })
	require.JSONEq(t, string(feed.Received(0)[0]), string(feed.Received(1)[0]))
	feed.Push(`{"txPosition":{"txid":"aa","position":{"block":0,"vsize":1234.5}},"address-transactions":[{"txid":"bb","fee":141}]}`)
	u = <-got
	require.True(t, u.Reconnected)
	require.EqualValues(t, 1234.5, u.TxPosition.Position.VSize)
	require.EqualValues(t, 141, u.AddressTransactions[0].Fee)
	cancel()
	<-done
}
