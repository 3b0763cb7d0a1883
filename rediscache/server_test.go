package rediscache_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// TestMain runs a child process of the multi-process test when asked to,
// and otherwise starts the redis-server the tests share (REDIS_ADDR).
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		os.Exit(runChild())
	}
	stop, addr, err := launchRedis()
	if err != nil {
		fmt.Fprintln(os.Stderr, "rediscache tests:", err)
		os.Exit(1)
	}
	os.Setenv("REDIS_ADDR", addr)
	code := m.Run()
	stop()
	os.Exit(code)
}

// launchRedis starts a real redis-server on a free loopback port, without
// persistence, and waits until it answers PING. A missing binary fails the
// tests (never a skip), saying how to install one.
func launchRedis() (stop func(), addr string, err error) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return nil, "", errors.New("redis-server is not on PATH, and these tests need a real one: " +
			"install it with `apt-get install -y redis-server` (Debian, Ubuntu) or `brew install redis` (macOS)")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", err
	}
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	ln.Close()
	cmd := exec.Command(bin, "--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	if err := cmd.Start(); err != nil {
		return nil, "", fmt.Errorf("starting redis-server: %w", err)
	}
	stop = func() {
		cmd.Process.Kill()
		cmd.Wait()
	}
	addr = net.JoinHostPort("127.0.0.1", port)
	rdb := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1})
	defer rdb.Close()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := rdb.Ping(ctx).Err()
		cancel()
		if err == nil {
			return stop, addr, nil
		}
		if time.Now().After(deadline) {
			stop()
			return nil, "", fmt.Errorf("redis-server on %s did not answer PING: %v", addr, err)
		}
	}
}

// sharedRedis connects to the tests' server, emptied first.
func sharedRedis(t *testing.T) *redis.Client {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	t.Cleanup(func() { rdb.Close() })
	if err := rdb.FlushDB(t.Context()).Err(); err != nil {
		t.Fatal(err)
	}
	return rdb
}
