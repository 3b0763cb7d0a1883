package limits

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/config"
)

// Buckets describes a service that reports, on every answer, the budget of
// the route it answered (Discord's X-RateLimit-Bucket, -Remaining,
// -Reset-After) and expects a client to wait for it rather than take a 429.
type Buckets struct {
	// Major lists the path parameters whose values split a route's budget
	// (Discord counts per channel, per guild, per webhook).
	Major []string
	// MajorAfter lists the path words whose next segment is a major
	// parameter in a literal path (Do's): "channels", "guilds", "webhooks".
	MajorAfter []string
	// The client stops sending once InvalidLimit answers of status 401, 403
	// or 429 (but 429s the service marks as shared with others) came back
	// within InvalidWindow, since the service blocks a client that goes on.
	InvalidLimit  int
	InvalidWindow time.Duration
}

// BucketSet is a client's view of its buckets: per route, the budget
// left and when it is whole again; the global wait; the recent invalid
// answers.
type BucketSet struct {
	rules   *Buckets
	mu      sync.Mutex
	hashes  map[string]string  // route template -> the service's bucket name
	budgets map[string]*budget // bucket (or route) + major values -> budget
	global  time.Time          // nothing goes before this
	invalid []time.Time        // times of recent invalid answers, oldest first
	shared  *sharedBuckets     // nil: the budgets above are the only ones
}

type budget struct {
	remaining int64
	reset     time.Time
}

// NewBucketSet starts a client's buckets under rules. With a store, the
// buckets are shared with every process that holds the same credentials
// (values, by name); without one they are the client's alone.
func NewBucketSet(rules *Buckets, store config.BucketStore, values map[string]string) *BucketSet {
	return &BucketSet{rules: rules, hashes: map[string]string{}, budgets: map[string]*budget{}, shared: newSharedBuckets(store, values)}
}

// Held is how many budgets and learned bucket names b keeps, which sweep
// bounds by MaxBudgets and MaxHashes.
func (b *BucketSet) Held() (budgets, names int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.budgets), len(b.hashes)
}

// RouteKey names a call's route for its bucket: the method and path
// template, and the values of its major parameters (args, in the
// template's order). A literal path (Do's) is turned into its template first, as the service defines routes,
// so that calls to distinct messages share one route instead of each
// leaving a bucket behind.
func (b *BucketSet) RouteKey(method, path string, literal bool, args []string) (route, major string) {
	if literal {
		return b.literalRouteKey(method, path)
	}
	route = method + " " + path
	var m strings.Builder
	i := 0
	for p := path; ; {
		open := strings.IndexByte(p, '{')
		end := strings.IndexByte(p[max(open, 0):], '}')
		if open < 0 || end < 0 {
			break
		}
		name := strings.TrimSuffix(p[open+1:open+end], "...")
		for _, maj := range b.rules.Major {
			if name == maj && i < len(args) {
				m.WriteString(name + "=" + args[i] + ";")
			}
		}
		i++
		p = p[open+end+1:]
	}
	return route, m.String()
}

// literalRouteKey is RouteKey for a path as written: a segment that follows
// one of the rules' MajorAfter words ("channels", "guilds", "webhooks"),
// and the one after a webhook's id (its token), is a major parameter; any
// other segment that holds a digit or an escape (an id, an emoji) is a
// parameter whose value does not split the budget.
func (b *BucketSet) literalRouteKey(method, path string) (route, major string) {
	var r, m strings.Builder
	r.WriteString(method + " ")
	segs := strings.Split(strings.TrimPrefix(path, "/"), "/")
	for i, seg := range segs {
		r.WriteByte('/')
		prev := ""
		if i > 0 {
			prev = segs[i-1]
		}
		switch {
		case i > 0 && slices.Contains(b.rules.MajorAfter, prev):
			r.WriteString("{" + prev + "}")
			m.WriteString(prev + "=" + seg + ";")
		case i > 1 && segs[i-2] == "webhooks":
			r.WriteString("{token}")
			m.WriteString("token=" + seg + ";")
		case strings.ContainsAny(seg, "0123456789%"):
			r.WriteString("{}")
		default:
			r.WriteString(seg)
		}
	}
	return r.String(), m.String()
}

func (b *BucketSet) key(route, major string) string {
	if h, ok := b.hashes[route]; ok {
		return h + " " + major
	}
	return route + " " + major
}

