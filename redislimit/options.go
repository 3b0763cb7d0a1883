package redislimit

import (
	"fmt"
	"time"
)

// Option configures New.
type Option func(*config) error

type config struct {
	prefix   string
	timeout  time.Duration
	replicas int
	report   func(key string, err error)
}

// WithKeyPrefix sets what every Redis key starts with (default
// "conduit:limit:"), to keep several applications on one Redis apart.
func WithKeyPrefix(p string) Option {
	return func(c *config) error {
		c.prefix = p
		return nil
	}
}

// WithTimeout bounds each Redis call (default 250ms): past it, Wait treats
// Redis as down and falls back, so a slow Redis costs a request at most this
// much once per second rather than stalling every request.
func WithTimeout(d time.Duration) Option {
	return func(c *config) error {
		if d <= 0 {
			return fmt.Errorf("redislimit: timeout must be positive, got %v", d)
		}
		c.timeout = d
		return nil
	}
}

// WithReplicas tells how many processes share the budget (default 1), so
// that while Redis is unreachable each keeps to n/replicas per window and
// together they still keep to n.
func WithReplicas(r int) Option {
	return func(c *config) error {
		if r <= 0 {
			return fmt.Errorf("redislimit: replicas must be positive, got %d", r)
		}
		c.replicas = r
		return nil
	}
}

// WithFallbackReport calls f with the key and the error each time a Redis
// call fails and the limiter falls back to its in-process limit (at most
// about once a second while Redis stays down), so the switch can be logged
// or counted. f runs on the waiting caller's goroutine and should return
// quickly.
func WithFallbackReport(f func(key string, err error)) Option {
	return func(c *config) error {
		c.report = f
		return nil
	}
}
