package chat

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/socket"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

var gatewayBotOp = transport.Declare[GatewayBot](service, transport.Op{Name: "GatewayBot", Method: "GET", Path: "/gateway/bot"}, nil)

// GatewayBot is where and how often a bot may connect to the gateway.
type GatewayBot struct {
	raw `json:"-"`
	// URL is the gateway's address (wss://gateway.discord.gg).
	URL string `json:"url"`
	// Shards is the shard count the platform recommends.
	Shards            int               `json:"shards"`
	SessionStartLimit SessionStartLimit `json:"session_start_limit"`
}

// SessionStartLimit is the bot's budget of new sessions (IDENTIFYs; a
// RESUME costs none).
type SessionStartLimit struct {
	Total     int `json:"total"`
	Remaining int `json:"remaining"`
	// ResetAfter is the time until Remaining is Total again, in
	// milliseconds.
	ResetAfter int64 `json:"reset_after"`
	// MaxConcurrency is how many shards may identify per 5 seconds, one
	// for each bucket shard_id % MaxConcurrency.
	MaxConcurrency int `json:"max_concurrency"`
}

// GatewayBot returns the gateway's URL, the recommended shard count and
// the bot's session start budget.
func (c *Client) GatewayBot(ctx context.Context, opts ...Option) (*GatewayBot, error) {
	return gatewayBotOp.Do(ctx, c.t, transport.Call{}, opts)
}

// Intents say which events a gateway session receives; GUILD_MEMBERS,
// GUILD_PRESENCES and MESSAGE_CONTENT are privileged, enabled on the
// application's settings page first.
type Intents int

// The intents the platform documents, as bits.
const (
	IntentGuilds                 Intents = 1 << 0
	IntentGuildMembers           Intents = 1 << 1
	IntentGuildModeration        Intents = 1 << 2
	IntentGuildExpressions       Intents = 1 << 3
	IntentGuildIntegrations      Intents = 1 << 4
	IntentGuildWebhooks          Intents = 1 << 5
	IntentGuildInvites           Intents = 1 << 6
	IntentGuildVoiceStates       Intents = 1 << 7
	IntentGuildPresences         Intents = 1 << 8
	IntentGuildMessages          Intents = 1 << 9
	IntentGuildMessageReactions  Intents = 1 << 10
	IntentGuildMessageTyping     Intents = 1 << 11
	IntentDirectMessages         Intents = 1 << 12
	IntentDirectMessageReactions Intents = 1 << 13
	IntentDirectMessageTyping    Intents = 1 << 14
	IntentMessageContent         Intents = 1 << 15
)

// Presence is the bot's status, sent with IDENTIFY or by UpdatePresence.
type Presence struct {
	// Since is when the bot went idle, in Unix milliseconds; nil if not.
	Since      *int64     `json:"since"`
	Activities []Activity `json:"activities"`
	// Status is online, dnd, idle, invisible or offline.
	Status string `json:"status"`
	AFK    bool   `json:"afk"`
}

// Activity is what a user or the bot is doing.
type Activity struct {
	Name  string `json:"name"`
	Type  int    `json:"type"`
	State string `json:"state,omitempty"`
	URL   string `json:"url,omitempty"`
}

// IdentifyGate spaces the IDENTIFYs of one bucket across every process
// that shares it: Reserve claims the next slot of key at least every after
// the one before and returns how long to wait for it. redislimit's
// IdentifyGate implements it on Redis; the default keeps the slots in this
// process.
type IdentifyGate interface {
	Reserve(ctx context.Context, key string, every time.Duration) (time.Duration, error)
}

// SessionStarts counts a bot's session starts (IDENTIFYs) where every
// process of the bot sees them. Each process reads remaining from
// GatewayBot, and N processes that all read 1 would otherwise spend N of
// the day's starts, or more than the platform grants. Start takes one
// start from key's budget, which is remaining until resetAfter has passed:
// within one budget window the stored count only falls (the lower of what
// is stored and what the platform said), so starts taken elsewhere and not
// yet counted by the platform are not handed out twice. It returns 0 for a
// start taken, or how long until the budget resets when it is spent.
// redislimit's GatewayLimits implements it on Redis; the default counts
// within this process.
type SessionStarts interface {
	Start(ctx context.Context, key string, remaining int, resetAfter time.Duration) (time.Duration, error)
}

