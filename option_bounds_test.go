package conduit_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/sunrise"
)

// A bounded option below its bound fails New naming the option and the
// bound it broke; at the bound it is accepted.
func TestBoundedOptions(t *testing.T) {
	for _, c := range []struct {
		opt  conduit.Option
		want string // "" when New accepts it
	}{
		{conduit.WithMaxRetries(-1), "conduit.WithMaxRetries: -1 is negative"},
		{conduit.WithMaxRetries(0), ""},
		{conduit.WithMaxRetryWait(-time.Second), "conduit.WithMaxRetryWait: -1s is negative"},
		{conduit.WithMaxResponseBytes(0), "conduit.WithMaxResponseBytes: 0 is not positive"},
		{conduit.WithMaxResponseBytes(1), ""},
		{conduit.WithBodyTimeout(-time.Millisecond), "conduit.WithBodyTimeout: -1ms is negative"},
		{conduit.WithIdleTimeout(-time.Minute), "conduit.WithIdleTimeout: -1m0s is negative"},
		{conduit.WithIdleTimeout(0), ""},
	} {
		_, err := sunrise.New(c.opt)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("New refused an option at its bound: %v", err)
		case c.want != "" && (!errors.Is(err, conduit.ErrInvalidParam) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("New: got %v, want ErrInvalidParam saying %q", err, c.want)
		}
	}
}
