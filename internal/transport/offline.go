package transport

import (
	"context"
	"net"
)

// DialFunc dials a connection, as net.Dialer.DialContext does.
type DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error)

// GuardDial wraps the dialer of the shared connection pool, the one behind
// every client not given its own *http.Client, and turns proxies off so
// that every connection goes through it. Only test binaries call it (the
// test kit installs a dialer that reaches loopback alone): shipped code
// never does, and behaves the same in every binary.
func GuardDial(wrap func(DialFunc) DialFunc) {
	sharedTransport.DialContext = wrap(sharedTransport.DialContext)
	sharedTransport.Proxy = nil
}
