package testkit

import (
	"testing"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/replay"
)

// Fast makes retries wait a millisecond or a few, not seconds.
var Fast = conduit.WithRetryBackoff(time.Millisecond, 5*time.Millisecond)

// Client builds a client with newClient, the package's New, failing the
// test if it cannot.
func Client[C any](t testing.TB, newClient func(...conduit.Option) (C, error), opts ...conduit.Option) C {
	t.Helper()
	c, err := newClient(opts...)
	if err != nil {
		t.Fatalf("testkit: New: %v", err)
	}
	return c
}

// ReplayServer starts the replay server for the test's lifetime.
func ReplayServer(t testing.TB) *replay.Server {
	t.Helper()
	srv := replay.Start()
	t.Cleanup(srv.Close)
	return srv
}

// Replay starts the replay server for the test and builds pkg's client on
// it with newClient, the package's New, and opts after the server's own.
func Replay[C any](t testing.TB, pkg string, newClient func(...conduit.Option) (C, error), opts ...conduit.Option) C {
	t.Helper()
	return Client(t, newClient, append(ReplayServer(t).Options(pkg), opts...)...)
}

// ReplayEnv starts the replay server and points the CONDUIT_* environment
// at it for the rest of the test, base URLs and credentials both.
func ReplayEnv(t testing.TB) *replay.Server {
	t.Helper()
	srv := ReplayServer(t)
	for k, v := range srv.Env() {
		t.Setenv(k, v)
	}
	return srv
}

// ClearEnv blanks CONDUIT_* variables a test must not inherit from the
// developer's shell.
func ClearEnv(t testing.TB, keys ...string) {
	t.Helper()
	for _, k := range keys {
		t.Setenv(k, "")
	}
}
