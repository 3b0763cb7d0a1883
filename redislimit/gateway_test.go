package redislimit_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/redislimit"
)

var (
	_ chat.IdentifyGate  = (*redislimit.GatewayLimits)(nil)
	_ chat.SessionStarts = (*redislimit.GatewayLimits)(nil)
)

// processLimits returns n GatewayLimits, each on its own connection to the
// shared Redis (as n processes have), connected before it returns.
func processLimits(t *testing.T, n int) []*redislimit.GatewayLimits {
	t.Helper()
	sharedRedis(t) // empties it
	out := make([]*redislimit.GatewayLimits, n)
	for i := range out {
		rdb := redis.NewClient(&redis.Options{Addr: sharedRedis(t).Options().Addr, ContextTimeoutEnabled: true})
		t.Cleanup(func() { rdb.Close() })
		if err := rdb.Ping(t.Context()).Err(); err != nil {
			t.Fatal(err)
		}
		lim, err := redislimit.NewGatewayLimits(rdb, redislimit.WithTimeout(5*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		out[i] = lim
	}
	return out
}

// Shards started together from separate clients get identify slots that
// keep every window of 5 s to max_concurrency IDENTIFYs: one per bucket
// shard_id % max_concurrency. Nothing sleeps: the slots are what Reserve
// answers, placed on the clock by when each call went.
func TestGatewayIdentifySlotsAcrossClients(t *testing.T) {
	const shards, conc, every = 12, 3, 5 * time.Second
	lims := processLimits(t, shards)
	type slot struct {
		bucket   int
		lo, hi   time.Time // the slot lies between: call start and end, plus the wait
		waited   time.Duration
		inflight time.Duration
	}
	slots := make([]slot, shards)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for id := range shards {
		wg.Go(func() {
			<-start
			key := "chat:identify:bot:" + string(rune('0'+id%conc))
			t0 := time.Now()
			wait, err := lims[id].Reserve(context.Background(), key, every)
			t1 := time.Now()
			if err != nil {
				t.Error(err)
				return
			}
			slots[id] = slot{bucket: id % conc, lo: t0.Add(wait), hi: t1.Add(wait), waited: wait, inflight: t1.Sub(t0)}
		})
	}
	close(start)
	wg.Wait()
	var spread time.Duration
	for _, s := range slots {
		spread = max(spread, s.inflight)
	}
	if spread >= every/2 {
		t.Fatalf("calls took %v; too slow to place the slots", spread)
	}
	for b := range conc {
		var mine []slot
		for _, s := range slots {
			if s.bucket == b {
				mine = append(mine, s)
			}
		}
		slices.SortFunc(mine, func(a, b slot) int { return a.lo.Compare(b.lo) })
		if mine[0].waited > spread {
			t.Errorf("bucket %d: the first slot waits %v, want none", b, mine[0].waited)
		}
		for i := 1; i < len(mine); i++ {
			// The latest the earlier slot can be against the earliest the
			// later one can: at least every apart.
			if gap := mine[i].hi.Sub(mine[i-1].lo); gap < every {
				t.Errorf("bucket %d: slots %v apart, want at least %v", b, gap, every)
			}
		}
	}
	// Across buckets: no window of every holds more than conc slots.
	all := slices.Clone(slots)
	slices.SortFunc(all, func(a, b slot) int { return a.lo.Compare(b.lo) })
	for i := range all {
		n := 0
		for j := i; j < len(all) && all[j].lo.Sub(all[i].lo) < every-spread; j++ {
			n++
		}
		if n > conc {
			t.Errorf("%d identifies within %v of %v; max_concurrency is %d", n, every, all[i].lo, conc)
		}
	}
}

// Clients that all read the same remaining from GatewayBot take that many
// starts between them and no more; the rest learn when the budget resets.
func TestGatewaySessionStartsAcrossClients(t *testing.T) {
	const clients, remaining = 10, 4
	lims := processLimits(t, clients)
	waits := make([]time.Duration, clients)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range clients {
		wg.Go(func() {
			<-start
			w, err := lims[i].Start(context.Background(), "chat:starts:bot", remaining, time.Hour)
			if err != nil {
				t.Error(err)
			}
			waits[i] = w
		})
	}
	close(start)
	wg.Wait()
	took := 0
	for _, w := range waits {
		switch {
		case w == 0:
			took++
		case w < 59*time.Minute || w > time.Hour:
			t.Errorf("a refused start waits %v; want the hour to the reset", w)
		}
	}
	if took != remaining {
		t.Errorf("%d starts taken; GatewayBot said %d were left", took, remaining)
	}
}

// Within a window a stale, higher remaining gives nothing back, a lower
// one lowers the budget, and once the window ends it starts over.
func TestGatewaySessionStartsWindow(t *testing.T) {
	lim := processLimits(t, 1)[0]
	ctx := context.Background()
	take := func(remaining int, reset time.Duration) time.Duration {
		t.Helper()
		w, err := lim.Start(ctx, "k", remaining, reset)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	const window = 300 * time.Millisecond
	for i, said := range []int{3, 3, 3} { // the platform not yet counting ours
		if w := take(said, window); w != 0 {
			t.Fatalf("start %d of 3: waits %v", i+1, w)
		}
	}
	w := take(3, window)
	if w <= 0 || w > window {
		t.Fatalf("a fourth start of 3: waits %v, want up to %v", w, window)
	}
	time.Sleep(w)
	if w := take(1, window); w != 0 {
		t.Fatalf("a new window: waits %v", w)
	}
	if w := take(5, window); w == 0 {
		t.Fatal("a stale remaining of 5 gave back a start the window spent")
	}
}

// A sharded bot on conduittest's gateway identifies through the limits:
// its slot and its start are in Redis under a hash of the token, never the
// token itself.
func TestGatewayLimitsOnAGateway(t *testing.T) {
	rdb := sharedRedis(t)
	lim, err := redislimit.NewGatewayLimits(rdb)
	if err != nil {
		t.Fatal(err)
	}
	srv := conduittest.NewServer(t)
	c, err := chat.New(srv.Options("chat")...)
	if err != nil {
		t.Fatal(err)
	}
	gw, err := c.Gateway(&chat.GatewayParams{Identify: lim, Starts: lim})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for ev, err := range gw.Events(ctx) {
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := ev.(*chat.ReadyEvent); ok {
			break
		}
	}
	keys, err := rdb.Keys(ctx, "conduit:gateway:*").Result()
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(keys)
	if len(keys) != 2 || !strings.HasPrefix(keys[0], "conduit:gateway:{chat:identify:") || !strings.HasPrefix(keys[1], "conduit:gateway:{chat:starts:") {
		t.Fatalf("keys %q; want an identify slot and a start budget", keys)
	}
	token := conduittest.Credential("chat", "bot_token")
	for _, k := range keys {
		if strings.Contains(k, token) {
			t.Errorf("key %q holds the token", k)
		}
	}
	// The fixture says 999 left; one was taken.
	if left, err := rdb.HGet(ctx, keys[1], "left").Int(); err != nil || left != 998 {
		t.Errorf("starts left %d, %v; want 998", left, err)
	}
}
