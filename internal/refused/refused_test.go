//go:build unix

package refused

import (
	"errors"
	"net"
	"syscall"
	"testing"
)

func TestConnectionsAreRefusedAndThePortStaysTaken(t *testing.T) {
	addr, release, err := Port()
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if _, err := net.Dial("tcp", addr); !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("dial %s: %v, want connection refused", addr, err)
	}
	if l, err := net.Listen("tcp", addr); err == nil {
		l.Close()
		t.Errorf("another listener could take %s while it was reserved", addr)
	}
}
