package noderpc_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/wstest"
	"github.com/conduit-sdk/conduit/noderpc"
)

const hostileKey = "hostile-key-9d2f71"

// hostile dials a Socket to a scripted server and returns the server's
// side of the first connection.
func hostile(t *testing.T, o noderpc.SocketOptions) (*wstest.Server, *wstest.Peer, *noderpc.Socket) {
	t.Helper()
	wstest.NoLeaks(t, leakWhere...)
	srv := wstest.Start()
	t.Cleanup(srv.Close)
	c, err := noderpc.New(conduit.WithBaseURL(srv.HTTPURL()), noderpc.WithAPIKey(hostileKey))
	require.NoError(t, err)
	if o.ReconnectMin == 0 {
		o.ReconnectMin, o.ReconnectMax = time.Millisecond, 2*time.Millisecond
	}
	ws, err := c.Socket(context.Background(), &o)
	require.NoError(t, err)
	t.Cleanup(func() { ws.Close() })
	p, err := srv.Next()
	require.NoError(t, err)
	require.Equal(t, "/v2/"+hostileKey, p.Request.URL.Path, "the key is the path's last segment")
	return srv, p, ws
}

// request reads the client's next request.
func request(t *testing.T, p *wstest.Peer) (id json.RawMessage, method string, params []json.RawMessage) {
	t.Helper()
	b, err := p.Read()
	require.NoError(t, err)
	var r struct {
		ID     json.RawMessage   `json:"id"`
		Method string            `json:"method"`
		Params []json.RawMessage `json:"params"`
	}
	require.NoError(t, json.Unmarshal(b, &r))
	return r.ID, r.Method, r.Params
}

// answerSubscribe reads an eth_subscribe and answers it with subID.
func answerSubscribe(t *testing.T, p *wstest.Peer, subID string) {
	t.Helper()
	id, method, _ := request(t, p)
	require.Equal(t, "eth_subscribe", method)
	require.NoError(t, p.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%q}`, id, subID)))
}

func head(sub string, n int, hash, parent string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":%q,"result":{"number":"0x%x","hash":"0x%064s","parentHash":"0x%064s"}}}`, sub, n, hash, parent)
}

// noKey fails when err shows the key under any verb.
func noKey(t *testing.T, err error) {
	t.Helper()
	for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
		require.NotContains(t, fmt.Sprintf(verb, err), hostileKey, verb)
	}
}

// A server that never answers eth_subscribe: the subscription ends with
// ErrStalled, naming the option, and the key nowhere.
func TestSubscribeNeverAnswered(t *testing.T) {
	_, p, ws := hostile(t, noderpc.SocketOptions{SubscribeTimeout: 20 * time.Millisecond})
	var got error
	for _, err := range ws.NewHeads(context.Background()) {
		got = err
	}
	require.ErrorIs(t, got, conduit.ErrStalled)
	require.Contains(t, got.Error(), "SubscribeTimeout")
	noKey(t, got)
	_, method, _ := request(t, p)
	require.Equal(t, "eth_subscribe", method)
}

