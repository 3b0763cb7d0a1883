package explorer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"sync"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/socket"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// LiveOptions tune a Live feed; the zero value is the defaults.
type LiveOptions struct {
	// PingInterval is how often {"action":"ping"} is sent, as the
	// service's own page does, so an idle connection stays open (30 s
	// when 0). The service answers {"pong":true} (Update.Pong).
	PingInterval time.Duration
	// MaxMessageBytes caps one message (socket's 8 MiB when 0); a larger
	// one drops the connection, which reconnects.
	MaxMessageBytes int64
	// ReconnectMin and ReconnectMax bound the jittered, doubling wait
	// before a reconnect (500 ms and 30 s when 0).
	ReconnectMin, ReconnectMax time.Duration
	// MaxReconnects is how many reconnects in a row may fail (a refused
	// dial, a connection that ended before it sent anything) before
	// Updates ends with the last error (10 when 0).
	MaxReconnects int
}

// Live is mempool.space's WebSocket feed, wss://mempool.space/api/v1/ws
// (the client's base URL): what Want and the Track methods ask for
// arrives as Updates. It remembers every want and track, and sends them
// all again on each new connection, so a reconnect loses no
// subscription. Its methods are safe for concurrent use with Updates.
type Live struct {
	c *Client
	o LiveOptions

	mu     sync.Mutex
	conn   *socket.Conn
	want   []string
	tracks map[string]any // command -> its value, in trackOrder
}

// trackOrder is the order the track commands are sent in.
var trackOrder = []string{"track-address", "track-addresses", "track-tx", "track-rbf", "track-mempool-block"}

var liveOp = &transport.Op{Service: service, Name: "Live", Method: "GET", Path: "/v1/ws"}

// Live returns the live feed; it connects when Updates is ranged over. o
// may be nil for the defaults.
func (c *Client) Live(o *LiveOptions) *Live {
	l := &Live{c: c, tracks: map[string]any{}}
	if o != nil {
		l.o = *o
	}
	if l.o.PingInterval <= 0 {
		l.o.PingInterval = 30 * time.Second
	}
	if l.o.ReconnectMin <= 0 {
		l.o.ReconnectMin = 500 * time.Millisecond
	}
	if l.o.ReconnectMax <= 0 {
		l.o.ReconnectMax = 30 * time.Second
	}
	if l.o.MaxReconnects <= 0 {
		l.o.MaxReconnects = 10
	}
	return l
}

// wantable are the data sets "want" takes.
var wantable = []string{"blocks", "stats", "mempool-blocks", "live-2h-chart"}

// Want asks for data sets, replacing the earlier want: "blocks" (block,
// blocks), "stats" (mempoolInfo, fees, …), "mempool-blocks" and
// "live-2h-chart". None stops them all.
func (l *Live) Want(sets ...string) error {
	for _, s := range sets {
		if !slices.Contains(wantable, s) {
			return liveOp.Invalid("data", "%.40q is not one of %v", s, wantable)
		}
	}
	l.mu.Lock()
	l.want = slices.Clone(sets)
	l.mu.Unlock()
	return l.send(map[string]any{"action": "want", "data": sets})
}

// TrackAddress follows one address: its transactions as they enter the
// mempool and get confirmed (address-transactions, block-transactions).
func (l *Live) TrackAddress(address string) error {
	if err := checkAddress(liveOp, address); err != nil {
		return err
	}
	return l.track("track-address", address)
}

// TrackAddresses follows several addresses at once.
func (l *Live) TrackAddresses(addresses ...string) error {
	for _, a := range addresses {
		if err := checkAddress(liveOp, a); err != nil {
			return err
		}
	}
	return l.track("track-addresses", slices.Clone(addresses))
}

// TrackTx follows one transaction: its place in the projected blocks
// (txPosition), its confirmation and its replacement (txReplaced).
func (l *Live) TrackTx(txid string) error {
	if err := hash64(liveOp, "txid", txid); err != nil {
		return err
	}
	return l.track("track-tx", txid)
}

// TrackRBF follows replacements: "all", "fullRbf" (only full-RBF ones),
// or "stop".
func (l *Live) TrackRBF(mode string) error {
	if mode != "all" && mode != "fullRbf" && mode != "stop" {
		return liveOp.Invalid("track-rbf", "%.30q is not all, fullRbf or stop", mode)
	}
	return l.track("track-rbf", mode)
}

