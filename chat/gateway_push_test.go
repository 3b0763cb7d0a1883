package chat_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/wstest"
)

// compress=zlib-stream end to end on conduittest's gateway: events inflate
// in the connection's one context, and a compression bomb (a few kilobytes
// on the wire, megabytes inflated) ends the connection with an error that
// names the cap, after which the session resumes and goes on.
func TestGatewayZlibStreamAndBombOnConduittest(t *testing.T) {
	wstest.NoLeaks(t, "chat.(*Gateway)", "chat.(*session)", "internal/socket.")
	srv := conduittest.NewServer(t)
	c, err := chat.New(srv.Options("chat")...)
	require.NoError(t, err)
	_, r := startEvents(t, c, &chat.GatewayParams{Compress: true, MaxEventBytes: 1 << 20})
	fake := srv.ChatGateway()
	require.IsType(t, &chat.ReadyEvent{}, r.next(t))
	for i, text := range []string{"!ping", "!pong"} { // the second needs the first's context
		require.NoError(t, fake.Dispatch("MESSAGE_CREATE", `{"id":"1`+string(rune('0'+i))+`","channel_id":"2","content":"`+text+`","author":{"id":"3"}}`))
		require.Equal(t, text, r.next(t).(*chat.MessageCreateEvent).Message.Content)
	}

	require.NoError(t, fake.DispatchOversized("BOMB", 8<<20))
	rc := r.reconnect(t)
	require.True(t, rc.Resume)
	require.ErrorIs(t, rc.Cause, conduit.ErrResponseTooLarge)
	require.Contains(t, rc.Cause.Error(), "inflating past 1048576 bytes", "the cap on what a message inflates to, not on the wire")
	require.IsType(t, &chat.ResumedEvent{}, r.next(t))
	require.NoError(t, fake.Dispatch("MESSAGE_CREATE", `{"id":"20","channel_id":"2","content":"after","author":{"id":"3"}}`))
	require.Equal(t, "after", r.next(t).(*chat.MessageCreateEvent).Message.Content)
	ids, resumes := fake.Sessions()
	require.Equal(t, [2]int{1, 1}, [2]int{ids, resumes})
}

// A consumer that holds one event for many heartbeat intervals: the
// heartbeats go on, the connection is not taken for dead, memory stays at
// what the socket buffers (the fake's writes block: TCP pushes back), and
// once the consumer goes on every event arrives, in order, none dropped.
func TestGatewaySlowConsumer(t *testing.T) {
	wstest.NoLeaks(t, "chat.(*Gateway)", "chat.(*session)", "internal/socket.")
	srv := conduittest.NewServer(t)
	fake := srv.ChatGateway()
	fake.HeartbeatInterval(1000)
	c, err := chat.New(srv.Options("chat")...)
	require.NoError(t, err)
	g, err := c.Gateway(&chat.GatewayParams{Identify: noGate{}, Starts: noStarts{}})
	require.NoError(t, err)

	const big, bigSize = 128, 256 << 10
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	held, release := make(chan struct{}), make(chan struct{})
	var names []string
	done := make(chan error, 1)
	go func() {
		defer close(done)
		for ev, err := range g.Events(ctx) {
			if err != nil {
				done <- err
				return
			}
			switch e := ev.(type) {
			case *chat.ReconnectEvent:
				done <- e.Cause
				return
			case *chat.MessageCreateEvent:
				names = append(names, e.Message.Content)
				if e.Message.Content == "hold" {
					close(held)
					<-release
				}
			case *chat.UnknownEvent:
				names = append(names, e.Name)
				if len(names) == 2+big {
					return
				}
			}
		}
	}()
	msg := func(content string) string {
		return `{"id":"1","channel_id":"2","content":"` + content + `","author":{"id":"3"}}`
	}
	require.NoError(t, fake.Dispatch("MESSAGE_CREATE", msg("hold")))
	<-held
	require.NoError(t, fake.Dispatch("MESSAGE_CREATE", msg("next")))
	beats := fake.Heartbeats()
	wstest.Until(t, "heartbeats while the consumer holds an event", func() bool { return fake.Heartbeats() >= beats+3 })

	var written atomic.Int64
	go func() {
		payload := `"` + strings.Repeat("y", bigSize) + `"`
		for range big {
			if fake.Dispatch("BIG", payload) != nil {
				return
			}
			written.Add(1)
		}
	}()
	wstest.Until(t, "the first large events", func() bool { return written.Load() >= 2 })
	time.Sleep(300 * time.Millisecond) // time to read ahead, were it reading
	require.Less(t, written.Load(), int64(big), "the gateway read %d MiB ahead of its consumer", big*bigSize>>20)

	close(release)
	select {
	case err := <-done:
		require.NoError(t, err, "a reconnect or an error while the consumer was slow")
	case <-time.After(wstest.Wait):
		t.Fatal("the events did not all arrive")
	}
	require.Len(t, names, 2+big)
	require.Equal(t, []string{"hold", "next", "BIG"}, names[:3])
}