// Duplicates are skipped, a head that skips numbers is filled first, and
// a head whose parent is not the last head is a reorg.
func TestHeadsDuplicateGapAndReorg(t *testing.T) {
	_, p, ws := hostile(t, noderpc.SocketOptions{})
	next := pull(t, ws.NewHeads)
	go func() {
		answerSubscribe(t, p, "0xa")
		p.Send(head("0xa", 1, "1", "0"))
		p.Send(head("0xa", 1, "1", "0")) // duplicate
		p.Send(head("0xa", 3, "3", "2")) // skips 2
		id, method, params := request(t, p)
		if method != "eth_getBlockByNumber" || string(params[0]) != `"0x2"` {
			t.Errorf("filled with %s %s", method, params)
		}
		p.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"number":"0x2","hash":"0x%064s","parentHash":"0x%064s","transactions":[]}}`, id, "2", "1"))
		p.Send(head("0xa", 3, "f3", "f2")) // another 3 on another parent
	}()
	h := next(t)
	require.EqualValues(t, 1, h.Number)
	h = next(t)
	require.EqualValues(t, 2, h.Number)
	require.True(t, h.Filled)
	require.False(t, h.Reorg)
	h = next(t)
	require.EqualValues(t, 3, h.Number)
	require.False(t, h.Reorg)
	h = next(t)
	require.EqualValues(t, 3, h.Number)
	require.True(t, h.Reorg, "its parent is not the last head")
}

// A gap over MaxGap ends the iterator with ErrGap, no fill attempted.
func TestHeadsGapOverTheMaximum(t *testing.T) {
	_, p, ws := hostile(t, noderpc.SocketOptions{MaxGap: 5})
	go func() {
		answerSubscribe(t, p, "0xa")
		p.Send(head("0xa", 1, "1", "0"))
		p.Send(head("0xa", 100, "64", "63"))
	}()
	var got []uint64
	var last error
	for h, err := range ws.NewHeads(context.Background()) {
		if err != nil {
			last = err
			continue
		}
		got = append(got, uint64(h.Number))
	}
	require.Equal(t, []uint64{1}, got)
	require.ErrorIs(t, last, noderpc.ErrGap)
	require.Contains(t, last.Error(), "blocks 2 to 99")
}

// Invalid JSON, a bad frame or an oversized message drops the connection;
// the Socket reconnects and subscribes again, and the next head fills
// what came between.
func TestBadMessagesReconnect(t *testing.T) {
	for name, send := range map[string]func(*wstest.Peer) error{
		"invalid JSON":  func(p *wstest.Peer) error { return p.Send(`{"jsonrpc":`) },
		"not an object": func(p *wstest.Peer) error { return p.Send(`[1,2]`) },
		"no subscription": func(p *wstest.Peer) error {
			return p.Send(`{"jsonrpc":"2.0","method":"eth_subscription","params":{"result":1}}`)
		},
		"binary garbage": func(p *wstest.Peer) error { return p.SendBinary([]byte{0xff, 0x00}) },
		"oversized":      func(p *wstest.Peer) error { return p.SendOversized(4096) },
	} {
		t.Run(name, func(t *testing.T) {
			srv, p, ws := hostile(t, noderpc.SocketOptions{MaxMessageBytes: 2048})
			next := pull(t, ws.NewHeads)
			answerSubscribe(t, p, "0xa")
			require.NoError(t, p.Send(head("0xa", 1, "1", "0")))
			require.EqualValues(t, 1, next(t).Number)
			require.NoError(t, send(p))
			p2, err := srv.Next()
			require.NoError(t, err, "the Socket reconnects")
			answerSubscribe(t, p2, "0xb")
			require.NoError(t, p2.Send(head("0xb", 3, "3", "2")))
			id, method, _ := request(t, p2)
			require.Equal(t, "eth_getBlockByNumber", method)
			require.NoError(t, p2.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"number":"0x2","hash":"0x%064s","parentHash":"0x%064s"}}`, id, "2", "1")))
			require.EqualValues(t, 2, next(t).Number)
			require.EqualValues(t, 3, next(t).Number)
		})
	}
}

// Notifications for an id no subscription has are counted and dropped;
// a subscription id the node gives twice fails the second subscription.
func TestUnknownAndReusedSubscriptionIDs(t *testing.T) {
	_, p, ws := hostile(t, noderpc.SocketOptions{})
	next := pull(t, ws.NewHeads)
	answerSubscribe(t, p, "0xa")
	require.NoError(t, p.Send(head("0xdead", 7, "7", "6")))
	require.NoError(t, p.Send(head("0xa", 1, "1", "0")))
	require.EqualValues(t, 1, next(t).Number)
	require.EqualValues(t, 1, ws.Stats().Unknown)

	done := make(chan error, 1)
	go func() {
		var last error
		for _, err := range ws.PendingTransactionHashes(context.Background()) {
			last = err
		}
		done <- last
	}()
	answerSubscribe(t, p, "0xa") // reused
	err := <-done
	require.ErrorIs(t, err, conduit.ErrMalformedResponse)
	require.Contains(t, err.Error(), "already has")
	require.NoError(t, p.Send(head("0xa", 2, "2", "1")))
	require.EqualValues(t, 2, next(t).Number, "the first keeps its id")
}

