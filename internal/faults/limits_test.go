package faults

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/sunrise"
)

// The README's rate-limit paragraph, one test a sentence, through real
// clients against the fakes. Waits are lower bounds (a limit that holds)
// or generous upper bounds (a limit that is absent): the in-process limiter
// spaces requests evenly, per/n apart.

// timed runs n calls of call one after another and returns how long they
// took.
func timed(t *testing.T, n int, call func() error) time.Duration {
	t.Helper()
	start := time.Now()
	for range n {
		if err := call(); err != nil {
			t.Fatal(err)
		}
	}
	return time.Since(start)
}

func filingsClient(t *testing.T, opts ...conduit.Option) func() error {
	c, err := filings.New(append(fake.Options("filings"), opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return func() error { _, err := c.Submissions(context.Background(), 320193); return err }
}

func sunriseClient(t *testing.T, opts ...conduit.Option) func() error {
	c, err := sunrise.New(append(fake.Options("sunrise"), opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return func() error { _, err := c.Get(context.Background(), 51.48, 0, nil); return err }
}

// "Limits the service publishes are shared per host by every client of the
// process": two filings clients together keep to 10 a second.
func TestPublishedLimitSharedPerHost(t *testing.T) {
	a, b := filingsClient(t), filingsClient(t)
	var wg sync.WaitGroup
	start := time.Now()
	for _, call := range []func() error{a, b} {
		wg.Go(func() { timed(t, 8, call) })
	}
	wg.Wait()
	// 16 requests at 10 a second, evenly spaced: the 16th goes no sooner
	// than 15 intervals after the first.
	if took := time.Since(start); took < 1400*time.Millisecond {
		t.Errorf("16 requests from two clients took %v: the shared limit did not hold", took)
	}
}

// "A client's own WithRateLimit applies to that client …"
func TestOwnLimitPacesItsClient(t *testing.T) {
	if took := timed(t, 3, sunriseClient(t, conduit.WithRateLimit(4, time.Second))); took < 450*time.Millisecond {
		t.Errorf("3 requests at 4 a second took %v", took)
	}
}

// "… and never slows a client that asked for something else."
func TestOwnLimitSlowsNoOtherClient(t *testing.T) {
	slow := sunriseClient(t, conduit.WithRateLimit(2, time.Second))
	done := make(chan struct{})
	go func() {
		defer close(done)
		timed(t, 3, slow) // a second or more, through the same host
	}()
	if took := timed(t, 4, sunriseClient(t)); took > 900*time.Millisecond {
		t.Errorf("4 requests of an unlimited client took %v beside a limited one", took)
	}
	<-done
}

// "WithRateLimit(0, 0) lifts the published limit for that client only."
func TestNoLimitLiftsTheDefaultForThatClientOnly(t *testing.T) {
	if took := timed(t, 15, filingsClient(t, conduit.WithRateLimit(0, 0))); took > 1200*time.Millisecond {
		t.Errorf("15 requests without the limit took %v", took)
	}
	if took := timed(t, 6, filingsClient(t)); took < 450*time.Millisecond {
		t.Errorf("6 requests of a default client took %v: the published limit was lifted for it too", took)
	}
}

// "Clients given the same Limiter value share it."
func TestSharedLimiterValue(t *testing.T) {
	l := conduit.NewLimiter(5, time.Second)
	a, b := sunriseClient(t, conduit.WithLimiter(l)), sunriseClient(t, conduit.WithLimiter(l))
	var wg sync.WaitGroup
	start := time.Now()
	for _, call := range []func() error{a, b} {
		wg.Go(func() { timed(t, 3, call) })
	}
	wg.Wait()
	if took := time.Since(start); took < 900*time.Millisecond {
		t.Errorf("6 requests through one 5-a-second limiter took %v", took)
	}
}
