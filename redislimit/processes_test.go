package redislimit_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit/internal/redistest"
	"github.com/conduit-sdk/conduit/redislimit"
	"github.com/redis/go-redis/v9"
)

// The multi-process tests re-run this test binary as child processes
// (TestMain sees childEnv), each sending through its own Limiter to one
// counting server in the parent.
const (
	childEnv      = "REDISLIMIT_TEST_CHILD"
	children      = 4
	workers       = 4 // goroutines per child
	limitN        = 10
	limitPer      = time.Second
	childReplicas = children
)

// childReport is what a child prints when its run ends.
type childReport struct {
	Sent      int
	Fallbacks int
	// Late is how long after its context's deadline the last Wait
	// returned; negative when before.
	Late time.Duration
	Err  string
}

// runChild sends GET requests to REDISLIMIT_TEST_TARGET from several
// goroutines, each first waiting on the Redis limiter under the target's
// host, until REDISLIMIT_TEST_RUN has passed. It first opens its
// connections (one warm-up request per goroutine to /warm, which the server
// does not count) and then waits for the parent to close its standard
// input, so that every child starts warm and at once: a cold process's
// first requests can take longer to arrive than the 4% spare allows.
func runChild() int {
	target, err := url.Parse(os.Getenv("REDISLIMIT_TEST_TARGET"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	run, err := time.ParseDuration(os.Getenv("REDISLIMIT_TEST_RUN"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR"), ContextTimeoutEnabled: true})
	defer rdb.Close()
	var rep childReport
	var mu sync.Mutex
	l, err := redislimit.New(rdb, limitN, limitPer, redislimit.WithReplicas(childReplicas),
		redislimit.WithFallbackReport(func(string, error) {
			mu.Lock()
			rep.Fallbacks++
			mu.Unlock()
		}))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}}
	if err := warmUp(hc, rdb, target); err != nil {
		fmt.Fprintln(os.Stderr, "warm-up:", err)
		return 2
	}
	io.Copy(io.Discard, os.Stdin)
	ctx, cancel := context.WithTimeout(context.Background(), run)
	defer cancel()
	deadline, _ := ctx.Deadline()
	rep.Late = -run
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				err := l.Wait(ctx, target.Host)
				if err != nil {
					late := time.Since(deadline)
					mu.Lock()
					rep.Late = max(rep.Late, late)
					if !errors.Is(err, context.DeadlineExceeded) && rep.Err == "" {
						rep.Err = err.Error()
					}
					mu.Unlock()
					return
				}
				err = get(hc, target.String(), os.Getenv(childEnv))
				mu.Lock()
				if err == nil {
					rep.Sent++
				} else if rep.Err == "" {
					rep.Err = err.Error()
				}
				mu.Unlock()
				if err != nil {
					return
				}
			}
		})
	}
	wg.Wait()
	if err := json.NewEncoder(os.Stdout).Encode(rep); err != nil {
		return 2
	}
	return 0
}

// warmUp connects to Redis and opens one connection to the target per
// worker, by sending that many concurrent requests to /warm.
func warmUp(hc *http.Client, rdb *redis.Client, target *url.URL) error {
	if err := rdb.Ping(context.Background()).Err(); err != nil {
		return err
	}
	errs := make(chan error, workers)
	for range workers {
		go func() {
			errs <- get(hc, target.JoinPath("warm").String(), "")
		}()
	}
	for range workers {
		if err := <-errs; err != nil {
			return err
		}
	}
	return nil
}

// get sends a GET as child and expects 200 OK.
func get(hc *http.Client, u, child string) error {
	req, err := http.NewRequest("GET", u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("X-Child", child)
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", u, resp.Status)
	}
	return nil
}

// arrival is one request as the counting server saw it.
type arrival struct {
	at    time.Time
	child string
}

// countingServer records when each request arrives, except warm-ups,
// which it only signals.
type countingServer struct {
	*httptest.Server
	mu       sync.Mutex
	arrivals []arrival
	warm     chan struct{}
	first    chan struct{}
	once     sync.Once
}

func newCountingServer(t *testing.T) *countingServer {
	s := &countingServer{warm: make(chan struct{}, children*workers), first: make(chan struct{})}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/warm" {
			s.warm <- struct{}{}
			return
		}
		a := arrival{arrivedAt(r.Context().Value(connKey{}).(net.Conn)), r.Header.Get("X-Child")}
		s.mu.Lock()
		s.arrivals = append(s.arrivals, a)
		s.mu.Unlock()
		s.once.Do(func() { close(s.first) })
	}))
	s.Listener = arrivalListener(s.Listener)
	s.Config.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		return context.WithValue(ctx, connKey{}, c)
	}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// connKey carries a request's connection to the counting handler.
type connKey struct{}

// times returns the arrival times (of one child, or all when child is "")
// at or after from, in order.
func (s *countingServer) times(child string, from time.Time) []time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ts []time.Time
	for _, a := range s.arrivals {
		if (child == "" || a.child == child) && !a.at.Before(from) {
			ts = append(ts, a.at)
		}
	}
	slices.SortFunc(ts, time.Time.Compare)
	return ts
}

// logArrivals lists every arrival, to show where a window overflowed.
func (s *countingServer) logArrivals(t *testing.T) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, a := range s.arrivals {
		t.Logf("child %s: %v", a.child, a.at.Sub(s.arrivals[0].at).Round(time.Millisecond))
	}
}

// busiest is the most of the sorted times ts that lie within one window
// [t, t+per).
func busiest(ts []time.Time, per time.Duration) int {
	most := 0
	for i, t := range ts {
		end := sort.Search(len(ts), func(k int) bool { return !ts[k].Before(t.Add(per)) })
		most = max(most, end-i)
	}
	return most
}

