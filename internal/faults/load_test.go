package faults

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/filings"
)

// loadPool is how many goroutines share the load run's calls; loadCalls,
// set per build (loadsize_test.go, loadsize_stress_test.go), how many calls
// they make in all.
const loadPool = 64

// connSlack is how many connections beyond the pool size a server may
// accept: net/http may dial for a request just before another's connection
// frees up, and keeps the spare.
const connSlack = 8

// hostLimit is a per-host limit: n requests in any window of length per.
type hostLimit struct {
	n   int
	per time.Duration
}

// limited names the packages whose hosts have a limit, each served by its
// own server so that the limit binds only them (limits are per host and
// process-wide). Each gets a few more calls than its limit, so the limit
// must hold some back.
//
// Both keep their real counts (filings 10 a second, the anime graph 90 a
// minute) in a 5s window, the minute scaled down to keep the run short.
// The limiter spaces sends per/n apart and 4% more, which leaves 200ms of
// a 5s window for requests to differ in transit. On a loaded machine a
// local server can start handling a request longer than that after the
// core let it go, so the server's count in one window is checked against
// the transit the run measured (see TestStressLoad);
// TestLimitHoldsAtServer checks the margin at filings' real second.
var limited = map[string]hostLimit{
	"filings":    {n: 10, per: 5 * time.Second},
	"animegraph": {n: 90, per: 5 * time.Second},
}

// calls is how many calls a limited package gets: a few beyond its limit.
func (l hostLimit) calls() int { return l.n + max(l.n/8, 3) }

// loadServer is a replay server that counts the connections it accepts and
// records when each request arrives.
type loadServer struct {
	*httptest.Server
	conns    atomic.Int32
	mu       sync.Mutex
	arrivals []time.Time
	bySeq    map[string][]time.Time // arrivals by the call's loadSeq header
}

// loadSeq is the header that numbers each call of the load run, so that a
// request's arrival can be paired with its send.
const loadSeq = "X-Load-Seq"

func newLoadServer() *loadServer {
	s := &loadServer{bySeq: map[string][]time.Time{}}
	h := fake
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := time.Now()
		s.mu.Lock()
		s.arrivals = append(s.arrivals, now)
		if seq := r.Header.Get(loadSeq); seq != "" {
			s.bySeq[seq] = append(s.bySeq[seq], now)
		}
		s.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	s.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			s.conns.Add(1)
		}
	}
	s.Start()
	return s
}

// transitSkew pairs each call's sends with its arrivals (in order: a retry
// is a second send and a second arrival) and returns how much longer the
// slowest request took on its way than the fastest, and how many arrivals
// had no send to pair with.
func transitSkew(sends, arrivals map[string][]time.Time) (skew time.Duration, unpaired int) {
	lo, hi := time.Duration(math.MaxInt64), time.Duration(0)
	for seq, as := range arrivals {
		ss := sends[seq]
		for i, a := range as {
			if i >= len(ss) {
				unpaired++
				continue
			}
			d := a.Sub(ss[i])
			lo, hi = min(lo, d), max(hi, d)
		}
	}
	if hi < lo {
		return 0, unpaired
	}
	return hi - lo, unpaired
}

// maxInWindow is the most of times within any window of length per.
func maxInWindow(times []time.Time, per time.Duration) int {
	ts := slices.Clone(times)
	sort.Slice(ts, func(i, j int) bool { return ts[i].Before(ts[j]) })
	most := 0
	for i, j := 0, 0; j < len(ts); j++ {
		for ts[j].Sub(ts[i]) >= per {
			i++
		}
		most = max(most, j-i+1)
	}
	return most
}

// loadSchedule lists the rows to call, loadCalls in all: first enough
// calls of each limited package to exceed its limit (more would only
// lengthen the run, each being paced), the rest round-robin over every
// other row, reads and writes alike, shuffled with a fixed seed so that
// packages interleave.
func loadSchedule() []op {
	var sched []op
	for pkg, l := range limited {
		var rows []op
		for _, o := range ops {
			if o.pkg == pkg {
				rows = append(rows, o)
			}
		}
		for i := 0; len(rows) > 0 && i < l.calls(); i++ {
			sched = append(sched, rows[i%len(rows)])
		}
	}
	var open []op
	for _, o := range ops {
		if _, ok := limited[o.pkg]; !ok {
			open = append(open, o)
		}
	}
	for i := 0; len(sched) < loadCalls; i++ {
		sched = append(sched, open[i%len(open)])
	}
	rand.New(rand.NewPCG(5, 4)).Shuffle(len(sched), func(i, j int) { sched[i], sched[j] = sched[j], sched[i] })
	return sched
}