// GatewayParams configure a gateway session.
type GatewayParams struct {
	Intents Intents
	// ShardID and ShardCount shard the bot's servers; ShardCount 0 is one
	// shard.
	ShardID, ShardCount int
	// Presence is sent with IDENTIFY when set.
	Presence *Presence
	// Compress asks for compress=zlib-stream: every message inflated in
	// one context, each capped by MaxEventBytes.
	Compress bool
	// MaxEventBytes caps one event as it arrives and as it inflates; 0
	// means socket.DefaultMaxMessageBytes (8 MiB) on the wire and
	// socket.DefaultMaxInflatedBytes (32 MiB) inflated. A larger one ends
	// the connection, which is then resumed.
	MaxEventBytes int64
	// Identify spaces IDENTIFYs across processes (see IdentifyGate); nil
	// spaces them within this process.
	Identify IdentifyGate
	// Starts counts session starts across processes (see SessionStarts);
	// nil counts them within this process.
	Starts SessionStarts
	// WaitForSessionStarts makes a bot whose session starts are spent wait
	// for their reset; by default Events ends with an error matching
	// conduit.ErrRateLimited, whose RetryAfter says when they reset.
	WaitForSessionStarts bool
	// MinReconnectWait and MaxReconnectWait bound the jittered doubling
	// wait between reconnects; 0 means 1 s and 60 s.
	MinReconnectWait, MaxReconnectWait time.Duration
}

// The platform's documented limits and waits.
const (
	gatewayVersion    = "10"
	commandsPerMinute = 120
	identifyEvery     = 5 * time.Second
	// helloWait bounds the wait for HELLO after connecting.
	helloWait = 30 * time.Second
	// resumeCode closes a connection conduit means to resume: 1000 and
	// 1001 would end the session.
	resumeCode = 4900
)

// closeMeanings are the platform's close codes that end the gateway for
// good: reconnecting would fail the same way.
var closeMeanings = map[int]error{
	4004: fmt.Errorf("%w: authentication failed", conduit.ErrUnauthorized),
	4010: fmt.Errorf("%w: invalid shard", conduit.ErrInvalidParam),
	4011: fmt.Errorf("%w: sharding required", conduit.ErrInvalidParam),
	4012: fmt.Errorf("%w: invalid API version", conduit.ErrInvalidParam),
	4013: fmt.Errorf("%w: invalid intents", conduit.ErrInvalidParam),
	4014: fmt.Errorf("%w: disallowed intents (enable the privileged ones on the application's settings page)", conduit.ErrUnauthorized),
	4008: fmt.Errorf("%w: too many gateway commands", conduit.ErrRateLimited),
	4007: errors.New("invalid sequence on resume"),
	4009: errors.New("session timed out"),
}

func fatalClose(code int) bool { return code == 4004 || (code >= 4010 && code <= 4014) }

// freshClose are the codes after which the session cannot be resumed.
func freshClose(code int) bool { return code == 4007 || code == 4009 }

// Gateway is a bot's connection to the platform's gateway: Events runs it,
// and the commands (UpdatePresence, RequestGuildMembers, UpdateVoiceState)
// go over it while Events runs. Its token never appears in an error, a log
// or any printed form of it.
type Gateway struct {
	c *Client
	p GatewayParams

	running atomic.Bool
	seq     atomic.Int64
	nonces  atomic.Int64

	mu        sync.Mutex
	conn      *socket.Conn
	sessionID string
	resumeURL string
	starts    *SessionStartLimit // from the last GatewayBot
	startsAt  time.Time
	chunks    map[string]*GuildMembersEvent
}

var gatewayOp = &transport.Op{Service: service, Name: "Gateway", Method: "GET", Path: "(WebSocket)"}

