package peers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/coder/websocket"
	"github.com/disgoorg/disgo/gateway"
)

// The Discord Gateway, end to end over loopback: a server that speaks the
// gateway's opening (HELLO, IDENTIFY, READY) and then replays one dispatch
// as many times as asked, each with the next sequence number, and the
// contenders' own gateway loops reading it. conduit's decoding of a frame
// is reachable only through its gateway, so every contender is measured
// the same way: the socket, the envelope, the typed event, handed to the
// program.

// gwServer replays dispatches to the connection live at the time.
type gwServer struct {
	*httptest.Server
	name    string // the dispatch's t
	payload []byte // its d
	conns   chan *gwConn
}

// gwConn is one connection the server has sent READY on: the dispatches
// asked of it go to it alone, never to a connection still closing.
type gwConn struct{ play chan int }

func startGatewayServer(tb testing.TB, name string, payload []byte) *gwServer {
	s := &gwServer{name: name, payload: payload, conns: make(chan *gwConn, 1)}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	tb.Cleanup(s.Close)
	return s
}

func (s *gwServer) wsURL() string { return "ws" + strings.TrimPrefix(s.URL, "http") + "/" }

func (s *gwServer) serve(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/api/v10/gateway") {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"url":%q,"shards":1,"session_start_limit":{"total":1000,"remaining":1000,"reset_after":14400000,"max_concurrency":1}}`, s.wsURL())
		return
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return
	}
	defer c.CloseNow()
	ctx := r.Context()
	if c.Write(ctx, websocket.MessageText, []byte(`{"t":null,"s":null,"op":10,"d":{"heartbeat_interval":41250,"_trace":["[\"gateway-prd-us-east1-b-0x2k\",{\"micros\":0.0}]"]}}`)) != nil {
		return
	}
	for { // IDENTIFY
		_, m, err := c.Read(ctx)
		if err != nil {
			return
		}
		var env struct {
			Op int `json:"op"`
		}
		if json.Unmarshal(m, &env) == nil && env.Op == 2 {
			break
		}
	}
	ready := append(append([]byte(`{"t":"READY","s":1,"op":0,"d":`), gwReady(s.wsURL())...), '}')
	if c.Write(ctx, websocket.MessageText, ready) != nil {
		return
	}
	me := &gwConn{play: make(chan int)}
	s.conns <- me
	// The client's frames (heartbeats) are read on their own goroutine,
	// and each heartbeat is acknowledged.
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			_, m, err := c.Read(ctx)
			if err != nil {
				return
			}
			if strings.Contains(string(m), `"op":1`) {
				_ = c.Write(ctx, websocket.MessageText, []byte(`{"t":null,"s":null,"op":11,"d":null}`))
			}
		}
	}()
	seq := int64(1)
	head := []byte(`{"t":"` + s.name + `","s":`)
	var pre []byte
	for {
		select {
		case n := <-me.play:
			for range n {
				seq++
				pre = append(strconv.AppendInt(append(pre[:0], head...), seq, 10), `,"op":0,"d":`...)
				w, err := c.Writer(ctx, websocket.MessageText)
				if err != nil {
					return
				}
				w.Write(pre)
				w.Write(s.payload)
				w.Write([]byte{'}'})
				if w.Close() != nil {
					return
				}
			}
		case <-done:
			return
		}
	}
}

// gwConsumer is what a contender's gateway hands each typed event to.
type gwConsumer func(gwDigest)

// gwContender connects to the server's gateway, returns once READY has
// been read, and hands every MESSAGE_CREATE and GUILD_CREATE to got, from
// the goroutine that read it. stop disconnects.
type gwContender struct {
	name string
	open func(s *gwServer, got gwConsumer) (stop func(), err error)
}

var gwContenders = []gwContender{
	{"conduit", conduitGateway},
	{"discordgo", discordgoGateway},
	{"disgo", disgoGateway},
}

var discordgoEndpoint sync.Mutex

// discordgoGateway runs discordgo's Session as a bot would, with its
// handlers called on the reading goroutine (SyncEvents) and its state
// cache off: the other contenders keep no state.
func discordgoGateway(s *gwServer, got gwConsumer) (func(), error) {
	discordgoEndpoint.Lock()
	defer discordgoEndpoint.Unlock()
	discordgo.EndpointGateway = s.URL + "/api/v10/gateway"
	ds, err := discordgo.New("Bot " + gwToken)
	if err != nil {
		return nil, err
	}
	ds.StateEnabled = false
	ds.SyncEvents = true
	ds.Compress = false
	ds.ShouldReconnectOnError = false
	ds.LogLevel = -1
	ds.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentMessageContent
	ds.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) {
		d := gwDigest{ID: m.ID, AuthorID: m.Author.ID, Embeds: len(m.Embeds)}
		d.content(m.Content)
		got(d)
	})
	ds.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) {
		d := gwDigest{ID: g.ID, Members: len(g.Members), Channels: len(g.Channels)}
		for _, m := range g.Members {
			d.MemberRoles += len(m.Roles)
		}
		if n := len(g.Members); n > 0 {
			d.LastMember = g.Members[n-1].User.ID
		}
		if n := len(g.Channels); n > 0 {
			d.LastChannel = g.Channels[n-1].Name
		}
		got(d)
	})
	if err := ds.Open(); err != nil { // returns once READY is read
		return nil, err
	}
	return func() { ds.Close() }, nil
}

