package redislimit_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// TestMain runs a child process of the multi-process tests when asked to,
// and otherwise starts the redis-server that the tests and the example
// share (REDIS_ADDR); tests that stop or kill Redis start their own.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		os.Exit(runChild())
	}
	if os.Getenv(bucketChildEnv) != "" {
		os.Exit(runBucketChild())
	}
	srv, err := launchRedis()
	if err != nil {
		fmt.Fprintln(os.Stderr, "redislimit tests:", err)
		os.Exit(1)
	}
	os.Setenv("REDIS_ADDR", srv.addr)
	code := m.Run()
	srv.stop()
	os.Exit(code)
}

// redisServer is a real redis-server on a free loopback port, without
// persistence.
type redisServer struct {
	addr string
	cmd  *exec.Cmd
	out  *lockedBuffer
}

// launchRedis starts redis-server and waits until it answers PING. A
// missing binary is an error in every case (never a skip): in CI it means
// .ci/run did not install it, elsewhere the message says how to.
func launchRedis() (*redisServer, error) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("CI") != "" {
			return nil, errors.New("redis-server is not on PATH in CI: .ci/run must install it (apt-get install -y redis-server)")
		}
		return nil, errors.New("redis-server is not on PATH, and these tests need a real one: " +
			"install it with `sudo apt-get install -y redis-server` (Debian, Ubuntu) or `brew install redis` (macOS)")
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	s := &redisServer{addr: net.JoinHostPort("127.0.0.1", port), out: &lockedBuffer{}}
	s.cmd = exec.Command(bin, "--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	s.cmd.Stdout, s.cmd.Stderr = s.out, s.out
	dieWithTest(s.cmd)
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting redis-server: %w", err)
	}
	rdb := redis.NewClient(&redis.Options{Addr: s.addr, MaxRetries: -1})
	defer rdb.Close()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := rdb.Ping(ctx).Err()
		cancel()
		if err == nil {
			return s, nil
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, fmt.Errorf("redis-server on %s did not answer PING: %v\n%s", s.addr, err, s.out)
		}
	}
}

// startRedis gives a test its own redis-server, stopped when the test ends.
func startRedis(t *testing.T) *redisServer {
	t.Helper()
	s, err := launchRedis()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.stop)
	return s
}

// stop kills the server (SIGKILL, as a crash would) and reaps it; stopping
// one already killed does nothing.
func (s *redisServer) stop() {
	s.cmd.Process.Kill()
	s.cmd.Wait()
}

// freePort asks the kernel for a loopback port that is free now.
func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port), nil
}

// sharedRedis connects to the package's shared server, emptied first so
// that no earlier test (or -count run) has used the budgets this one needs.
func sharedRedis(t *testing.T) *redis.Client {
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR"), ContextTimeoutEnabled: true})
	t.Cleanup(func() { rdb.Close() })
	if err := rdb.FlushDB(t.Context()).Err(); err != nil {
		t.Fatal(err)
	}
	return rdb
}

// lockedBuffer collects a process's output, written and read from
// different goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