// Gateway returns a gateway for p (nil: intents 0, one shard). Nothing is
// sent until Events runs.
func (c *Client) Gateway(p *GatewayParams) (*Gateway, error) {
	var gp GatewayParams
	if p != nil {
		gp = *p
	}
	switch {
	case gp.Intents < 0 || gp.Intents >= 1<<26:
		return nil, gatewayOp.Invalid("intents", "%d is not a set of intent bits", gp.Intents)
	case gp.ShardCount < 0:
		return nil, gatewayOp.Invalid("shard", "shard count %d is negative", gp.ShardCount)
	case gp.ShardID < 0 || (gp.ShardID > 0 && gp.ShardID >= max(gp.ShardCount, 1)):
		return nil, gatewayOp.Invalid("shard", "shard id %d is not below the shard count %d", gp.ShardID, max(gp.ShardCount, 1))
	case gp.MaxEventBytes < 0:
		return nil, gatewayOp.Invalid("MaxEventBytes", "is negative")
	}
	if gp.Presence != nil {
		if err := checkStatus(gp.Presence.Status); err != nil {
			return nil, err
		}
	}
	if gp.Identify == nil {
		gp.Identify = localGate
	}
	if gp.Starts == nil {
		gp.Starts = localStarts
	}
	return &Gateway{c: c, p: gp, chunks: map[string]*GuildMembersEvent{}}, nil
}

func checkStatus(s string) error {
	switch s {
	case "online", "dnd", "idle", "invisible", "offline":
		return nil
	}
	return gatewayOp.Invalid("status", "%q is not one of online, dnd, idle, invisible, offline", s)
}

// String names the gateway by shard, and nothing else.
func (g *Gateway) String() string {
	return fmt.Sprintf("chat.Gateway{shard %d/%d}", g.p.ShardID, max(g.p.ShardCount, 1))
}

// Format prints String for every verb.
func (g *Gateway) Format(f fmt.State, _ rune) { fmt.Fprint(f, g.String()) }

// item is what the connection hands the consumer.
type item struct {
	ev  Event
	err error
}

// Events connects, identifies (or resumes) and yields the session's events
// until ctx ends, the loop stops, or the gateway ends for good, which it
// yields as its last, non-nil error (a fatal close code such as 4004, spent
// session starts, a refused token). On ctx's end or a break the connection
// is closed with 1000 and every goroutine of it has ended before Events
// returns; no error is yielded for that.
//
// Reading blocks: an event is read from the socket only once the one
// before has been taken, so a slow loop makes the server wait (TCP pushes
// back) and memory stays at one event. Heartbeats keep going from their own
// goroutine meanwhile, and an ACK the loop has kept unread is not taken for
// a dead connection. A loop that holds one event for longer than the
// platform waits (about a minute) loses the connection, which is then
// resumed with nothing lost. Connections that end otherwise are resumed, or
// identified again when the session cannot be kept, after a jittered,
// doubling wait, each reported as a *ReconnectEvent.
//
// Events runs once at a time for a Gateway.
func (g *Gateway) Events(ctx context.Context) iter.Seq2[Event, error] {
	return func(yield func(Event, error) bool) {
		if !g.running.CompareAndSwap(false, true) {
			yield(nil, gatewayOp.Invalid("Events", "already running for this gateway"))
			return
		}
		defer g.running.Store(false)
		ctx, cancel := context.WithCancel(ctx)
		out := make(chan item)
		done := make(chan struct{})
		go func() {
			defer close(done)
			g.run(ctx, out)
		}()
		defer func() {
			cancel()
			<-done
		}()
		for {
			select {
			case it := <-out:
				if !yield(it.ev, it.err) || it.err != nil {
					return
				}
			case <-done:
				return
			}
		}
	}
}

// outcome is how one connection ended and what comes next.
type outcome struct {
	err     error
	fatal   bool
	now     bool // reconnect at once (op 7)
	wait    time.Duration
	healthy bool // the session got READY or RESUMED
}

func (g *Gateway) run(ctx context.Context, out chan<- item) {
	bo := socket.Backoff{Min: g.p.MinReconnectWait, Max: g.p.MaxReconnectWait}
	for {
		o := g.connect(ctx, out)
		if ctx.Err() != nil {
			return
		}
		if o.fatal {
			select {
			case out <- item{err: o.err}:
			case <-ctx.Done():
			}
			return
		}
		if o.healthy {
			bo.Reset()
		}
		wait := o.wait
		if !o.now && wait == 0 {
			wait = bo.Next()
		}
		g.mu.Lock()
		resume := g.sessionID != ""
		g.mu.Unlock()
		select {
		case out <- item{ev: &ReconnectEvent{Cause: o.err, Wait: wait, Resume: resume}}:
		case <-ctx.Done():
			return
		}
		if socket.Sleep(ctx, wait) != nil {
			return
		}
	}
}

