package wstest

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// NoLeaks fails tb when, after the test and its other cleanups, a goroutine
// whose stack mentions any of where (package paths, function names) is
// still running. Register it first, so it runs last: it waits up to Wait
// for goroutines that are on their way out.
func NoLeaks(tb testing.TB, where ...string) {
	tb.Helper()
	tb.Cleanup(func() {
		deadline := time.Now().Add(Wait)
		for {
			left := running(where)
			if left == "" {
				return
			}
			if time.Now().After(deadline) {
				tb.Errorf("goroutines left behind:\n%s", left)
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}

// running returns the stacks of the goroutines, other than the caller's,
// that mention any of where.
func running(where []string) string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	var out []string
	for i, g := range strings.Split(string(buf), "\n\n") {
		if i == 0 {
			continue // this goroutine
		}
		for _, w := range where {
			if strings.Contains(g, w) {
				out = append(out, g)
				break
			}
		}
	}
	return strings.Join(out, "\n\n")
}

// Until polls cond until it holds, failing tb after Wait: a test waits for
// what a client or a fake does on its own goroutine.
func Until(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(Wait)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatalf("waited in vain for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}
