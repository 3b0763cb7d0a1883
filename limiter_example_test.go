package conduit_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/conduit-sdk/conduit"
)

func ExampleNewLimiter() {
	l := conduit.NewLimiter(2, time.Hour)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for i := range 3 {
		err := l.Wait(ctx, "data.sec.gov")
		fmt.Println(i, err == nil, errors.Is(err, context.DeadlineExceeded))
	}
	// Output:
	// 0 true false
	// 1 true false
	// 2 false true
}
