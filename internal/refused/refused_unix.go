//go:build unix

package refused

import (
	"fmt"
	"syscall"
)

// Port binds a loopback TCP socket without listening on it: a
// connection to its port is refused, and no other socket can take the port
// until release. (A listener opened and closed again leaves the port free
// for the next test process that asks for one.)
func Port() (addr string, release func(), err error) {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
	if err != nil {
		return "", nil, err
	}
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		syscall.Close(fd)
		return "", nil, err
	}
	sa, err := syscall.Getsockname(fd)
	if err != nil {
		syscall.Close(fd)
		return "", nil, err
	}
	return fmt.Sprintf("127.0.0.1:%d", sa.(*syscall.SockaddrInet4).Port), func() { syscall.Close(fd) }, nil
}