// TestStressLoad runs loadCalls calls over every row from a pool of
// loadPool goroutines against local replay servers (one for all unlimited
// packages, one per limited package), under -race in make test and make
// stress. It checks that no call fails, that each server accepted no more
// connections than the pool needs (they are reused), that every request a
// limited host saw went through its limiter and no window there held more
// than the limit (allowing for the transit the run measured), and that no
// goroutine outlives the run.
func TestStressLoad(t *testing.T) {
	before := settledGoroutines()

	shared := newLoadServer()
	servers := map[string]*loadServer{}
	opts := map[string][]conduit.Option{}
	for _, o := range ops {
		if _, done := opts[o.pkg]; done {
			continue
		}
		srv, u := shared, shared.URL
		if l, ok := limited[o.pkg]; ok {
			srv = newLoadServer()
			// Under its own host name, and with one limiter value that
			// every client of the package shares: a client's own
			// WithRateLimit would pace only that client.
			u = strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)
			opts[o.pkg] = append(fake.OptionsAt(o.pkg, u), conduit.WithLimiter(conduit.NewLimiter(l.n, l.per)))
		} else {
			opts[o.pkg] = fake.OptionsAt(o.pkg, u)
		}
		servers[o.pkg] = srv
	}
	closeAll := func() {
		for _, s := range uniqueServers(servers) {
			s.Close()
		}
	}
	defer closeAll()

	// The core's own send times for limited hosts: a trace in the call's
	// context sees GotConn after the core's (hooks added later run first),
	// so after the core has let the request go. Each call is numbered in a
	// header, so that its arrival pairs with its send.
	var (
		sendMu sync.Mutex
		seqs   atomic.Int64
	)
	sends := map[string][]time.Time{}
	sendsBySeq := map[string][]time.Time{}
	traced := func(ctx context.Context, pkg string) (context.Context, []conduit.Option) {
		if _, ok := limited[pkg]; !ok {
			return ctx, opts[pkg]
		}
		seq := fmt.Sprint(seqs.Add(1))
		return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{GotConn: func(httptrace.GotConnInfo) {
			now := time.Now()
			sendMu.Lock()
			sends[pkg] = append(sends[pkg], now)
			sendsBySeq[seq] = append(sendsBySeq[seq], now)
			sendMu.Unlock()
		}}), slices.Concat(opts[pkg], []conduit.Option{conduit.WithHeader(loadSeq, seq)})
	}

	sched := loadSchedule()
	work := make(chan op)
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		failed []string
		calls  = map[string]int{}
	)
	start := time.Now()
	for range loadPool {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for o := range work {
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				ctx, callOpts := traced(ctx, o.pkg)
				err := o.call(ctx, callOpts)
				cancel()
				mu.Lock()
				calls[o.pkg]++
				if err != nil && len(failed) < 20 {
					failed = append(failed, fmt.Sprintf("%s.%s: %v", o.pkg, o.name, err))
				}
				mu.Unlock()
			}
		}()
	}
	for _, o := range sched {
		work <- o
	}
	close(work)
	wg.Wait()
	elapsed := time.Since(start)

	for _, f := range failed {
		t.Errorf("call failed: %s", f)
	}
	total := 0
	for _, n := range calls {
		total += n
	}
	if total != len(sched) {
		t.Errorf("%d calls made, want %d", total, len(sched))
	}
	t.Logf("%d calls over %d rows of %d packages from %d goroutines in %v", total, len(ops), len(calls), loadPool, elapsed.Round(time.Millisecond))

	conns := 0
	for _, s := range uniqueServers(servers) {
		n := int(s.conns.Load())
		conns += n
		var pkgs []string
		for pkg, ps := range servers {
			if ps == s {
				pkgs = append(pkgs, pkg)
			}
		}
		sort.Strings(pkgs)
		name := "shared"
		if len(pkgs) == 1 {
			name = pkgs[0]
		}
		t.Logf("%s server: %d requests on %d connections", name, len(s.arrivals), n)
		if n > loadPool+connSlack {
			t.Errorf("%s server accepted %d connections for a pool of %d: connections are not reused", name, n, loadPool)
		}
	}
	t.Logf("%d connections in all", conns)

	for pkg, l := range limited {
		s, ok := servers[pkg]
		if !ok {
			continue // no rows for it in this tree
		}
		s.mu.Lock()
		skew, unpaired := transitSkew(sendsBySeq, s.bySeq)
		window := l.per + l.per/25 - skew // the limiter's spacing, less what transit took back
		most := maxInWindow(s.arrivals, window)
		arrived := len(s.arrivals)
		s.mu.Unlock()
		sent := maxInWindow(sends[pkg], l.per)
		t.Logf("%s: %d calls; at most %d sent in any %v window; transit differed by up to %v, and at most %d arrived in any %v window (limit %d)",
			pkg, calls[pkg], sent, l.per, skew.Round(time.Millisecond), most, window.Round(time.Millisecond), l.n)
		if sent > l.n {
			t.Errorf("%s: the client sent %d requests within one %v window, limit %d", pkg, sent, l.per, l.n)
		}
		// Every request that reached the host went through the limiter,
		// retries and redirects included.
		if arrived > len(sends[pkg]) || unpaired > 0 {
			t.Errorf("%s: %d requests arrived, %d were sent through the limiter, %d arrivals pair with no send", pkg, arrived, len(sends[pkg]), unpaired)
		}
		if window < l.per/2 {
			t.Errorf("%s: transit differed by %v, too much to check arrivals against a %v window", pkg, skew, l.per)
		} else if most > l.n {
			t.Errorf("%s: %d requests arrived within one %v window, limit %d", pkg, most, window, l.n)
		}
		if calls[pkg] <= l.n {
			t.Errorf("%s: only %d calls, which cannot test a limit of %d", pkg, calls[pkg], l.n)
		}
	}

	// Closing the servers closes their connections; the client's
	// connection goroutines must then end, as must every other goroutine
	// the calls started (upload copiers, timers' callbacks).
	closeAll()
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		t.Errorf("%d goroutines before the run, %d after:\n%s", before, after, buf)
	}
}