// A server that drops every connection at once: the Socket backs off and
// gives up after MaxReconnects, ending its subscriptions with the error.
func TestReconnectStormIsCapped(t *testing.T) {
	srv, p, ws := hostile(t, noderpc.SocketOptions{MaxReconnects: 3})
	srv.Refuse(http.StatusServiceUnavailable)
	done := make(chan error, 1)
	go func() {
		var last error
		for _, err := range ws.NewHeads(context.Background()) {
			last = err
		}
		done <- last
	}()
	answerSubscribe(t, p, "0xa")
	p.Drop()
	err := <-done
	require.ErrorContains(t, err, "3 reconnects in a row failed")
	noKey(t, err)
	require.Equal(t, 503, func() int {
		var ce *conduit.Error
		require.ErrorAs(t, err, &ce)
		return ce.StatusCode
	}())
}

// Call over the socket is matched by id, whatever the order of answers;
// a JSON-RPC error object is an *Error with the RPCError as Detail.
func TestCallsMatchedByID(t *testing.T) {
	_, p, ws := hostile(t, noderpc.SocketOptions{})
	type res struct {
		n   noderpc.Quantity
		err error
	}
	a, b := make(chan res, 1), make(chan res, 1)
	go func() {
		var n noderpc.Quantity
		err := ws.Call(context.Background(), "eth_blockNumber", nil, &n)
		a <- res{n, err}
	}()
	id1, _, _ := request(t, p)
	go func() {
		var n noderpc.Quantity
		err := ws.Call(context.Background(), "eth_chainId", nil, &n)
		b <- res{n, err}
	}()
	id2, _, _ := request(t, p)
	require.NoError(t, p.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":"0x1"}`, id2)))
	require.NoError(t, p.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":429,"message":"slow down"}}`, id1)))
	rb := <-b
	require.NoError(t, rb.err)
	require.EqualValues(t, 1, rb.n)
	ra := <-a
	require.ErrorIs(t, ra.err, conduit.ErrRateLimited)
	var rpcErr *noderpc.RPCError
	require.ErrorAs(t, ra.err, &rpcErr)
	require.Equal(t, "slow down", rpcErr.Message)
}

// A consumer that does not keep up with pending transactions gets ErrGap
// saying how many overflowed its buffer, and the iterator goes on: every
// notification is either delivered or counted in a gap.
func TestSlowConsumerGetsAGapError(t *testing.T) {
	_, p, ws := hostile(t, noderpc.SocketOptions{Buffer: 2})
	go func() {
		answerSubscribe(t, p, "0xa")
		for i := range 5 {
			p.Send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"0xa","result":"0x%064x"}}`, i))
		}
		id, _, _ := request(t, p) // the consumer's Call, answered after the five
		p.Send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":"0x0"}`, id))
	}()
	hashes, missed, gaps, first := 0, 0, 0, true
	for _, err := range ws.PendingTransactionHashes(context.Background()) {
		if err != nil {
			require.ErrorIs(t, err, noderpc.ErrGap)
			var n int
			_, scanErr := fmt.Sscanf(err.Error()[strings.Index(err.Error(), "buffer:")+len("buffer: "):], "%d", &n)
			require.NoError(t, scanErr, err.Error())
			missed += n
			gaps++
		} else {
			hashes++
		}
		if first {
			first = false
			// Busy until the reader had all five.
			require.NoError(t, ws.Call(context.Background(), "eth_blockNumber", nil, nil))
		}
		if hashes+missed == 5 {
			break
		}
	}
	require.Equal(t, 1, gaps)
	require.LessOrEqual(t, hashes, 3, "one taken and two buffered at most")
	_, method, _ := request(t, p)
	require.Equal(t, "eth_unsubscribe", method, "the end of the loop unsubscribes")
}
