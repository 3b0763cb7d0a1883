package redislimit_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/redistest"
	"github.com/conduit-sdk/conduit/redislimit"
)

func newBuckets(t *testing.T, rdb *redis.Client) *redislimit.Buckets {
	t.Helper()
	b, err := redislimit.NewBuckets(rdb)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A spent bucket holds every reservation until its reset, takes one
// request per unit of budget, and lets one request go once it has reset.
func TestBucketsReserveWithinTheBudget(t *testing.T) {
	b := newBuckets(t, sharedRedis(t))
	ctx := context.Background()
	if d, err := b.Reserve(ctx, "s", "unknown"); err != nil || d != 0 {
		t.Fatalf("an unknown bucket: %v, %v; want 0", d, err)
	}
	if err := b.Record(ctx, "s", "b", conduit.BucketState{Remaining: 2, ResetAfter: 300 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if d, err := b.Reserve(ctx, "s", "b"); err != nil || d != 0 {
			t.Fatalf("reservation %d with budget left: %v, %v", i+1, d, err)
		}
	}
	d, err := b.Reserve(ctx, "s", "b")
	if err != nil || d <= 200*time.Millisecond || d > 300*time.Millisecond {
		t.Fatalf("a spent bucket: %v, %v; want about 300ms", d, err)
	}
	time.Sleep(d)
	if d, err := b.Reserve(ctx, "s", "b"); err != nil || d != 0 {
		t.Fatalf("after the reset, one request goes: %v, %v", d, err)
	}
	if d, _ := b.Reserve(ctx, "s", "b"); d <= 0 {
		t.Errorf("the next waits for the first one's answer, got %v", d)
	}
}

// Answers recorded out of order take back no budget: a late one of the
// same window cannot raise what is left, and one of an ended window
// changes nothing.
func TestBucketsIgnoreAnswersThatComeLate(t *testing.T) {
	b := newBuckets(t, sharedRedis(t))
	ctx := context.Background()
	record := func(remaining int64, reset time.Duration) {
		t.Helper()
		if err := b.Record(ctx, "s", "b", conduit.BucketState{Remaining: remaining, ResetAfter: reset}); err != nil {
			t.Fatal(err)
		}
	}
	record(0, 600*time.Millisecond)
	record(1, 590*time.Millisecond) // same window, answered earlier
	if d, _ := b.Reserve(ctx, "s", "b"); d < 400*time.Millisecond {
		t.Errorf("after a late answer of the same window: wait %v, want the window's reset", d)
	}
	record(5, 50*time.Millisecond) // a window that has ended
	if d, _ := b.Reserve(ctx, "s", "b"); d < 400*time.Millisecond {
		t.Errorf("after an answer of an ended window: wait %v, want the window's reset", d)
	}
}

// A global wait holds every bucket of its scope, and no other scope.
func TestBucketsGlobalLimitHoldsTheScope(t *testing.T) {
	b := newBuckets(t, sharedRedis(t))
	ctx := context.Background()
	if err := b.Record(ctx, "bot-a", "x", conduit.BucketState{Remaining: -1, Global: 400 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	if d, _ := b.Reserve(ctx, "bot-a", "another bucket"); d <= 300*time.Millisecond {
		t.Errorf("another bucket of the scope: wait %v, want about 400ms", d)
	}
	if d, _ := b.Reserve(ctx, "bot-b", "x"); d != 0 {
		t.Errorf("another scope: wait %v, want 0", d)
	}
}

// The multi-process bucket test re-runs this binary as children that each
// post messages through a chat client on the shared buckets.
const (
	bucketChildEnv = "REDISLIMIT_BUCKET_CHILD"
	bucketLimit    = 2                      // messages per window, as the fake Discord says
	bucketWindow   = 600 * time.Millisecond // its reset
	bucketChildren = 3
	bucketMessages = 2 // per child
)

// discord is a fake of one Discord route: a bucket of bucketLimit
// messages per window, which starts with its first message, answered with
// Discord's headers and a 429 past it.
type discord struct {
	mu       sync.Mutex
	start    time.Time
	count    int
	sent     []time.Time
	rejected int
}

func (d *discord) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := time.Now()
	if now.Sub(d.start) >= bucketWindow {
		d.start, d.count = now, 0
	}
	reset := bucketWindow - now.Sub(d.start)
	h := w.Header()
	h.Set("X-RateLimit-Limit", strconv.Itoa(bucketLimit))
	h.Set("X-RateLimit-Bucket", "abcd1234")
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(reset.Seconds(), 'f', 3, 64))
	h.Set("Content-Type", "application/json")
	if d.count >= bucketLimit {
		d.rejected++
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Scope", "user")
		h.Set("Retry-After", strconv.FormatFloat(reset.Seconds(), 'f', 3, 64))
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprintf(w, `{"message":"You are being rate limited.","retry_after":%.3f,"global":false}`, reset.Seconds())
		return
	}
	d.count++
	d.sent = append(d.sent, now)
	h.Set("X-RateLimit-Remaining", strconv.Itoa(bucketLimit-d.count))
	w.Write([]byte(`{"id":"1","channel_id":"123","content":"hi"}`))
}

// Several processes posting with one bot token keep to the bucket together:
// each waits on the state in Redis, so the service never answers 429, and
// the messages spread over the windows they need.
func TestBucketsHoldProcessesOfOneToken(t *testing.T) {
	rdb := sharedRedis(t)
	fake := &discord{}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	// The first message teaches the shared state the bucket's budget.
	if err := post(rdb, srv.URL); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	outs := make([]string, bucketChildren)
	for i := range bucketChildren {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), bucketChildEnv+"="+srv.URL, "REDIS_ADDR="+os.Getenv("REDIS_ADDR"))
			redistest.DieWithTest(cmd)
			out, err := cmd.CombinedOutput()
			if err != nil {
				outs[i] = fmt.Sprintf("child %d: %v: %s", i, err, out)
			}
		}()
	}
	wg.Wait()
	if msg := strings.Join(outs, ""); msg != "" {
		t.Fatal(msg)
	}
	fake.mu.Lock()
	defer fake.mu.Unlock()
	if len(fake.sent) != 1+bucketChildren*bucketMessages {
		t.Errorf("the service took %d messages, want %d", len(fake.sent), 1+bucketChildren*bucketMessages)
	}
	// The fake answers 429 to any message past the limit of its window, so
	// none means no window ever held more than the limit.
	if fake.rejected != 0 {
		t.Errorf("the service answered 429 %d times", fake.rejected)
	}
	windows := (len(fake.sent) + bucketLimit - 1) / bucketLimit
	if took := fake.sent[len(fake.sent)-1].Sub(fake.sent[0]); took < time.Duration(windows-1)*bucketWindow-50*time.Millisecond {
		t.Errorf("%d messages took %v, less than the %d windows they need", len(fake.sent), took, windows)
	}
}

// runBucketChild posts bucketMessages messages, one after another.
func runBucketChild() int {
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR"), ContextTimeoutEnabled: true})
	defer rdb.Close()
	for range bucketMessages {
		if err := post(rdb, os.Getenv(bucketChildEnv)); err != nil {
			fmt.Println(err)
			return 1
		}
	}
	return 0
}

// post sends one message with a client of the shared bot token. Redis gets
// seconds, not the default 250ms, to answer: on a loaded machine (-race,
// four processes on two cores) a slower answer would hand the decision to
// the process's own buckets, which is the fallback, not what this tests.
func post(rdb *redis.Client, url string) error {
	b, err := redislimit.NewBuckets(rdb, redislimit.WithTimeout(5*time.Second))
	if err != nil {
		return err
	}
	c, err := chat.New(chat.WithBotToken("bot-token-shared"), conduit.WithBaseURL(url), conduit.WithBucketStore(b),
		conduit.WithMaxRetries(0), conduit.WithRateLimit(0, 0))
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return c.Do(ctx, "POST", "/channels/123/messages", map[string]string{"content": "hi"}, nil)
}
