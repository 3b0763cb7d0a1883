package conduit_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/conduit-sdk/conduit"
)

// A limiter of 2 an hour spaces its requests half an hour apart: the
// first goes at once, and a second that may wait only a minute fails at
// once, without waiting, with context.DeadlineExceeded. Another key (host)
// has a budget of its own.
func ExampleNewLimiter() {
	l := conduit.NewLimiter(2, time.Hour)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for i, host := range []string{"data.sec.gov", "data.sec.gov", "graphql.anilist.co"} {
		err := l.Wait(ctx, host)
		fmt.Println(i, host, err == nil, errors.Is(err, context.DeadlineExceeded))
	}
	// Output:
	// 0 data.sec.gov true false
	// 1 data.sec.gov false true
	// 2 graphql.anilist.co true false
}