// TrackMempoolBlock follows the transactions of projected block index (0
// is the next block); -1 stops.
func (l *Live) TrackMempoolBlock(index int) error {
	if index < -1 {
		return liveOp.Invalid("track-mempool-block", "%d is not a block index (or -1 to stop)", index)
	}
	return l.track("track-mempool-block", index)
}

func (l *Live) track(cmd string, v any) error {
	l.mu.Lock()
	l.tracks[cmd] = v
	l.mu.Unlock()
	return l.send(map[string]any{cmd: v})
}

// send writes a command on the live connection, if there is one; the next
// connection sends every command anyway, so a failure here is not the
// caller's.
func (l *Live) send(cmd map[string]any) error {
	l.mu.Lock()
	conn := l.conn
	l.mu.Unlock()
	if conn == nil {
		return nil
	}
	b, err := wire.Encode(cmd)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn.Write(ctx, b)
	return nil
}

// commands are what a new connection sends: the want, then each track.
func (l *Live) commands() [][]byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out [][]byte
	if l.want != nil {
		b, _ := wire.Encode(map[string]any{"action": "want", "data": l.want})
		out = append(out, b)
	}
	for _, cmd := range trackOrder {
		if v, ok := l.tracks[cmd]; ok {
			b, _ := wire.Encode(map[string]any{cmd: v})
			out = append(out, b)
		}
	}
	return out
}

// Update is one message of the feed: the service puts several members
// in one message, each set when present. Members this type does not name
// are in Other, raw, so nothing the service sends is lost.
type Update struct {
	Block               *Block         `json:"block"`
	Blocks              []Block        `json:"blocks"`
	MempoolInfo         *MempoolInfo   `json:"mempoolInfo"`
	Fees                *Fees          `json:"fees"`
	MempoolBlocks       []MempoolBlock `json:"mempool-blocks"`
	AddressTransactions []Transaction  `json:"address-transactions"`
	BlockTransactions   []Transaction  `json:"block-transactions"`
	TxPosition          *TxPosition    `json:"txPosition"`
	TxReplaced          *TxReplaced    `json:"txReplaced"`
	// RBF is rbfLatest, the latest replacement trees (with TrackRBF), raw.
	RBF  json.RawMessage `json:"rbfLatest"`
	Pong bool            `json:"pong"`
	// Other holds every member not named above, as the service sent it.
	Other map[string]json.RawMessage `json:"-"`
	// Reconnected is true on the first update of a new connection after
	// the first: what happened meanwhile was not sent (the wants and
	// tracks were sent again).
	Reconnected bool `json:"-"`
	// Cause, on a Reconnected update, is why the connection before it
	// ended (a dropped connection, a message over the cap, one that is
	// not JSON, a refused dial), so no reconnect passes unreported.
	Cause error `json:"-"`
}

// updateMembers are the members Update names.
var updateMembers = []string{"block", "blocks", "mempoolInfo", "fees", "mempool-blocks", "address-transactions",
	"block-transactions", "txPosition", "txReplaced", "rbfLatest", "pong"}

// MempoolInfo is the node's view of its mempool (bitcoind's
// getmempoolinfo), sent with "stats".
type MempoolInfo struct {
	Loaded        bool    `json:"loaded"`
	Size          int64   `json:"size"`  // transactions
	Bytes         int64   `json:"bytes"` // their virtual size
	Usage         int64   `json:"usage"` // memory, bytes
	TotalFee      float64 `json:"total_fee"`
	MaxMempool    int64   `json:"maxmempool"`
	MempoolMinFee float64 `json:"mempoolminfee"` // BTC/kvB
	MinRelayTxFee float64 `json:"minrelaytxfee"` // BTC/kvB
}

// TxPosition is where a tracked transaction sits in the projected blocks.
type TxPosition struct {
	TxID     string `json:"txid"`
	Position struct {
		Block int64   `json:"block"` // 0 is the next block
		VSize float64 `json:"vsize"` // virtual bytes ahead of it in that block
	} `json:"position"`
}