// envelope is a gateway payload.
type envelope struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  string          `json:"t"`
}

// connect runs one connection from dial to end.
func (g *Gateway) connect(ctx context.Context, out chan<- item) outcome {
	g.mu.Lock()
	resumeURL, resuming := g.resumeURL, g.sessionID != ""
	g.mu.Unlock()
	addr := resumeURL
	if !resuming || addr == "" {
		resuming = false
		info, o := g.sessionStart(ctx)
		if info == nil {
			return o
		}
		addr = info.URL
	}
	raw, err := gatewayURL(addr, g.p.Compress)
	if err != nil {
		return outcome{err: gatewayOp.Invalid("url", "the gateway URL %.80q does not parse", addr), fatal: true}
	}
	cfg, err := g.c.t.Socket("Gateway", raw)
	if err != nil {
		return outcome{err: err, fatal: true}
	}
	cfg.Commands = socket.Rate{N: commandsPerMinute, Per: time.Minute, Reserve: 4}
	cfg.Closes = closeMeanings
	cfg.MaxMessageBytes = g.p.MaxEventBytes
	cfg.MaxInflatedBytes = g.p.MaxEventBytes
	if g.p.Compress {
		cfg.Inflate = socket.ZlibStream
	}
	conn, err := socket.Dial(ctx, cfg)
	if err != nil {
		return outcome{err: err, fatal: errors.Is(err, conduit.ErrInvalidParam)}
	}
	s := &session{g: g, conn: conn, cfg: cfg, out: out, resuming: resuming, acked: true}
	g.mu.Lock()
	g.conn = conn
	g.mu.Unlock()
	o := s.run(ctx)
	g.mu.Lock()
	g.conn = nil
	g.mu.Unlock()
	return o
}