// settledGoroutines waits, up to two seconds, for goroutines that earlier
// tests left winding down (connections of closed servers) to end, so they
// do not hide a leak of this run, and returns the count.
func settledGoroutines() int {
	n := runtime.NumGoroutine()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		m := runtime.NumGoroutine()
		if m >= n {
			return m
		}
		n = m
	}
	return n
}

func uniqueServers(m map[string]*loadServer) []*loadServer {
	var out []*loadServer
	for _, s := range m {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// TestLimitHoldsAtServer reproduces, deterministically, what the load run
// shows at filings' real window (10 a second): with its default limit, 11
// concurrent calls, a first connection that takes 50ms to set up (a TLS
// handshake to a distant host takes longer) and a first request that
// spends 20ms longer in transit than the others, the server must still
// never see more than 10 requests in one second.
//
// The limiter spaces sends 104ms apart (100ms and 4%), 40ms to spare over
// 10 intervals for a request to take longer on its way than the one ten
// places before it. It admits a request once the request has its
// connection, so the slow setup takes none of that spare; a limiter that
// admitted before the dial would let the first request leave 50ms late and
// the 11th arrive within its second.
func TestLimitHoldsAtServer(t *testing.T) {
	var (
		mu       sync.Mutex
		arrivals []time.Time
		first    atomic.Bool
	)
	h := fake
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if first.CompareAndSwap(false, true) {
			time.Sleep(20 * time.Millisecond) // this request's longer way here
		}
		now := time.Now()
		mu.Lock()
		arrivals = append(arrivals, now)
		mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	// Its own host name, so no other test's limit applies and this one
	// binds nothing else (limits are process-wide per host).
	u := strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)

	var dials atomic.Int32
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		if dials.Add(1) == 1 {
			time.Sleep(50 * time.Millisecond) // connection setup
		}
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}}
	defer tr.CloseIdleConnections()
	c, err := filings.New(append(fake.OptionsAt("filings", u), conduit.WithHTTPClient(&http.Client{Transport: tr}))...)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 11 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Submissions(context.Background(), 320193); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	if most := maxInWindow(arrivals, time.Second); most > 10 {
		ts := slices.Clone(arrivals)
		slices.SortFunc(ts, func(a, b time.Time) int { return a.Compare(b) })
		t.Errorf("the server saw %d requests within one second (first to last %v), limit 10", most, ts[len(ts)-1].Sub(ts[0]).Round(time.Millisecond))
	}
}
