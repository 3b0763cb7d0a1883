package socket_test

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/socket"
	"github.com/conduit-sdk/conduit/internal/wstest"
)

// leakWhere names the goroutines a connection may leave behind.
var leakWhere = []string{"internal/socket.", "coder/websocket."}

func dial(t *testing.T, srv *wstest.Server, cfg socket.Config) (*socket.Conn, *wstest.Peer) {
	t.Helper()
	cfg.URL = srv.URL()
	c, err := socket.Dial(context.Background(), cfg)
	require.NoError(t, err)
	p, err := srv.Next()
	require.NoError(t, err)
	return c, p
}

func start(t *testing.T) *wstest.Server {
	wstest.NoLeaks(t, leakWhere...)
	srv := wstest.Start()
	t.Cleanup(srv.Close)
	return srv
}

func TestReadWriteClose(t *testing.T) {
	srv := start(t)
	c, p := dial(t, srv, socket.Config{})
	require.NoError(t, p.Send(`{"op":10}`))
	b, err := c.Read(context.Background())
	require.NoError(t, err)
	require.JSONEq(t, `{"op":10}`, string(b))
	require.NoError(t, c.Write(context.Background(), []byte(`{"op":1}`)))
	got, err := p.Read()
	require.NoError(t, err)
	require.Equal(t, `{"op":1}`, string(got))
	require.NoError(t, c.Close())
	code, err := p.Closed()
	require.NoError(t, err)
	require.Equal(t, 1000, code)
	require.NoError(t, c.Close(), "a second Close is a no-op")
}

// Close from another goroutine ends a Read that waits, with ErrClosed, and
// the server sees 1000.
func TestCloseEndsBlockedRead(t *testing.T) {
	srv := start(t)
	c, p := dial(t, srv, socket.Config{})
	done := make(chan error, 1)
	go func() {
		_, err := c.Read(context.Background())
		done <- err
	}()
	require.NoError(t, c.Close())
	require.ErrorIs(t, <-done, socket.ErrClosed)
	code, err := p.Closed()
	require.NoError(t, err)
	require.Equal(t, 1000, code)
}

func TestOversizedMessageEndsTheConnection(t *testing.T) {
	srv := start(t)
	c, p := dial(t, srv, socket.Config{MaxMessageBytes: 1024})
	require.NoError(t, p.SendOversized(1025))
	_, err := c.Read(context.Background())
	require.ErrorIs(t, err, conduit.ErrResponseTooLarge)
	require.Contains(t, err.Error(), "1024")
	code, err := p.Closed()
	require.NoError(t, err)
	require.Equal(t, 1009, code, "the peer is told the message was too big")
	c.Close()
}

func TestMessageAtTheCapIsRead(t *testing.T) {
	srv := start(t)
	c, p := dial(t, srv, socket.Config{MaxMessageBytes: 1024})
	require.NoError(t, p.SendOversized(1024))
	b, err := c.Read(context.Background())
	require.NoError(t, err)
	require.Len(t, b, 1024)
	c.Close()
}

func TestServerCloseCode(t *testing.T) {
	srv := start(t)
	refused := errors.New("authentication failed")
	c, p := dial(t, srv, socket.Config{Closes: map[int]error{4004: refused}})
	go p.Close(4004, "Authentication failed.")
	_, err := c.Read(context.Background())
	require.Equal(t, 4004, socket.CloseCode(err))
	var ce *socket.CloseError
	require.ErrorAs(t, err, &ce)
	require.Equal(t, "Authentication failed.", ce.Reason)
	require.ErrorIs(t, err, refused)
	require.Contains(t, err.Error(), "authentication failed")
	c.Close()
}

func TestDroppedConnection(t *testing.T) {
	srv := start(t)
	c, p := dial(t, srv, socket.Config{})
	p.Drop()
	_, err := c.Read(context.Background())
	require.Error(t, err)
	require.Zero(t, socket.CloseCode(err))
	require.False(t, errors.Is(err, socket.ErrClosed))
	c.Close()
}

// A server that never answers the close handshake does not hold Close
// forever, and leaves no goroutine.
func TestCloseOnStalledServer(t *testing.T) {
	srv := start(t)
	srv.Stall(true)
	c, _ := dial(t, srv, socket.Config{})
	require.NoError(t, c.Close())
}

func TestRefusedHandshake(t *testing.T) {
	srv := start(t)
	srv.Refuse(429)
	_, err := socket.Dial(context.Background(), socket.Config{URL: srv.URL()})
	var he *socket.HandshakeError
	require.ErrorAs(t, err, &he)
	require.Equal(t, 429, he.StatusCode)
	require.ErrorIs(t, err, conduit.ErrRateLimited)
}

