package noderpc_test

import (
	"context"
	"iter"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/wstest"
	"github.com/conduit-sdk/conduit/noderpc"
)

// leakWhere names the goroutines a Socket may leave behind.
var leakWhere = []string{"noderpc.", "internal/socket.", "coder/websocket."}

// fast reconnects at once, so tests of drops do not wait.
var fast = &noderpc.SocketOptions{ReconnectMin: time.Millisecond, ReconnectMax: 2 * time.Millisecond}

func nodeSocket(t *testing.T, o *noderpc.SocketOptions) (*conduittest.NodeSocket, *noderpc.Socket) {
	t.Helper()
	wstest.NoLeaks(t, leakWhere...)
	node := conduittest.StartNodeSocket()
	t.Cleanup(node.Close)
	c, err := noderpc.New(node.Options()...)
	require.NoError(t, err)
	ws, err := c.Socket(context.Background(), o)
	require.NoError(t, err)
	t.Cleanup(func() { ws.Close() })
	return node, ws
}

func TestNewHeadsAcrossADropFillsTheGap(t *testing.T) {
	node, ws := nodeSocket(t, fast)
	next := pull(t, ws.NewHeads)
	wstest.Until(t, "the subscription", func() bool { return node.Subscribed() == 1 })
	node.Mine(2)
	for want := uint64(1); want <= 2; want++ {
		h := next(t)
		require.EqualValues(t, want, h.Number)
		require.False(t, h.Reorg)
		require.False(t, h.Filled)
	}
	node.Drop()
	node.Mine(3) // blocks 3-5 while nobody listens
	wstest.Until(t, "the re-subscription", func() bool { return node.Subscribed() == 2 })
	node.Mine(1) // block 6 announced
	for want := uint64(3); want <= 6; want++ {
		h := next(t)
		require.EqualValues(t, want, h.Number)
		require.False(t, h.Reorg, "block %d", want)
		require.Equal(t, want < 6, h.Filled, "block %d", want)
	}
	require.Equal(t, 3, node.Calls("eth_getBlockByNumber"))
}

// pull runs the iterator open makes on its own goroutine and returns what
// takes its next value; the test's end cancels it and waits for it.
func pull[T any](t *testing.T, open func(context.Context) iter.Seq2[T, error]) func(t *testing.T) T {
	ctx, cancel := context.WithCancel(context.Background())
	next, stop := iterPull(open(ctx))
	t.Cleanup(func() { cancel(); stop() })
	return next
}

func iterPull[T any](seq iter.Seq2[T, error]) (func(t *testing.T) T, func()) {
	type item struct {
		v   T
		err error
	}
	ch := make(chan item)
	done := make(chan struct{})
	go func() {
		defer close(ch)
		seq(func(v T, err error) bool {
			select {
			case ch <- item{v, err}:
				return true
			case <-done:
				return false
			}
		})
	}()
	return func(t *testing.T) T {
			t.Helper()
			select {
			case it, ok := <-ch:
				require.True(t, ok, "the iterator ended")
				require.NoError(t, it.err)
				return it.v
			case <-time.After(wstest.Wait):
				t.Fatal("nothing came")
			}
			var zero T
			return zero
		}, func() {
			close(done)
			for range ch {
			}
		}
}

// Logs missed while the connection was down come from eth_getLogs, each
// once; a reorg passes the dropped logs on as removals.
func TestLogsAcrossADropAndAReorg(t *testing.T) {
	const token = "0x00000000000000000000000000000000000000aa"
	transfer := "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
	node, ws := nodeSocket(t, fast)
	next := pull(t, func(ctx context.Context) iter.Seq2[*noderpc.Log, error] {
		return ws.Logs(ctx, noderpc.FilterQuery{Addresses: []noderpc.Address{noderpc.MustAddress(token)},
			Topics: [][]noderpc.Hash{{noderpc.MustHash(transfer)}}})
	})
	wstest.Until(t, "the subscription", func() bool { return node.Subscribed() == 1 })
	node.Emit(token, transfer)
	node.Emit("0x00000000000000000000000000000000000000bb", transfer) // another contract
	node.Mine(1)
	l := next(t)
	require.EqualValues(t, 1, l.BlockNumber)
	require.False(t, l.Removed)

	node.Drop()
	node.Emit(token, transfer)
	node.Mine(2) // block 2 has a transfer nobody was told of
	wstest.Until(t, "the re-subscription", func() bool { return node.Subscribed() == 2 })
	l = next(t)
	require.EqualValues(t, 2, l.BlockNumber, "filled by eth_getLogs")
	require.GreaterOrEqual(t, node.Calls("eth_getLogs"), 1)

	node.Reorg(2) // blocks 2 and 3 replaced: block 2's transfer is gone
	l = next(t)
	require.EqualValues(t, 2, l.BlockNumber)
	require.True(t, l.Removed)
}

// Bad filters are refused before anything is sent, naming the field.
func TestSubscriptionInputsChecked(t *testing.T) {
	_, ws := nodeSocket(t, nil)
	for name, seq := range map[string]iter.Seq2[*noderpc.Log, error]{
		"fromBlock": ws.Logs(context.Background(), noderpc.FilterQuery{FromBlock: noderpc.BlockTag("0x1")}),
		"topics":    ws.Logs(context.Background(), noderpc.FilterQuery{Topics: make([][]noderpc.Hash, 5)}),
	} {
		for _, err := range seq {
			require.ErrorIs(t, err, conduit.ErrInvalidParam)
			require.ErrorContains(t, err, "invalid parameter "+name)
		}
	}
	for _, err := range ws.MinedTransactions(context.Background(), noderpc.MinedFilter{Addresses: make([]noderpc.AddressPair, 1001)}) {
		require.ErrorContains(t, err, "invalid parameter addresses")
	}
}
