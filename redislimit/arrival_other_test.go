//go:build !linux

package redislimit_test

import (
	"net"
	"time"
)

// Elsewhere the counting server takes a request's arrival time when its
// handler runs (see arrival_linux_test.go for why Linux does better).

func arrivalListener(ln net.Listener) net.Listener { return ln }

func arrivedAt(net.Conn) time.Time { return time.Now() }