// disgoGateway runs disgo's gateway.Gateway, whose event handler is called
// on the reading goroutine.
func disgoGateway(s *gwServer, got gwConsumer) (func(), error) {
	ready := make(chan struct{}, 1)
	g := gateway.New(gwToken, func(_ gateway.EventType, _ int, _ int, ev gateway.EventData) {
		switch e := ev.(type) {
		case gateway.EventReady:
			ready <- struct{}{}
		case gateway.EventMessageCreate:
			d := gwDigest{ID: e.ID.String(), AuthorID: e.Author.ID.String(), Embeds: len(e.Embeds)}
			d.content(e.Content)
			got(d)
		case gateway.EventGuildCreate:
			d := gwDigest{ID: e.ID.String(), Members: len(e.Members), Channels: len(e.Channels)}
			for _, m := range e.Members {
				d.MemberRoles += len(m.RoleIDs)
			}
			if n := len(e.Members); n > 0 {
				d.LastMember = e.Members[n-1].User.ID.String()
			}
			if n := len(e.Channels); n > 0 {
				d.LastChannel = e.Channels[n-1].Name()
			}
			got(d)
		}
	}, func(gateway.Gateway, error) {},
		gateway.WithURL(strings.TrimSuffix(s.wsURL(), "/")), gateway.WithCompress(false), gateway.WithAutoReconnect(false),
		gateway.WithIntents(gateway.IntentGuilds, gateway.IntentGuildMessages, gateway.IntentMessageContent),
		gateway.WithLogger(slog.New(slog.DiscardHandler)))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := g.Open(ctx); err != nil {
		return nil, err
	}
	select {
	case <-ready:
	case <-ctx.Done():
		g.Close(context.Background())
		return nil, errors.New("disgo: no READY")
	}
	return func() { g.Close(context.Background()) }, nil
}

// gwRun connects c, has the server replay n dispatches, and waits until the
// contender has handed over all of them; the last digest is returned.
type gwRun struct {
	stop  func()
	conn  *gwConn
	count chan gwDigest
}

func openGateway(tb testing.TB, c gwContender, s *gwServer, n *int) *gwRun {
	r := &gwRun{count: make(chan gwDigest, 1)}
	seen := 0
	stop, err := c.open(s, func(d gwDigest) {
		seen++
		if seen == *n {
			d.Events = seen
			seen = 0
			r.count <- d
		}
	})
	if err != nil {
		tb.Fatalf("%s: %v", c.name, err)
	}
	r.stop = stop
	select {
	case r.conn = <-s.conns:
	case <-time.After(10 * time.Second):
		tb.Fatalf("%s: connected, but the server never sent READY", c.name)
	}
	return r
}

// replay has the server send n dispatches and returns the digest of the
// last, once the contender has handed all n over.
func (r *gwRun) replay(tb testing.TB, n int) gwDigest {
	select {
	case r.conn.play <- n:
	case <-time.After(10 * time.Second):
		tb.Fatal("the server's connection is gone")
	}
	select {
	case d := <-r.count:
		return d
	case <-time.After(60 * time.Second):
		tb.Fatal("the contender stopped handing events over")
	}
	return gwDigest{}
}

// timeGateway replays b.N dispatches to one connection, after READY, and
// reports the events per second, the CPU time and allocations per event
// (the whole process's, the in-process server's included, the same for
// every contender).
func timeGateway(b *testing.B, c gwContender, s *gwServer) {
	n := b.N
	r := openGateway(b, c, s, &n)
	defer r.stop()
	b.ReportAllocs()
	b.ResetTimer()
	start, cpu := mallocs(), cpuNow()
	r.replay(b, n)
	b.StopTimer()
	b.ReportMetric(float64(mallocs()-start)/float64(n), "allocs/event")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/event")
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(cpuNow()-cpu)/float64(n), "cpu-ns/event")
}

// BenchmarkGatewayMessageCreate decodes MESSAGE_CREATE dispatches (a
// message with its member, a mention and an embed; 1.3 kB) through each
// gateway over loopback.
func BenchmarkGatewayMessageCreate(b *testing.B) {
	s := startGatewayServer(b, "MESSAGE_CREATE", gwMessageCreate())
	for _, c := range gwContenders {
		b.Run(c.name, func(b *testing.B) { timeGateway(b, c, s) })
	}
}

// BenchmarkGatewayGuildCreate decodes GUILD_CREATE dispatches of a large
// guild (250 members, 500 channels, 250 roles, 100 emojis; 320 kB) through each
// gateway over loopback.
func BenchmarkGatewayGuildCreate(b *testing.B) {
	s := startGatewayServer(b, "GUILD_CREATE", gwGuildCreate())
	for _, c := range gwContenders {
		b.Run(c.name, func(b *testing.B) { timeGateway(b, c, s) })
	}
}

// BenchmarkGatewayIdleHeap measures what one idle connection keeps: heap
// and goroutine stacks after READY, over 20 connections, less what the
// process kept before them. The in-process server's side of each
// connection is counted too, the same for every contender.
func BenchmarkGatewayIdleHeap(b *testing.B) {
	const conns = 20
	s := startGatewayServer(b, "MESSAGE_CREATE", gwMessageCreate())
	for _, c := range gwContenders {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				before := liveBytes()
				var stops []func()
				for range conns {
					n := 1
					r := openGateway(b, c, s, &n)
					stops = append(stops, r.stop)
				}
				after := liveBytes()
				for _, stop := range stops {
					stop()
				}
				b.ReportMetric(float64(after-before)/conns/1024, "idle-kB/conn")
			}
		})
	}
}

// liveBytes is the heap in use and the goroutine stacks after a full
// collection.
func liveBytes() int64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc + ms.StackInuse)
}
