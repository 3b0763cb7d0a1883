package redislimit_test

import (
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"sync"
	"syscall"
	"time"
)

// On Linux the counting server takes each request's arrival time from the
// kernel (SO_TIMESTAMPNS: when the bytes reached the socket), not from
// when its handler ran: a test process that the scheduler holds back for
// some tens of milliseconds would otherwise record one window's requests
// late and squeeze them against the next window's.

// stampedListener accepts stampedConns. Receive timestamps are turned on
// on the listening socket, before any connection exists, so that the
// connections it accepts inherit them and even a request that arrives
// before Accept returns carries its time.
type stampedListener struct{ net.Listener }

func arrivalListener(ln net.Listener) net.Listener {
	raw, err := ln.(*net.TCPListener).SyscallConn()
	if err != nil {
		panic(err)
	}
	var serr error
	if err := raw.Control(func(fd uintptr) {
		serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_TIMESTAMPNS, 1)
	}); err != nil || serr != nil {
		panic(fmt.Sprint("SO_TIMESTAMPNS: ", err, serr))
	}
	return stampedListener{ln}
}

func (l stampedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	tc := c.(*net.TCPConn)
	raw, err := tc.SyscallConn()
	if err != nil {
		return nil, err
	}
	return &stampedConn{TCPConn: tc, raw: raw}, nil
}

// stampedConn remembers the kernel's receive time of the last bytes read.
type stampedConn struct {
	*net.TCPConn
	raw  syscall.RawConn
	mu   sync.Mutex
	last time.Time
}

func (c *stampedConn) Read(p []byte) (int, error) {
	oob := make([]byte, syscall.CmsgSpace(16))
	var n, oobn int
	var rerr error
	if err := c.raw.Read(func(fd uintptr) bool {
		// A signal (the runtime preempts goroutines with one) can
		// interrupt the call; the data is still there, so ask again,
		// or the server would answer the broken read with a 400.
		for {
			n, oobn, _, _, rerr = syscall.Recvmsg(int(fd), p, oob, 0)
			if rerr != syscall.EINTR {
				return rerr != syscall.EAGAIN
			}
		}
	}); err != nil {
		return 0, err
	}
	if rerr != nil {
		return 0, rerr
	}
	if n == 0 {
		return 0, io.EOF
	}
	msgs, err := syscall.ParseSocketControlMessage(oob[:oobn])
	if err != nil {
		return 0, err
	}
	for _, m := range msgs {
		if m.Header.Level == syscall.SOL_SOCKET && m.Header.Type == syscall.SCM_TIMESTAMPNS && len(m.Data) >= 16 {
			sec := int64(binary.NativeEndian.Uint64(m.Data[0:8]))
			nsec := int64(binary.NativeEndian.Uint64(m.Data[8:16]))
			c.mu.Lock()
			c.last = time.Unix(sec, nsec)
			c.mu.Unlock()
			return n, nil
		}
	}
	// Bytes without a stamp are still the request: failing the read would
	// make the server answer 400. Now, a little after the true arrival, is
	// the fallback.
	c.mu.Lock()
	c.last = time.Now()
	c.mu.Unlock()
	return n, nil
}

// arrivedAt is when the request being served on c reached its socket.
func arrivedAt(c net.Conn) time.Time {
	s := c.(*stampedConn)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}