// gatewayURL adds the version, encoding and compression to addr.
func gatewayURL(addr string, compress bool) (string, error) {
	u, err := url.Parse(addr)
	if err != nil || u.Host == "" {
		return "", errors.New("not an absolute URL")
	}
	if u.Path == "" {
		u.Path = "/"
	}
	q := u.Query()
	q.Set("v", gatewayVersion)
	q.Set("encoding", "json")
	if compress {
		q.Set("compress", "zlib-stream")
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// sessionStart fetches GatewayBot for a new session and checks its budget
// of starts: spent, it waits for the reset (WaitForSessionStarts) or ends
// the gateway with a clear error, never burning starts in a loop.
func (g *Gateway) sessionStart(ctx context.Context) (*GatewayBot, outcome) {
	for {
		info, err := g.c.GatewayBot(ctx)
		if err != nil {
			return nil, outcome{err: err, fatal: errors.Is(err, conduit.ErrUnauthorized) || errors.Is(err, conduit.ErrMissingCredential) || errors.Is(err, conduit.ErrInvalidParam) || errors.Is(err, conduit.ErrMissingBaseURL)}
		}
		g.mu.Lock()
		g.starts, g.startsAt = &info.SessionStartLimit, time.Now()
		g.mu.Unlock()
		sl := info.SessionStartLimit
		if sl.Total == 0 {
			return info, outcome{}
		}
		reset := time.Duration(sl.ResetAfter) * time.Millisecond
		if sl.Remaining > 0 {
			key, err := g.scope("starts")
			if err != nil {
				return nil, outcome{err: err, fatal: true}
			}
			wait, err := g.p.Starts.Start(ctx, key, sl.Remaining, reset)
			if err != nil {
				return nil, outcome{err: err}
			}
			if wait == 0 {
				return info, outcome{}
			}
			// Other processes took what the platform still counts as left.
			reset = wait
		}
		if !g.p.WaitForSessionStarts {
			cfg, cerr := g.c.t.Socket("Gateway", info.URL)
			if cerr != nil {
				return nil, outcome{err: cerr, fatal: true}
			}
			return nil, outcome{fatal: true, err: cfg.Fail(fmt.Errorf("%w: the bot's %d session starts for the day are spent; they reset in %v (GatewayParams.WaitForSessionStarts waits for that)",
				conduit.ErrRateLimited, sl.Total, reset.Round(time.Second)))}
		}
		if err := socket.Sleep(ctx, max(reset, time.Second)); err != nil {
			return nil, outcome{err: err}
		}
	}
}

// session is one connection's state.
type session struct {
	g        *Gateway
	conn     *socket.Conn
	cfg      socket.Config
	out      chan<- item
	resuming bool

	acked   bool // the last heartbeat was acknowledged; guarded by hbMu
	busy    bool // the reader was held (by the consumer) since the last beat
	blocked bool // the reader is held now
	hbMu    sync.Mutex
	fault   atomic.Pointer[fault] // why conduit closed the connection
	healthy bool
}

// fault is a reason of conduit's own to end a connection, and what then.
type fault struct {
	err  error
	next int
}

// What comes after a fault.
const (
	resumeLater = iota // resume after the backoff's wait
	resumeNow          // resume at once (op 7, op 9 with d true)
	identifyNew        // identify anew after 1 to 5 s (op 9 with d false)
)

// faulted closes the connection with resumeCode for a reason of conduit's
// own, which the session then ends with; the first reason wins.
func (s *session) faulted(err error) { s.faultedThen(err, resumeLater) }

func (s *session) faultedThen(err error, next int) {
	if s.fault.CompareAndSwap(nil, &fault{err: s.cfg.Fail(err), next: next}) {
		s.conn.CloseWith(resumeCode, "reconnecting")
	}
}

func (s *session) run(ctx context.Context) outcome {
	// Closing from ctx's end runs on its own goroutine, joined before run
	// returns.
	closed := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		defer close(closed)
		s.conn.Close()
	})
	hbStop := make(chan struct{})
	var hb sync.WaitGroup
	defer func() {
		close(hbStop)
		hb.Wait()
		if !stop() {
			<-closed
		}
		s.conn.Close()
	}()

	hello := time.AfterFunc(helloWait, func() {
		s.faulted(fmt.Errorf("%w: no HELLO within %v of connecting", conduit.ErrStalled, helloWait))
	})
	defer hello.Stop()
	sawHello := false
	for {
		b, err := s.conn.Read(context.Background())
		if err != nil {
			return s.ended(ctx, err)
		}
		var env envelope
		if err := conduit.Unmarshal(b, &env); err != nil {
			s.faulted(fmt.Errorf("%w: a gateway payload that is not JSON: %w", conduit.ErrMalformedResponse, err))
			continue
		}
		if !sawHello && env.Op != 10 {
			s.faulted(fmt.Errorf("%w: op %d before HELLO", conduit.ErrMalformedResponse, env.Op))
			continue
		}
		switch env.Op {
		case 10: // HELLO
			if sawHello {
				s.faulted(fmt.Errorf("%w: a second HELLO", conduit.ErrMalformedResponse))
				continue
			}
			var h struct {
				Interval int64 `json:"heartbeat_interval"`
			}
			if err := conduit.Unmarshal(env.D, &h); err != nil || h.Interval <= 0 {
				s.faulted(fmt.Errorf("%w: HELLO without a heartbeat interval", conduit.ErrMalformedResponse))
				continue
			}
			sawHello = true
			hello.Stop()
			hb.Add(1)
			go func() {
				defer hb.Done()
				s.heartbeat(time.Duration(h.Interval)*time.Millisecond, hbStop)
			}()
			if err := s.login(ctx); err != nil {
				s.faulted(err)
			}
		case 11: // HEARTBEAT ACK
			s.hbMu.Lock()
			s.acked = true
			s.hbMu.Unlock()
		case 1: // the server asks for a heartbeat now
			s.beat(context.Background())
		case 7: // RECONNECT
			s.faultedThen(errors.New("the server asked for a reconnect (op 7)"), resumeNow)
		case 9: // INVALID SESSION
			var resumable bool
			_ = conduit.Unmarshal(env.D, &resumable)
			if resumable {
				s.faultedThen(errors.New("the server invalidated the session, resumable (op 9)"), resumeNow)
				continue
			}
			s.g.forget()
			s.faultedThen(errors.New("the server invalidated the session (op 9)"), identifyNew)
		case 0:
			if err := s.dispatch(ctx, env); err != nil {
				if ctx.Err() != nil {
					return outcome{}
				}
				s.faulted(err)
			}
		default:
			s.faulted(fmt.Errorf("%w: unknown gateway op %d", conduit.ErrMalformedResponse, env.Op))
		}
	}
}

