// Package offline keeps conduit's own tests off the network. Every package
// has a default base URL on the real service, so a test that forgets to
// point a client at a local server would call the real one; in conduit's
// tests that is always a bug. The test kit installs LoopbackOnly as the
// shared pool's dialer (transport.GuardDial), so such a call fails at once
// and says why. Only test code imports this package: users' programs and
// users' tests dial wherever they point.
package offline

import (
	"context"
	"fmt"
	"net"
	"strings"
)

// Error is the dial error for a host other than loopback.
type Error struct{ Addr string }

func (e *Error) Error() string {
	return fmt.Sprintf("conduit's tests reach only loopback: a request went to %s, which means a client was left on its default base URL", e.Addr)
}

// LoopbackOnly wraps dial so that it refuses every address but loopback.
func LoopbackOnly(dial func(ctx context.Context, network, addr string) (net.Conn, error)) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, err := net.SplitHostPort(addr)
		if err != nil || !loopback(host) {
			return nil, &Error{Addr: addr}
		}
		return dial(ctx, network, addr)
	}
}

func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
