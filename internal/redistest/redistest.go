// Package redistest starts real redis-servers for the tests of the modules
// that keep their state in Redis (redislimit, rediscache): one shared by a
// test binary, or one a test has to itself to stall or kill. It speaks to
// the server over plain TCP, so that conduit's own module needs no Redis
// client.
package redistest

import (
	"bufio"
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
)

// Server is a redis-server on a free loopback port, without persistence.
type Server struct {
	Addr string
	Cmd  *exec.Cmd // to signal it: SIGSTOP stalls it as a hung server
	out  Output
}

// Launch starts a server and waits until it answers PING. A missing binary
// is an error in every case, never a skip: in CI it means .ci/run did not
// install it, elsewhere the message says how to.
func Launch() (*Server, error) {
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
	s := &Server{Addr: net.JoinHostPort("127.0.0.1", port)}
	s.Cmd = exec.Command(bin, "--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	s.Cmd.Stdout, s.Cmd.Stderr = &s.out, &s.out
	DieWithTest(s.Cmd)
	if err := s.Cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting redis-server: %w", err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		err := ping(s.Addr)
		if err == nil {
			return s, nil
		}
		if time.Now().After(deadline) {
			s.Stop()
			return nil, fmt.Errorf("redis-server on %s did not answer PING: %v\n%s", s.Addr, err, s.out.String())
		}
	}
}

// Start gives a test its own server, stopped when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s, err := Launch()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	return s
}

// Main runs a test binary's tests with a shared server, whose address is
// in REDIS_ADDR, and returns their exit code; name says whose tests failed
// to start.
func Main(m *testing.M, name string) int {
	s, err := Launch()
	if err != nil {
		fmt.Fprintln(os.Stderr, name+" tests:", err)
		return 1
	}
	defer s.Stop()
	os.Setenv("REDIS_ADDR", s.Addr)
	return m.Run()
}

// Stop kills the server (SIGKILL, as a crash would) and reaps it; stopping
// one already killed does nothing.
func (s *Server) Stop() {
	s.Cmd.Process.Kill()
	s.Cmd.Wait()
}

// ping sends PING in the protocol's inline form and wants PONG back.
func ping(addr string) error {
	conn, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(time.Second))
	if _, err := conn.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		return err
	}
	if strings.TrimSpace(line) != "+PONG" {
		return fmt.Errorf("answered %q", line)
	}
	return nil
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

// Output collects a process's output, written and read from
// different goroutines.
type Output struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *Output) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *Output) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