// Wait holds a request until its bucket has budget and no global wait is
// on, and spends one unit of the budget; it refuses at once a request the
// invalid-answer guard stops, one whose wait would pass ctx's deadline,
// and one whose wait is longer than maxWait (a *BucketWaitError), as a
// Retry-After past the cap is refused.
func (b *BucketSet) Wait(ctx context.Context, route, major string, maxWait time.Duration) error {
	if err, decided := b.waitShared(ctx, route, major, maxWait); decided {
		return err
	}
	for {
		b.mu.Lock()
		now := time.Now()
		if err := b.guard(now); err != nil {
			b.mu.Unlock()
			return err
		}
		until := b.global
		bud := b.budgets[b.key(route, major)]
		if bud != nil && bud.remaining <= 0 && bud.reset.After(until) {
			until = bud.reset
		}
		if !until.After(now) {
			if bud != nil && bud.remaining > 0 {
				bud.remaining-- // concurrent requests share what is left
			}
			b.mu.Unlock()
			return nil
		}
		b.mu.Unlock()
		d := until.Sub(now)
		if d > maxWait {
			return &BucketWaitError{Wait: d}
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d {
			return context.DeadlineExceeded
		}
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
	}
}

// guard reports the client stopped by too many invalid answers; the caller
// holds the lock.
func (b *BucketSet) guard(now time.Time) error {
	r := b.rules
	if r.InvalidLimit <= 0 {
		return nil
	}
	cut := now.Add(-r.InvalidWindow)
	i := 0
	for i < len(b.invalid) && !b.invalid[i].After(cut) {
		i++
	}
	b.invalid = b.invalid[i:]
	if len(b.invalid) < r.InvalidLimit {
		return nil
	}
	return &guardError{n: len(b.invalid), window: r.InvalidWindow, wait: b.invalid[0].Add(r.InvalidWindow).Sub(now)}
}

// guardError is why a client stopped sending.
type guardError struct {
	n      int
	window time.Duration
	wait   time.Duration
}

func (e *guardError) Error() string {
	return fmt.Sprintf("the client stopped sending: %d answers were 401, 403 or 429 in the last %v, and the service blocks a client that goes on; fix the token or the permissions, or wait %v",
		e.n, e.window, e.wait.Round(time.Second))
}

func (e *guardError) Unwrap() error { return conduit.ErrRateLimited }

// BucketWaitError is a bucket or global wait longer than the call's
// conduit.WithMaxRetryWait; Wait is how long the service asked for.
type BucketWaitError struct{ Wait time.Duration }

func (e *BucketWaitError) Error() string {
	return fmt.Sprintf("the service's rate limit asks for a wait of %v, longer than the call's maximum wait (conduit.WithMaxRetryWait)", e.Wait.Round(time.Millisecond))
}

func (e *BucketWaitError) Unwrap() error { return conduit.ErrRateLimited }

// A BucketSet keeps at most this many budgets and learned bucket names.
const (
	MaxBudgets = 1024
	MaxHashes  = 1024
)

// sweep makes room once the store is full, forgetting first what changes
// nothing (budgets whose reset has passed allow a request, as an unknown
// bucket does), then budgets with requests left, and only then, under a
// flood of buckets, the rest: a forgotten bucket costs at worst one 429,
// which teaches it again, while an unbounded store would grow without end.
// Learned bucket names are forgotten together; each is learned again from
// its route's next answer. The caller holds the lock.
func (b *BucketSet) sweep(now time.Time) {
	if len(b.budgets) >= MaxBudgets {
		for _, drop := range []func(*budget) bool{
			func(bud *budget) bool { return !bud.reset.After(now) },
			func(bud *budget) bool { return bud.remaining > 0 },
			func(*budget) bool { return true },
		} {
			for k, bud := range b.budgets {
				if drop(bud) {
					delete(b.budgets, k)
				}
			}
			if len(b.budgets) < MaxBudgets/2 {
				break
			}
		}
	}
	if len(b.hashes) >= MaxHashes {
		clear(b.hashes)
	}
}

// Update learns from an answer: the route's bucket, its budget, a global
// wait, and whether the answer counts as invalid.
func (b *BucketSet) Update(route, major string, resp *http.Response) {
	h := resp.Header
	now := time.Now()
	said := sharedState{remaining: -1}
	defer func() {
		if b.shared != nil {
			b.shared.record(resp, route+" "+major, said) // after the unlock: it may wait for the store
		}
	}()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.sweep(now)
	if hash := h.Get("X-RateLimit-Bucket"); hash != "" {
		b.hashes[route] = hash
	}
	k := b.key(route, major)
	bud := b.budgets[k]
	if bud == nil {
		bud = &budget{remaining: 1}
		b.budgets[k] = bud
	}
	if n, err := strconv.ParseInt(h.Get("X-RateLimit-Remaining"), 10, 64); err == nil {
		bud.remaining, said.remaining = n, n
	}
	if d, ok := ParseWait(h.Get("X-RateLimit-Reset-After"), Seconds, now); ok {
		bud.reset, said.resetAfter = now.Add(d), d
	} else if d, ok := ParseWait(h.Get("X-RateLimit-Reset"), EpochSeconds, now); ok {
		bud.reset, said.resetAfter = now.Add(d), d
	}
	scope := h.Get("X-RateLimit-Scope")
	if resp.StatusCode == http.StatusTooManyRequests {
		wait, ok := ParseWait(h.Get("X-RateLimit-Reset-After"), Seconds, now)
		if !ok {
			wait, _ = ParseWait(h.Get("Retry-After"), Seconds, now)
		}
		if strings.EqualFold(h.Get("X-RateLimit-Global"), "true") || scope == "global" {
			b.global, said.global = now.Add(wait), wait
		} else {
			bud.remaining, bud.reset = 0, now.Add(wait)
			said.remaining, said.resetAfter = 0, wait
		}
	}
	switch resp.StatusCode {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusTooManyRequests:
		if scope != "shared" {
			b.invalid = append(b.invalid, now)
		}
	}
}
