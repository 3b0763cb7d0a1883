package chat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/wstest"
)

const gwToken = "gw-token-Mzk4NzY1NDMyMTA.GhIjKl"

// noGate lets every IDENTIFY through at once: the tests identify often.
type noGate struct{}

func (noGate) Reserve(context.Context, string, time.Duration) (time.Duration, error) { return 0, nil }

// noStarts lets every session start: the tests start many on one token,
// which the process-wide default would count across tests and -count runs.
type noStarts struct{}

func (noStarts) Start(context.Context, string, int, time.Duration) (time.Duration, error) {
	return 0, nil
}

// gwServer is a hostile gateway: /api/v10/gateway/bot answers with the
// WebSocket's address and starts, every socket is the test's to play.
type gwServer struct {
	*wstest.Server
	mu        sync.Mutex
	remaining int
}

func startGateway(t *testing.T) (*gwServer, *chat.Client) {
	t.Helper()
	wstest.NoLeaks(t, "chat.(*Gateway)", "chat.(*session)", "internal/socket.", "coder/websocket.")
	s := &gwServer{Server: wstest.Start(), remaining: 1000}
	t.Cleanup(s.Close)
	s.Handle(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v10/gateway/bot" || r.Header.Get("Authorization") != "Bot "+gwToken {
			http.Error(w, `{"message":"401: Unauthorized","code":0}`, http.StatusUnauthorized)
			return
		}
		s.mu.Lock()
		rem := s.remaining
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"url":%q,"shards":1,"session_start_limit":{"total":1000,"remaining":%d,"reset_after":14400000,"max_concurrency":1}}`, s.URL(), rem)
	}))
	c, err := chat.New(conduit.WithBaseURL(s.HTTPURL()+"/api/v10"), chat.WithBotToken(gwToken))
	require.NoError(t, err)
	return s, c
}

// run starts Events on its own goroutine and hands each item over a
// channel, so the test plays the server meanwhile.
type run struct {
	items chan any // Event or error
	stop  context.CancelFunc
	done  chan struct{}
}

func startEvents(t *testing.T, c *chat.Client, p *chat.GatewayParams) (*chat.Gateway, *run) {
	t.Helper()
	if p == nil {
		p = &chat.GatewayParams{}
	}
	p.Identify = noGate{}
	if p.Starts == nil {
		p.Starts = noStarts{}
	}
	p.MinReconnectWait, p.MaxReconnectWait = time.Millisecond, 2*time.Millisecond
	g, err := c.Gateway(p)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	r := &run{items: make(chan any, 64), stop: cancel, done: make(chan struct{})}
	go func() {
		defer close(r.done)
		for ev, err := range g.Events(ctx) {
			if err != nil {
				r.items <- err
				continue
			}
			r.items <- ev
		}
	}()
	t.Cleanup(func() { cancel(); <-r.done })
	return g, r
}

func (r *run) next(t *testing.T) any {
	t.Helper()
	select {
	case it := <-r.items:
		return it
	case <-time.After(wstest.Wait):
		t.Fatal("no event")
		return nil
	}
}

// nextEvent skips reconnect reports and returns the next other event.
func (r *run) nextEvent(t *testing.T) any {
	t.Helper()
	for {
		it := r.next(t)
		if _, ok := it.(*chat.ReconnectEvent); !ok {
			return it
		}
	}
}

func (r *run) reconnect(t *testing.T) *chat.ReconnectEvent {
	t.Helper()
	it := r.next(t)
	rc, ok := it.(*chat.ReconnectEvent)
	require.True(t, ok, "want a reconnect, got %T %v", it, it)
	return rc
}

func (r *run) ended(t *testing.T) error {
	t.Helper()
	it := r.next(t)
	err, ok := it.(error)
	require.True(t, ok, "want the final error, got %T", it)
	select {
	case <-r.done:
	case <-time.After(wstest.Wait):
		t.Fatal("Events did not end after its error")
	}
	return err
}

type payload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
}

func read(t *testing.T, p *wstest.Peer) payload {
	t.Helper()
	b, err := p.Read()
	require.NoError(t, err)
	var pl payload
	require.NoError(t, json.Unmarshal(b, &pl), string(b))
	return pl
}

// readOp reads until a payload of op arrives, skipping heartbeats.
func readOp(t *testing.T, p *wstest.Peer, op int) payload {
	t.Helper()
	for {
		pl := read(t, p)
		if pl.Op == op {
			return pl
		}
		require.Equal(t, 1, pl.Op, "only heartbeats may come first")
	}
}

func send(t *testing.T, p *wstest.Peer, msg string) {
	t.Helper()
	require.NoError(t, p.Send(msg))
}

const hello = `{"op":10,"d":{"heartbeat_interval":45000}}`

func dispatch(seq int, name, d string) string {
	return fmt.Sprintf(`{"op":0,"s":%d,"t":%q,"d":%s}`, seq, name, d)
}

// ready takes a connection through HELLO, IDENTIFY and READY (seq 1), with
// the resume URL pointing back at the server's /resume.
func ready(t *testing.T, s *gwServer) (*wstest.Peer, payload) {
	t.Helper()
	p, err := s.Next()
	require.NoError(t, err)
	send(t, p, hello)
	id := readOp(t, p, 2)
	send(t, p, dispatch(1, "READY", fmt.Sprintf(`{"v":10,"user":{"id":"1","username":"bot"},"guilds":[],"session_id":"sess-1","resume_gateway_url":%q,"application":{"id":"9"}}`, s.URL()+"/resume")))
	return p, id
}

// resumed expects a RESUME of sess-1 at seq on /resume.
func resumed(t *testing.T, s *gwServer, seq int64) *wstest.Peer {
	t.Helper()
	p, err := s.Next()
	require.NoError(t, err)
	require.Equal(t, "/resume", p.Request.URL.Path)
	require.Equal(t, "10", p.Request.URL.Query().Get("v"))
	send(t, p, hello)
	pl := readOp(t, p, 6)
	var r struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	require.NoError(t, json.Unmarshal(pl.D, &r))
	require.Equal(t, gwToken, r.Token)
	require.Equal(t, "sess-1", r.SessionID)
	require.Equal(t, seq, r.Seq)
	return p
}

func TestGatewayIdentifyReadyEventsAndCleanClose(t *testing.T) {
	s, c := startGateway(t)
	_, r := startEvents(t, c, &chat.GatewayParams{Intents: chat.IntentGuildMessages | chat.IntentMessageContent, ShardID: 1, ShardCount: 2,
		Presence: &chat.Presence{Status: "online", Activities: []chat.Activity{{Name: "tests", Type: 0}}}})
	p, id := ready(t, s)
	require.Equal(t, "10", p.Request.URL.Query().Get("v"))
	require.Equal(t, "json", p.Request.URL.Query().Get("encoding"))
	var ident struct {
		Token      string            `json:"token"`
		Intents    int               `json:"intents"`
		Shard      [2]int            `json:"shard"`
		Properties map[string]string `json:"properties"`
		Presence   struct {
			Status string `json:"status"`
		} `json:"presence"`
	}
	require.NoError(t, json.Unmarshal(id.D, &ident))
	require.Equal(t, gwToken, ident.Token)
	require.Equal(t, 1<<9|1<<15, ident.Intents)
	require.Equal(t, [2]int{1, 2}, ident.Shard)
	require.Equal(t, "online", ident.Presence.Status)
	require.NotEmpty(t, ident.Properties["os"])

	rd := r.next(t).(*chat.ReadyEvent)
	require.Equal(t, "sess-1", rd.SessionID)
	send(t, p, dispatch(2, "MESSAGE_CREATE", `{"id":"5","channel_id":"6","guild_id":"7","content":"!ping","author":{"id":"8","username":"ann"},"member":{"nick":"A","roles":[],"joined_at":"2024-01-01T00:00:00Z"}}`))
	it := r.next(t)
	if rc, ok := it.(*chat.ReconnectEvent); ok {
		t.Fatalf("reconnect: %v", rc.Cause)
	}
	mc := it.(*chat.MessageCreateEvent)
	require.Equal(t, "!ping", mc.Message.Content)
	require.Equal(t, chat.Snowflake("7"), mc.GuildID)
	require.Equal(t, "A", mc.Member.Nick)
	require.Contains(t, string(mc.Message.RawJSON()), `"guild_id":"7"`)
	send(t, p, dispatch(3, "SOMETHING_NEW", `{"x":1}`))
	un := r.next(t).(*chat.UnknownEvent)
	require.Equal(t, "SOMETHING_NEW", un.Name)
	require.JSONEq(t, `{"x":1}`, string(un.Data))

	r.stop()
	<-r.done
	code, err := p.Closed()
	require.NoError(t, err)
	require.Equal(t, 1000, code)
}

// Each way a server breaks the protocol ends the connection with a clear
// error and a resume at the last sequence, never a panic or a hang.
func TestGatewayHostileServerResumes(t *testing.T) {
	for _, tc := range []struct {
		name string
		act  func(t *testing.T, p *wstest.Peer)
		kind error
		says string
	}{
		{"oversized frame", func(t *testing.T, p *wstest.Peer) { p.SendOversized(2048) }, conduit.ErrResponseTooLarge, "over 1024 bytes"},
		{"invalid JSON", func(t *testing.T, p *wstest.Peer) { send(t, p, `{"op":0,"s":2,`) }, conduit.ErrMalformedResponse, "not JSON"},
		{"unknown op", func(t *testing.T, p *wstest.Peer) { send(t, p, `{"op":42,"d":null}`) }, conduit.ErrMalformedResponse, "unknown gateway op 42"},
		{"sequence backwards", func(t *testing.T, p *wstest.Peer) {
			send(t, p, dispatch(1, "MESSAGE_DELETE", `{"id":"1","channel_id":"2"}`))
		}, conduit.ErrMalformedResponse, "sequence 1 after 1"},
		{"repeated HELLO", func(t *testing.T, p *wstest.Peer) { send(t, p, hello) }, conduit.ErrMalformedResponse, "second HELLO"},
		{"dropped", func(t *testing.T, p *wstest.Peer) { p.Drop() }, nil, ""},
		{"server close 4000", func(t *testing.T, p *wstest.Peer) { p.Close(4000, "unknown error") }, nil, "4000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, c := startGateway(t)
			_, r := startEvents(t, c, &chat.GatewayParams{MaxEventBytes: 1024})
			p, _ := ready(t, s)
			require.IsType(t, &chat.ReadyEvent{}, r.next(t))
			tc.act(t, p)
			rc := r.reconnect(t)
			require.True(t, rc.Resume)
			if tc.kind != nil {
				require.ErrorIs(t, rc.Cause, tc.kind)
			}
			require.Contains(t, fmt.Sprint(rc.Cause), tc.says)
			if tc.name != "dropped" && !strings.HasPrefix(tc.name, "server") {
				code, err := p.Closed()
				require.NoError(t, err)
				require.NotContains(t, []int{1000, 1001}, code, "a close that keeps the session")
			}
			p2 := resumed(t, s, 1)
			send(t, p2, dispatch(2, "RESUMED", `null`))
			require.IsType(t, &chat.ResumedEvent{}, r.next(t))
		})
	}
}

func TestGatewayMissingHello(t *testing.T) {
	s, c := startGateway(t)
	_, r := startEvents(t, c, nil)
	p, err := s.Next()
	require.NoError(t, err)
	send(t, p, dispatch(1, "READY", `{}`))
	rc := r.reconnect(t)
	require.ErrorIs(t, rc.Cause, conduit.ErrMalformedResponse)
	require.Contains(t, rc.Cause.Error(), "before HELLO")
	require.False(t, rc.Resume, "no session yet: identify again")
	p2, _ := ready(t, s)
	_ = p2
	require.IsType(t, &chat.ReadyEvent{}, r.nextEvent(t))
}

// Heartbeats that get no ACK mean a zombied connection: it is closed with
// a code that keeps the session, and resumed.
func TestGatewayMissingAcksResume(t *testing.T) {
	s, c := startGateway(t)
	_, r := startEvents(t, c, nil)
	p, err := s.Next()
	require.NoError(t, err)
	send(t, p, `{"op":10,"d":{"heartbeat_interval":30}}`)
	readOp(t, p, 2)
	send(t, p, dispatch(1, "READY", fmt.Sprintf(`{"session_id":"sess-1","resume_gateway_url":%q}`, s.URL()+"/resume")))
	require.IsType(t, &chat.ReadyEvent{}, r.next(t))
	hb := readOp(t, p, 1)
	require.Equal(t, "1", string(hb.D), "the heartbeat carries the last sequence")
	rc := r.reconnect(t)
	require.ErrorIs(t, rc.Cause, conduit.ErrStalled)
	require.Contains(t, rc.Cause.Error(), "heartbeat ACK")
	code, err := p.Closed()
	require.NoError(t, err)
	require.Equal(t, 4900, code)
	resumed(t, s, 1)
}

// A server's op 1 is answered at once; ACKed heartbeats keep the
// connection.
func TestGatewayAnswersHeartbeatRequest(t *testing.T) {
	s, c := startGateway(t)
	_, r := startEvents(t, c, nil)
	p, _ := ready(t, s)
	require.IsType(t, &chat.ReadyEvent{}, r.next(t))
	send(t, p, `{"op":1,"d":null}`)
	hb := read(t, p)
	require.Equal(t, 1, hb.Op)
	require.Equal(t, "1", string(hb.D))
	send(t, p, `{"op":11}`)
	send(t, p, dispatch(2, "TYPING_START", `{"channel_id":"3","user_id":"4","timestamp":1700000000}`))
	require.IsType(t, &chat.TypingStartEvent{}, r.next(t))
}

func TestGatewayReconnectOp7AndReplayExactlyOnce(t *testing.T) {
	s, c := startGateway(t)
	_, r := startEvents(t, c, nil)
	p, _ := ready(t, s)
	require.IsType(t, &chat.ReadyEvent{}, r.next(t))
	for i := 2; i <= 3; i++ {
		send(t, p, dispatch(i, "MESSAGE_DELETE", fmt.Sprintf(`{"id":"%d","channel_id":"1"}`, i)))
	}
	send(t, p, `{"op":7,"d":null}`)
	var got []chat.Snowflake
	for len(got) < 2 {
		if md, ok := r.next(t).(*chat.MessageDeleteEvent); ok {
			got = append(got, md.ID)
		}
	}
	rc := r.reconnect(t)
	require.True(t, rc.Resume)
	require.Zero(t, rc.Wait, "op 7 reconnects at once")
	code, err := p.Closed()
	require.NoError(t, err)
	require.Equal(t, 4900, code)
	p2 := resumed(t, s, 3)
	// The replay: what came after 3, in order, then RESUMED.
	for i := 4; i <= 5; i++ {
		send(t, p2, dispatch(i, "MESSAGE_DELETE", fmt.Sprintf(`{"id":"%d","channel_id":"1"}`, i)))
	}
	send(t, p2, dispatch(6, "RESUMED", `null`))
	for len(got) < 4 {
		if md, ok := r.next(t).(*chat.MessageDeleteEvent); ok {
			got = append(got, md.ID)
		}
	}
	require.IsType(t, &chat.ResumedEvent{}, r.next(t))
	require.Equal(t, []chat.Snowflake{"2", "3", "4", "5"}, got)
	// A replay that repeats 5 is not delivered twice.
	send(t, p2, dispatch(5, "MESSAGE_DELETE", `{"id":"5","channel_id":"1"}`))
	rc = r.reconnect(t)
	require.Contains(t, rc.Cause.Error(), "sequence 5 after 6")
	resumed(t, s, 6)
}

func TestGatewayInvalidSession(t *testing.T) {
	defer chat.NoInvalidSessionWait()()
	t.Run("resumable", func(t *testing.T) {
		s, c := startGateway(t)
		_, r := startEvents(t, c, nil)
		p, _ := ready(t, s)
		require.IsType(t, &chat.ReadyEvent{}, r.next(t))
		send(t, p, `{"op":9,"d":true}`)
		require.True(t, r.reconnect(t).Resume)
		resumed(t, s, 1)
	})
	t.Run("not resumable", func(t *testing.T) {
		s, c := startGateway(t)
		_, r := startEvents(t, c, nil)
		p, _ := ready(t, s)
		require.IsType(t, &chat.ReadyEvent{}, r.next(t))
		send(t, p, `{"op":9,"d":false}`)
		rc := r.reconnect(t)
		require.False(t, rc.Resume)
		p2, err := s.Next()
		require.NoError(t, err)
		require.NotEqual(t, "/resume", p2.Request.URL.Path)
		send(t, p2, hello)
		readOp(t, p2, 2)
	})
}

// The fatal close codes end Events with a typed error and no reconnect;
// a token the server echoes in the reason never shows.
func TestGatewayFatalCloseCodes(t *testing.T) {
	for code, kind := range map[int]error{4004: conduit.ErrUnauthorized, 4010: conduit.ErrInvalidParam, 4011: conduit.ErrInvalidParam,
		4012: conduit.ErrInvalidParam, 4013: conduit.ErrInvalidParam, 4014: conduit.ErrUnauthorized} {
		t.Run(fmt.Sprint(code), func(t *testing.T) {
			s, c := startGateway(t)
			_, r := startEvents(t, c, nil)
			p, err := s.Next()
			require.NoError(t, err)
			send(t, p, hello)
			readOp(t, p, 2)
			p.Close(code, "bad "+gwToken)
			err = r.ended(t)
			require.ErrorIs(t, err, kind)
			var ce *conduit.Error
			require.ErrorAs(t, err, &ce)
			require.Equal(t, "Gateway", ce.Op)
			for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
				require.NotContains(t, fmt.Sprintf(verb, err), gwToken, verb)
			}
			require.Contains(t, err.Error(), fmt.Sprint(code))
		})
	}
}

func TestGatewaySessionStartsSpent(t *testing.T) {
	s, c := startGateway(t)
	s.mu.Lock()
	s.remaining = 0
	s.mu.Unlock()
	_, r := startEvents(t, c, nil)
	err := r.ended(t)
	require.ErrorIs(t, err, conduit.ErrRateLimited)
	require.Contains(t, err.Error(), "session starts")
	require.Contains(t, err.Error(), "4h0m0s")
}

// Two gateways that both read one start left from GatewayBot spend one:
// the second ends with a clear error instead of identifying.
func TestGatewaySessionStartsCountedAcrossGateways(t *testing.T) {
	s, c := startGateway(t)
	s.mu.Lock()
	s.remaining = 1
	s.mu.Unlock()
	starts := chat.NewMemoryStarts()
	_, r1 := startEvents(t, c, &chat.GatewayParams{Starts: starts})
	p, _ := ready(t, s)
	require.IsType(t, &chat.ReadyEvent{}, r1.next(t))
	_, r2 := startEvents(t, c, &chat.GatewayParams{Starts: starts, ShardID: 1, ShardCount: 2})
	err := r2.ended(t)
	require.ErrorIs(t, err, conduit.ErrRateLimited)
	require.Contains(t, err.Error(), "session starts")
	p.Drop()
	// The first one's reconnect resumes, which costs no start.
	resumed(t, s, 1)
}

func TestGatewayCommands(t *testing.T) {
	s, c := startGateway(t)
	g, r := startEvents(t, c, nil)
	p, _ := ready(t, s)
	require.IsType(t, &chat.ReadyEvent{}, r.next(t))
	ctx := context.Background()
	require.NoError(t, g.UpdatePresence(ctx, chat.Presence{Status: "idle"}))
	pl := readOp(t, p, 3)
	require.JSONEq(t, `{"since":null,"activities":[],"status":"idle","afk":false}`, string(pl.D))
	require.ErrorIs(t, g.UpdatePresence(ctx, chat.Presence{Status: "asleep"}), conduit.ErrInvalidParam)

	q := ""
	nonce, err := g.RequestGuildMembers(ctx, chat.GuildMembersRequest{GuildID: "7", Query: &q})
	require.NoError(t, err)
	pl = readOp(t, p, 8)
	var req struct {
		GuildID string `json:"guild_id"`
		Nonce   string `json:"nonce"`
		Limit   int    `json:"limit"`
	}
	require.NoError(t, json.Unmarshal(pl.D, &req))
	require.Equal(t, nonce, req.Nonce)
	for i := range 2 {
		send(t, p, dispatch(2+i, "GUILD_MEMBERS_CHUNK", fmt.Sprintf(`{"guild_id":"7","chunk_index":%d,"chunk_count":2,"nonce":%q,"members":[{"user":{"id":"%d"},"roles":[],"joined_at":"2024-01-01T00:00:00Z"}]}`, i, nonce, 10+i)))
	}
	gm := r.next(t).(*chat.GuildMembersEvent)
	require.Equal(t, nonce, gm.Nonce)
	require.Len(t, gm.Members, 2)
	require.Equal(t, chat.Snowflake("11"), gm.Members[1].User.ID)

	require.NoError(t, g.UpdateVoiceState(ctx, chat.VoiceStateRequest{GuildID: "7"}))
	pl = readOp(t, p, 4)
	require.JSONEq(t, `{"guild_id":"7","channel_id":null,"self_mute":false,"self_deaf":false}`, string(pl.D))
}

func TestGatewayInteractionKeepsItsToken(t *testing.T) {
	s, c := startGateway(t)
	_, r := startEvents(t, c, nil)
	p, _ := ready(t, s)
	require.IsType(t, &chat.ReadyEvent{}, r.next(t))
	send(t, p, dispatch(2, "INTERACTION_CREATE", `{"id":"3","application_id":"9","type":2,"token":"itok-secret","data":{"name":"ping"},"channel_id":"4","version":1}`))
	in := r.next(t).(*chat.InteractionCreateEvent)
	require.Equal(t, "itok-secret", in.Token())
	require.Equal(t, chat.InteractionApplicationCommand, in.Type)
	for _, verb := range []string{"%v", "%+v", "%#v"} {
		require.NotContains(t, fmt.Sprintf(verb, in), "itok-secret")
	}
}

func TestGatewayBadParams(t *testing.T) {
	c, err := chat.New(chat.WithBotToken(gwToken))
	require.NoError(t, err)
	for _, p := range []chat.GatewayParams{{ShardID: 2, ShardCount: 2}, {ShardCount: -1}, {Intents: -1}, {Presence: &chat.Presence{Status: "away"}}} {
		_, err := c.Gateway(&p)
		require.ErrorIs(t, err, conduit.ErrInvalidParam)
	}
	g, err := c.Gateway(nil)
	require.NoError(t, err)
	for _, verb := range []string{"%v", "%+v", "%#v"} {
		require.NotContains(t, fmt.Sprintf(verb, g), gwToken)
	}
	_, err = g.RequestGuildMembers(context.Background(), chat.GuildMembersRequest{GuildID: "1"})
	require.ErrorIs(t, err, conduit.ErrInvalidParam)
}

func TestGatewayBot(t *testing.T) {
	c, _ := newReplay(t)
	g, err := c.GatewayBot(context.Background())
	require.NoError(t, err)
	require.Equal(t, 9, g.Shards)
	require.Equal(t, chat.SessionStartLimit{Total: 1000, Remaining: 999, ResetAfter: 14400000, MaxConcurrency: 1}, g.SessionStartLimit)
	// The fake points url at its own gateway, on a port of the moment.
	require.True(t, strings.HasPrefix(g.URL, "ws://127.0.0.1:") && strings.HasSuffix(g.URL, "/chat_gateway"), g.URL)
	g.URL = "ws://fake/chat_gateway"
	golden.JSON(t, "chat", "gateway_bot", g)
}

// A bot runs against conduittest's gateway fake: READY, a dispatch, op 7
// and a replay on RESUME of what it missed, exactly once.
func TestGatewayOnConduittest(t *testing.T) {
	wstest.NoLeaks(t, "chat.(*Gateway)", "chat.(*session)")
	srv := conduittest.NewServer(t)
	c, err := chat.New(srv.Options("chat")...)
	require.NoError(t, err)
	_, r := startEvents(t, c, nil)
	fake := srv.ChatGateway()
	require.IsType(t, &chat.ReadyEvent{}, r.next(t))
	require.NoError(t, fake.Dispatch("MESSAGE_CREATE", `{"id":"1","channel_id":"2","content":"!ping","author":{"id":"3"}}`))
	require.Equal(t, "!ping", r.next(t).(*chat.MessageCreateEvent).Message.Content)
	require.NoError(t, fake.Reconnect())
	require.True(t, r.reconnect(t).Resume)
	require.IsType(t, &chat.ResumedEvent{}, r.next(t))
	ids, resumes := fake.Sessions()
	require.Equal(t, [2]int{1, 1}, [2]int{ids, resumes})
}