// startChildren launches the child processes against srv and Redis at
// redisAddr, and lets them all start once every one is warm; wait collects
// their reports.
func startChildren(t *testing.T, srv *countingServer, redisAddr string, run time.Duration) (wait func() []childReport) {
	t.Helper()
	type proc struct {
		cmd      *exec.Cmd
		start    io.Closer
		out, err redistest.Output
	}
	procs := make([]*proc, children)
	for i := range procs {
		p := &proc{cmd: exec.Command(os.Args[0])}
		p.cmd.Env = append(os.Environ(),
			childEnv+"="+strconv.Itoa(i+1),
			"REDIS_ADDR="+redisAddr,
			"REDISLIMIT_TEST_TARGET="+srv.URL,
			"REDISLIMIT_TEST_RUN="+run.String())
		p.cmd.Stdout, p.cmd.Stderr = &p.out, &p.err
		redistest.DieWithTest(p.cmd)
		stdin, err := p.cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		p.start = stdin
		if err := p.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.cmd.Process.Kill(); p.cmd.Wait() })
		procs[i] = p
	}
	timeout := time.After(30 * time.Second)
	for range children * workers {
		select {
		case <-srv.warm:
		case <-timeout:
			for i, p := range procs {
				t.Logf("child %d: %s", i+1, p.err.String())
			}
			t.Fatal("the children did not warm up within 30s")
		}
	}
	for _, p := range procs {
		p.start.Close()
	}
	return func() []childReport {
		reps := make([]childReport, len(procs))
		for i, p := range procs {
			if err := p.cmd.Wait(); err != nil {
				t.Fatalf("child %d: %v\n%s", i+1, err, p.err.String())
			}
			if err := json.Unmarshal([]byte(p.out.String()), &reps[i]); err != nil {
				t.Fatalf("child %d printed %q: %v\n%s", i+1, p.out.String(), err, p.err.String())
			}
			if reps[i].Err != "" {
				t.Errorf("child %d: %s", i+1, reps[i].Err)
			}
		}
		return reps
	}
}

// Four processes, each with four goroutines, share 10 requests a second
// through Redis for over 5 seconds: the server never sees more than 10 in
// any second, and gets at least 90% of the budget.
func TestFourProcessesShareOneBudget(t *testing.T) {
	srv := newCountingServer(t)
	wait := startChildren(t, srv, os.Getenv("REDIS_ADDR"), 5500*time.Millisecond)
	reps := wait()
	all := srv.times("", time.Time{})
	if len(all) == 0 {
		t.Fatal("no request arrived")
	}
	most := busiest(all, limitPer)
	first5s := len(all) - len(srv.times("", all[0].Add(5*time.Second)))
	t.Logf("%d requests from %d processes; at most %d in any %v; %d in the first 5s (budget 50)", len(all), children, most, limitPer, first5s)
	if most > limitN {
		t.Errorf("the server saw %d requests within one %v, limit %d", most, limitPer, limitN)
		srv.logArrivals(t)
	}
	if first5s < 45 {
		t.Errorf("only %d requests in the first 5s, under 90%% of the budget of 50", first5s)
	}
	for i, r := range reps {
		if r.Fallbacks != 0 {
			t.Errorf("child %d fell back %d times with Redis up", i+1, r.Fallbacks)
		}
		if r.Sent == 0 {
			t.Errorf("child %d sent nothing", i+1)
		}
	}
}

// Killing Redis (SIGKILL) mid-run: every process reports the fallback and
// keeps to its share (10/4 → 2 a second), the switch puts no more than 10
// into any second, and no Wait outlasts its context.
func TestRedisKilledMidRun(t *testing.T) {
	redisSrv := redistest.Start(t)
	srv := newCountingServer(t)
	wait := startChildren(t, srv, redisSrv.Addr, 6500*time.Millisecond)
	select {
	case <-srv.first:
	case <-time.After(10 * time.Second):
		t.Fatal("no request arrived")
	}
	time.Sleep(2500 * time.Millisecond)
	redisSrv.Stop()
	killed := time.Now()
	reps := wait()

	all := srv.times("", time.Time{})
	most := busiest(all, limitPer)
	t.Logf("%d requests, %d after the kill; at most %d in any %v", len(all), len(srv.times("", killed)), most, limitPer)
	if most > limitN {
		t.Errorf("the server saw %d requests within one %v, limit %d", most, limitPer, limitN)
		srv.logArrivals(t)
	}
	// A process falls back at most a timeout (250ms) after the kill, and
	// then waits one window (1.04s): what arrives later is the fallback's.
	fallbackEra := killed.Add(1300 * time.Millisecond)
	share := limitN / childReplicas
	for i, r := range reps {
		child := strconv.Itoa(i + 1)
		after := srv.times(child, fallbackEra)
		t.Logf("child %d: sent %d, %d by the fallback, at most %d in any %v; %d fallback reports; last Wait %v after its deadline",
			i+1, r.Sent, len(after), busiest(after, limitPer), limitPer, r.Fallbacks, r.Late)
		if r.Fallbacks == 0 {
			t.Errorf("child %d did not report the fallback", i+1)
		}
		if b := busiest(after, limitPer); b > share {
			t.Errorf("child %d sent %d within one %v on the fallback, its share is %d", i+1, b, limitPer, share)
		}
		if len(after) < 2*share {
			t.Errorf("child %d sent %d on the fallback, want at least %d (two windows at its share)", i+1, len(after), 2*share)
		}
		if r.Late > 250*time.Millisecond {
			t.Errorf("child %d: a Wait returned %v after its context's deadline", i+1, r.Late)
		}
	}
	if b := busiest(srv.times("", fallbackEra), limitPer); b > share*children {
		t.Errorf("the fallback put %d into one %v, want at most %d", b, limitPer, share*children)
	}
}