// ended says what a connection's end means.
func (s *session) ended(ctx context.Context, readErr error) outcome {
	if ctx.Err() != nil {
		return outcome{}
	}
	if f := s.fault.Load(); f != nil {
		switch f.next {
		case resumeNow:
			return outcome{err: f.err, now: true, healthy: s.healthy}
		case identifyNew:
			// The platform asks for a wait of 1 to 5 s before a new IDENTIFY.
			return outcome{err: f.err, wait: invalidSessionWait(), healthy: s.healthy}
		}
		return outcome{err: f.err, healthy: s.healthy}
	}
	code := socket.CloseCode(readErr)
	if fatalClose(code) {
		return outcome{err: readErr, fatal: true}
	}
	if freshClose(code) {
		s.g.forget()
	}
	return outcome{err: readErr, healthy: s.healthy}
}

// invalidSessionWait is the documented wait after op 9 with d false.
var invalidSessionWait = func() time.Duration { return time.Second + rand.N(4*time.Second) }

// forget drops the session, so the next connection identifies anew.
func (g *Gateway) forget() {
	g.mu.Lock()
	g.sessionID, g.resumeURL = "", ""
	g.mu.Unlock()
	g.seq.Store(0)
}

// heartbeat beats every interval, the first after a random fraction of it
// as the platform asks. A beat whose predecessor got no ACK, while the
// reader was free to read one, means a dead (zombied) connection: it is
// closed and resumed.
func (s *session) heartbeat(interval time.Duration, stop <-chan struct{}) {
	t := time.NewTimer(time.Duration(rand.Int64N(int64(interval))))
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		s.hbMu.Lock()
		zombie := !s.acked && !s.busy && !s.blocked
		s.busy = false
		s.hbMu.Unlock()
		if zombie {
			s.faulted(fmt.Errorf("%w: no heartbeat ACK within %v", conduit.ErrStalled, interval))
			return
		}
		s.beat(context.Background())
		t.Reset(interval)
	}
}

// beat sends one heartbeat with the last sequence.
func (s *session) beat(ctx context.Context) {
	s.hbMu.Lock()
	s.acked = false
	s.hbMu.Unlock()
	d := []byte("null")
	if n := s.g.seq.Load(); n > 0 {
		d = strconv.AppendInt(nil, n, 10)
	}
	s.conn.WriteUrgent(ctx, append(append([]byte(`{"op":1,"d":`), d...), '}'))
}

// login sends RESUME for a session that has one, else IDENTIFY, after its
// bucket's slot.
func (s *session) login(ctx context.Context) error {
	g := s.g
	token, err := g.c.t.Reveal(gatewayOp, botToken)
	if err != nil {
		return err
	}
	if s.resuming {
		g.mu.Lock()
		sid := g.sessionID
		g.mu.Unlock()
		b := []byte(`{"op":6,"d":{"token":`)
		b = wire.AppendString(b, token)
		b = append(b, `,"session_id":`...)
		b = wire.AppendString(b, sid)
		b = append(b, `,"seq":`...)
		b = strconv.AppendInt(b, g.seq.Load(), 10)
		b = append(b, "}}"...)
		return s.conn.WriteUrgent(ctx, b)
	}
	g.mu.Lock()
	conc := 1
	if g.starts != nil && g.starts.MaxConcurrency > 1 {
		conc = g.starts.MaxConcurrency
	}
	g.mu.Unlock()
	scope, err := g.scope("identify")
	if err != nil {
		return err
	}
	key := scope + ":" + strconv.Itoa(g.p.ShardID%conc)
	s.hold(true)
	defer s.hold(false)
	wait, err := g.p.Identify.Reserve(ctx, key, identifyEvery)
	if err != nil {
		return err
	}
	if err := socket.Sleep(ctx, wait); err != nil {
		return err
	}
	props, _ := wire.Encode(struct {
		Intents    Intents        `json:"intents"`
		Shard      [2]int         `json:"shard"`
		Presence   *Presence      `json:"presence,omitempty"`
		Properties map[string]any `json:"properties"`
		Compress   bool           `json:"compress"`
	}{g.p.Intents, [2]int{g.p.ShardID, max(g.p.ShardCount, 1)}, g.p.Presence,
		map[string]any{"os": "linux", "browser": "conduit", "device": "conduit"}, false})
	b := []byte(`{"op":2,"d":{"token":`)
	b = wire.AppendString(b, token)
	b = append(b, ',')
	b = append(b, props[1:]...)
	b = append(b, '}')
	return s.conn.WriteUrgent(ctx, b)
}

