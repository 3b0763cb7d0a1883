package main

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit/fxopen"
)

func init() {
	register("fxopen", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := fxopen.New()
		if err != nil {
			return err
		}
		r, err := c.Latest(ctx, "USD")
		if err != nil {
			return err
		}
		say("Latest", "1 %s = %v EUR = %v JPY, %d rates as of %s (rates by %s)",
			r.BaseCode, r.Rates["EUR"], r.Rates["JPY"], len(r.Rates), r.TimeLastUpdateUnix.Format(time.DateTime), r.Provider)
		return nil
	})
}
