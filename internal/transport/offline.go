package transport

import (
	"context"
	"fmt"
	"net"
	"runtime/debug"
	"strings"
)

// modulePath is conduit's module.
const modulePath = "github.com/conduit-sdk/conduit"

// ownTests reports whether this process is a test binary of conduit's own
// module. Every package has a default base URL on the real service, so a
// test that forgets to point a client at a local server would call the
// real one; in conduit's own tests that is always a bug, and the dialer
// refuses it. Users' test binaries are of their own modules, and dial
// wherever they point.
var ownTests = func() bool {
	bi, ok := debug.ReadBuildInfo()
	return ok && strings.HasSuffix(bi.Path, ".test") && bi.Main.Path == modulePath
}()

// errOffline is the dial error in conduit's own tests for a host other
// than loopback.
type errOffline struct{ addr string }

func (e *errOffline) Error() string {
	return fmt.Sprintf("conduit's tests reach only loopback: a request went to %s, which means a client was left on its default base URL", e.addr)
}

// loopbackOnly wraps dial so that it refuses every address but loopback.
func loopbackOnly(dial func(ctx context.Context, network, addr string) (net.Conn, error)) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, err := net.SplitHostPort(addr)
		if err != nil || !isLoopback(host) {
			return nil, &errOffline{addr: addr}
		}
		return dial(ctx, network, addr)
	}
}
