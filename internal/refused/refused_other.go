//go:build !unix

package refused

import "net"

// Port finds a free loopback port; off unix nothing keeps it
// reserved, so another process could take it while the test runs.
func Port() (addr string, release func(), err error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	l.Close()
	return l.Addr().String(), func() {}, nil
}