// TxReplaced names the transaction that replaced a tracked one.
type TxReplaced struct {
	TxID string `json:"txid"`
}

// decodeUpdate reads one message.
func decodeUpdate(msg []byte) (*Update, error) {
	if wire.Kind(msg) != '{' {
		return nil, fmt.Errorf("%w: a message is not a JSON object: %.60q", conduit.ErrMalformedResponse, msg)
	}
	u := new(Update)
	if err := conduit.Unmarshal(msg, u); err != nil {
		return nil, fmt.Errorf("%w: a message does not decode: %v", conduit.ErrMalformedResponse, err)
	}
	var all map[string]json.RawMessage
	if err := conduit.Unmarshal(msg, &all); err != nil {
		return nil, fmt.Errorf("%w: a message does not decode: %v", conduit.ErrMalformedResponse, err)
	}
	for k, v := range all {
		if !slices.Contains(updateMembers, k) {
			if u.Other == nil {
				u.Other = map[string]json.RawMessage{}
			}
			u.Other[k] = v
		}
	}
	return u, nil
}

// Updates connects and yields each message until ctx ends or the loop
// stops; then the connection closes with 1000 and its goroutines are
// gone. A message that is not JSON, a frame over the cap or a dropped
// connection reconnects after a jittered backoff and sends every want
// and track again; the first update after it is Reconnected, with the
// Cause. MaxReconnects failures in a row end the iterator with the last
// error. Reading waits for the loop: a slow consumer makes the
// service wait (TCP pushes back) and nothing is dropped here.
func (l *Live) Updates(ctx context.Context) iter.Seq2[*Update, error] {
	return func(yield func(*Update, error) bool) {
		cfg, err := l.c.t.Socket("Live", "/v1/ws")
		if err != nil {
			yield(nil, err)
			return
		}
		cfg.MaxMessageBytes = l.o.MaxMessageBytes
		b := socket.Backoff{Min: l.o.ReconnectMin, Max: l.o.ReconnectMax}
		failures, conns := 0, 0
		var cause error // why the last connection ended
		for {
			conn, err := socket.Dial(ctx, cfg)
			if err == nil {
				conns++
				var worked bool
				worked, err = l.serve(ctx, conn, cause, cfg.Fail, yield)
				if worked {
					failures = 0
					b.Reset()
				}
			}
			if ctx.Err() != nil || errors.Is(err, errStop) {
				return
			}
			cause = err
			if failures++; failures > l.o.MaxReconnects {
				yield(nil, cfg.Fail(fmt.Errorf("%d connections in a row failed (LiveOptions.MaxReconnects), the last: %w", failures, err)))
				return
			}
			if socket.Sleep(ctx, b.Next()) != nil {
				return
			}
		}
	}
}

// errStop is the loop that stopped.
var errStop = errors.New("the loop stopped")

// serve runs one connection: sends the commands, pings, and yields each
// message. worked reports whether it yielded anything. cause is why the
// connection before ended, nil for the first.
func (l *Live) serve(ctx context.Context, conn *socket.Conn, cause error, fail func(error) error, yield func(*Update, error) bool) (worked bool, err error) {
	l.mu.Lock()
	l.conn = conn
	l.mu.Unlock()
	stopClose := context.AfterFunc(ctx, func() { conn.Close() })
	pctx, stopPing := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		l.mu.Lock()
		l.conn = nil
		l.mu.Unlock()
		stopPing()
		stopClose()
		conn.Close()
		wg.Wait()
	}()
	for _, cmd := range l.commands() {
		if err := conn.Write(ctx, cmd); err != nil {
			return false, err
		}
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(l.o.PingInterval)
		defer t.Stop()
		for {
			select {
			case <-pctx.Done():
				return
			case <-t.C:
				conn.WriteUrgent(pctx, []byte(`{"action":"ping"}`))
			}
		}
	}()
	for {
		msg, err := conn.Read(context.Background())
		if err != nil {
			return worked, err
		}
		u, err := decodeUpdate(msg)
		if err != nil {
			conn.CloseWith(1007, "not a JSON object")
			return worked, fail(err)
		}
		if !worked && cause != nil {
			u.Reconnected, u.Cause = true, cause
		}
		worked = true
		if !yield(u, nil) {
			return worked, errStop
		}
	}
}