func TestFailShapesEveryError(t *testing.T) {
	srv := start(t)
	wrapped := errors.New("wrapped")
	cfg := socket.Config{MaxMessageBytes: 10, Fail: func(err error) error { return errors.Join(wrapped, err) }}
	c, p := dial(t, srv, cfg)
	require.NoError(t, p.SendOversized(11))
	_, err := c.Read(context.Background())
	require.ErrorIs(t, err, wrapped)
	require.ErrorIs(t, err, conduit.ErrResponseTooLarge)
	c.Close()
}

func TestCommandRate(t *testing.T) {
	srv := start(t)
	c, p := dial(t, srv, socket.Config{Commands: socket.Rate{N: 3, Per: time.Hour, Reserve: 1}})
	ctx := context.Background()
	require.NoError(t, c.Write(ctx, []byte("1")))
	require.NoError(t, c.Write(ctx, []byte("2")))
	// The third slot is held for urgent writes: an ordinary one waits for
	// the hour, so its context ends first.
	short, cancel := context.WithCancel(ctx)
	cancel()
	require.ErrorIs(t, c.Write(short, []byte("3")), context.Canceled)
	require.NoError(t, c.WriteUrgent(ctx, []byte("heartbeat")))
	require.ErrorIs(t, c.WriteUrgent(short, []byte("4")), context.Canceled)
	for _, want := range []string{"1", "2", "heartbeat"} {
		got, err := p.Read()
		require.NoError(t, err)
		require.Equal(t, want, string(got))
	}
	c.Close()
	code, err := p.Closed()
	require.NoError(t, err)
	require.Equal(t, 1000, code, "nothing more was written")
}

// zlibMessages compresses msgs as one zlib-stream: one context, a sync
// flush after each.
func zlibMessages(t *testing.T, msgs ...string) [][]byte {
	var buf bytes.Buffer
	w := zlib.NewWriter(&buf)
	var out [][]byte
	for _, m := range msgs {
		_, err := w.Write([]byte(m))
		require.NoError(t, err)
		require.NoError(t, w.Flush())
		out = append(out, bytes.Clone(buf.Bytes()))
		buf.Reset()
	}
	return out
}

func TestZlibStream(t *testing.T) {
	srv := start(t)
	big := `{"d":"` + strings.Repeat("abcdefghij", 20_000) + `"}`
	msgs := []string{`{"op":10}`, big, `{"op":11}`, big, `{"op":0,"s":1}`}
	c, p := dial(t, srv, socket.Config{Inflate: socket.ZlibStream})
	parts := zlibMessages(t, msgs...)
	// The last message arrives in two frames; only the second ends with
	// the flush.
	last := parts[len(parts)-1]
	parts = append(parts[:len(parts)-1], last[:3], last[3:])
	go func() {
		for _, part := range parts {
			if p.SendBinary(part) != nil {
				return
			}
		}
	}()
	for _, want := range msgs {
		got, err := c.Read(context.Background())
		require.NoError(t, err)
		require.Equal(t, want, string(got))
	}
	c.Close()
}

func TestZlibBombEndsTheConnection(t *testing.T) {
	srv := start(t)
	c, p := dial(t, srv, socket.Config{Inflate: socket.ZlibStream, MaxInflatedBytes: 256 << 10})
	bomb := zlibMessages(t, strings.Repeat("0", 2<<20))[0]
	require.Less(t, len(bomb), 64<<10, "the bomb is small on the wire")
	go p.SendBinary(bomb)
	_, err := c.Read(context.Background())
	require.ErrorIs(t, err, conduit.ErrResponseTooLarge)
	require.Contains(t, err.Error(), "MaxInflatedBytes")
	code, err := p.Closed()
	require.NoError(t, err)
	require.Equal(t, 1009, code)
	c.Close()
}

func TestZlibGarbage(t *testing.T) {
	srv := start(t)
	c, p := dial(t, srv, socket.Config{Inflate: socket.ZlibStream})
	go p.SendBinary([]byte{1, 2, 3, 4, 0, 0, 0xff, 0xff})
	_, err := c.Read(context.Background())
	require.ErrorIs(t, err, conduit.ErrMalformedResponse)
	code, err := p.Closed()
	require.NoError(t, err)
	require.Equal(t, 1007, code)
	c.Close()
}

func TestBackoff(t *testing.T) {
	b := socket.Backoff{Min: time.Second, Max: 8 * time.Second}
	for i, ceil := range []time.Duration{1, 2, 4, 8, 8, 8} {
		ceil *= time.Second
		d := b.Next()
		require.GreaterOrEqual(t, d, ceil/2, "attempt %d", i)
		require.LessOrEqual(t, d, ceil, "attempt %d", i)
	}
	b.Reset()
	require.LessOrEqual(t, b.Next(), time.Second)
}