// dispatch handles op 0: the sequence, the session's own events, member
// chunks, and the hand-off to the consumer.
func (s *session) dispatch(ctx context.Context, env envelope) error {
	g := s.g
	if env.S != nil {
		if last := g.seq.Load(); *env.S <= last {
			return fmt.Errorf("%w: sequence %d after %d (a repeated or reordered event)", conduit.ErrMalformedResponse, *env.S, last)
		}
		g.seq.Store(*env.S)
	}
	var ev Event
	switch env.T {
	case "GUILD_MEMBERS_CHUNK":
		var ch guildMembersChunk
		if err := conduit.Unmarshal(env.D, &ch); err != nil {
			return fmt.Errorf("%w: GUILD_MEMBERS_CHUNK: %w", conduit.ErrMalformedResponse, err)
		}
		if ev = g.gather(&ch); ev == nil {
			return nil
		}
	default:
		dec := decodeEvent[env.T]
		if dec == nil {
			ev = &UnknownEvent{Name: env.T, Data: env.D}
			break
		}
		var err error
		if ev, err = dec(env.D); err != nil {
			return fmt.Errorf("%w: %s: %w", conduit.ErrMalformedResponse, env.T, err)
		}
	}
	switch e := ev.(type) {
	case *ReadyEvent:
		g.mu.Lock()
		g.sessionID, g.resumeURL = e.SessionID, e.ResumeGatewayURL
		g.mu.Unlock()
		s.healthy = true
	case *ResumedEvent:
		s.healthy = true
	}
	s.hold(true)
	defer s.hold(false)
	select {
	case s.out <- item{ev: ev}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// hold marks the reader as held by something other than the socket (the
// consumer, the identify gate), during which an ACK may wait unread: no
// verdict of a dead connection is drawn from the beats it spans.
func (s *session) hold(on bool) {
	s.hbMu.Lock()
	s.blocked, s.busy = on, true
	s.hbMu.Unlock()
}

// gather adds a chunk to its nonce's answer and returns the answer once
// complete. Chunks without a nonce are each an answer.
func (g *Gateway) gather(ch *guildMembersChunk) Event {
	if ch.Nonce == "" || ch.ChunkCount <= 1 {
		return &GuildMembersEvent{GuildID: ch.GuildID, Nonce: ch.Nonce, Members: ch.Members, NotFound: ch.NotFound}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	acc := g.chunks[ch.Nonce]
	if acc == nil {
		acc = &GuildMembersEvent{GuildID: ch.GuildID, Nonce: ch.Nonce}
		g.chunks[ch.Nonce] = acc
	}
	acc.Members = append(acc.Members, ch.Members...)
	acc.NotFound = append(acc.NotFound, ch.NotFound...)
	if ch.ChunkIndex < ch.ChunkCount-1 {
		return nil
	}
	delete(g.chunks, ch.Nonce)
	return acc
}

// command writes a command on the live connection.
func (g *Gateway) command(ctx context.Context, op int, d any) error {
	body, err := wire.Encode(struct {
		Op int `json:"op"`
		D  any `json:"d"`
	}{op, d})
	if err != nil {
		return gatewayOp.Invalid("d", "%v", err)
	}
	g.mu.Lock()
	conn := g.conn
	g.mu.Unlock()
	if conn == nil {
		return gatewayOp.Invalid("Gateway", "not connected: commands go while Events runs")
	}
	return conn.Write(ctx, body)
}

// UpdatePresence sets the bot's status (op 3). Like every command it
// counts toward the platform's 120 a minute, and waits for a slot.
func (g *Gateway) UpdatePresence(ctx context.Context, p Presence) error {
	if err := checkStatus(p.Status); err != nil {
		return err
	}
	if p.Activities == nil {
		p.Activities = []Activity{}
	}
	return g.command(ctx, 3, p)
}

// GuildMembersRequest asks for a server's members: by Query (a name
// prefix; "" with Limit 0 is everyone, which needs the GUILD_MEMBERS
// intent) or by UserIDs.
type GuildMembersRequest struct {
	GuildID   Snowflake   `json:"guild_id"`
	Query     *string     `json:"query,omitempty"`
	Limit     int         `json:"limit"`
	Presences bool        `json:"presences,omitempty"`
	UserIDs   []Snowflake `json:"user_ids,omitempty"`
	Nonce     string      `json:"nonce,omitempty"`
}

// RequestGuildMembers sends op 8 with a fresh nonce and returns it: the
// answer arrives from Events as one *GuildMembersEvent of that nonce, its
// chunks gathered.
func (g *Gateway) RequestGuildMembers(ctx context.Context, r GuildMembersRequest) (string, error) {
	switch {
	case r.GuildID == "":
		return "", gatewayOp.Invalid("guild_id", "is required")
	case r.Query == nil && len(r.UserIDs) == 0:
		return "", gatewayOp.Invalid("query", "one of query and user_ids is required")
	case r.Limit < 0:
		return "", gatewayOp.Invalid("limit", "%d is negative", r.Limit)
	case len(r.UserIDs) > 100:
		return "", gatewayOp.Invalid("user_ids", "%d ids; at most 100", len(r.UserIDs))
	}
	r.Nonce = "conduit-" + strconv.FormatInt(g.nonces.Add(1), 10)
	return r.Nonce, g.command(ctx, 8, r)
}

// VoiceStateRequest joins, moves or leaves (ChannelID nil) a voice channel.
type VoiceStateRequest struct {
	GuildID   Snowflake  `json:"guild_id"`
	ChannelID *Snowflake `json:"channel_id"`
	SelfMute  bool       `json:"self_mute"`
	SelfDeaf  bool       `json:"self_deaf"`
}

// UpdateVoiceState sends op 4.
func (g *Gateway) UpdateVoiceState(ctx context.Context, r VoiceStateRequest) error {
	if r.GuildID == "" {
		return gatewayOp.Invalid("guild_id", "is required")
	}
	return g.command(ctx, 4, r)
}

// scope names what of the bot's is kept in an IdentifyGate or
// SessionStarts: "chat:<what>:" and a hash of the token, never the token.
func (g *Gateway) scope(what string) (string, error) {
	token, err := g.c.t.Reveal(gatewayOp, botToken)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(token))
	return "chat:" + what + ":" + hex.EncodeToString(sum[:8]), nil
}

// localStarts counts session starts within this process.
var localStarts SessionStarts = &memoryStarts{budgets: map[string]*startBudget{}}

type memoryStarts struct {
	mu      sync.Mutex
	budgets map[string]*startBudget
}

type startBudget struct {
	left  int
	reset time.Time
}

func (m *memoryStarts) Start(_ context.Context, key string, remaining int, resetAfter time.Duration) (time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := time.Now()
	b := m.budgets[key]
	if b == nil || !now.Before(b.reset) {
		b = &startBudget{left: remaining, reset: now.Add(resetAfter)}
		m.budgets[key] = b
	}
	b.left = min(b.left, remaining)
	if b.left <= 0 {
		return max(b.reset.Sub(now), time.Millisecond), nil
	}
	b.left--
	return 0, nil
}

// localGate spaces IDENTIFYs within this process.
var localGate IdentifyGate = &memoryGate{next: map[string]time.Time{}}

type memoryGate struct {
	mu   sync.Mutex
	next map[string]time.Time
}

func (m *memoryGate) Reserve(_ context.Context, key string, every time.Duration) (time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := time.Now()
	at := m.next[key]
	if at.Before(now) {
		at = now
	}
	m.next[key] = at.Add(every)
	return at.Sub(now), nil
}
