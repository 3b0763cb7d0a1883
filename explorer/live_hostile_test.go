package explorer_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/internal/wstest"
)

// liveRun ranges over Updates on its own goroutine, handing each update
// or error over a channel.
func liveRun(t *testing.T, live *explorer.Live) (<-chan any, context.CancelFunc, <-chan struct{}) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	items := make(chan any, 16)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for u, err := range live.Updates(ctx) {
			if err != nil {
				items <- err
				continue
			}
			items <- u
		}
	}()
	t.Cleanup(func() { cancel(); <-done })
	return items, cancel, done
}

func nextItem(t *testing.T, items <-chan any) any {
	t.Helper()
	select {
	case it := <-items:
		return it
	case <-time.After(wstest.Wait):
		t.Fatal("no update")
		return nil
	}
}

// Invalid JSON and a frame over the cap each end the connection; the feed
// reconnects, sends its want again, and the first update after says so,
// with the cause.
func TestLiveBadMessagesReconnectAndSaySo(t *testing.T) {
	wstest.NoLeaks(t, "explorer.", "internal/socket.", "coder/websocket.")
	feed := conduittest.StartMempoolSocket()
	defer feed.Close()
	c, err := explorer.New(feed.Options()...)
	require.NoError(t, err)
	live := c.Live(&explorer.LiveOptions{MaxMessageBytes: 1024, ReconnectMin: time.Millisecond, ReconnectMax: 2 * time.Millisecond})
	require.NoError(t, live.Want("blocks"))
	items, _, _ := liveRun(t, live)

	for i, bad := range []struct {
		msg  string
		kind error
	}{
		{`{"block": {"height": 1`, conduit.ErrMalformedResponse},
		{`["not", "an", "object"]`, conduit.ErrMalformedResponse},
		{`{"conversions":"` + strings.Repeat("x", 4096) + `"}`, conduit.ErrResponseTooLarge},
	} {
		waitUntil(t, "the want", func() bool { return len(feed.Received(i)) == 1 })
		feed.Push(bad.msg)
		waitUntil(t, "the want again", func() bool { return len(feed.Received(i+1)) == 1 })
		feed.Push(`{"pong":true}`)
		u, ok := nextItem(t, items).(*explorer.Update)
		require.True(t, ok, "case %d: want the update after the reconnect", i)
		require.True(t, u.Reconnected, "case %d", i)
		require.ErrorIs(t, u.Cause, bad.kind, "case %d", i)
		var ce *conduit.Error
		require.ErrorAs(t, u.Cause, &ce, "case %d: the service's error", i)
	}
	require.Equal(t, 4, feed.Connections())
}

// A service that refuses every connection: the feed tries the first one
// and MaxReconnects more, then ends with the last error; nothing is left
// running.
func TestLiveReconnectStormEnds(t *testing.T) {
	wstest.NoLeaks(t, "explorer.", "internal/socket.", "coder/websocket.")
	feed := conduittest.StartMempoolSocket()
	defer feed.Close()
	feed.Refuse(http.StatusServiceUnavailable)
	c, err := explorer.New(feed.Options()...)
	require.NoError(t, err)
	items, _, done := liveRun(t, c.Live(&explorer.LiveOptions{MaxReconnects: 3, ReconnectMin: time.Millisecond, ReconnectMax: 4 * time.Millisecond}))
	err, ok := nextItem(t, items).(error)
	require.True(t, ok)
	require.ErrorContains(t, err, "4 connections in a row failed (LiveOptions.MaxReconnects)")
	require.ErrorContains(t, err, "503")
	select {
	case <-done:
	case <-time.After(wstest.Wait):
		t.Fatal("Updates did not end after its error")
	}
	require.Zero(t, feed.Connections())
}

// The context ends while the feed waits to reconnect, and while a
// connection is open: Updates returns at once, with no error, and leaves
// no goroutine behind.
func TestLiveContextEndsEverywhere(t *testing.T) {
	wstest.NoLeaks(t, "explorer.", "internal/socket.", "coder/websocket.")
	feed := conduittest.StartMempoolSocket()
	defer feed.Close()
	c, err := explorer.New(feed.Options()...)
	require.NoError(t, err)

	items, cancel, done := liveRun(t, c.Live(&explorer.LiveOptions{PingInterval: time.Millisecond}))
	waitUntil(t, "a connection", func() bool { return feed.Connections() == 1 })
	feed.Push(`{"pong":true}`)
	require.IsType(t, &explorer.Update{}, nextItem(t, items))
	cancel()
	<-done

	feed.Refuse(http.StatusServiceUnavailable)
	items, cancel, done = liveRun(t, c.Live(&explorer.LiveOptions{ReconnectMin: time.Hour, ReconnectMax: time.Hour}))
	time.Sleep(50 * time.Millisecond) // into the hour's wait
	cancel()
	select {
	case <-done:
	case <-time.After(wstest.Wait):
		t.Fatal("Updates kept waiting after its context ended")
	}
	select {
	case it := <-items:
		t.Fatalf("yielded %v after its context ended", it)
	default:
	}
}
