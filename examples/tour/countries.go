package main

import (
	"context"

	"github.com/conduit-sdk/conduit/countries"
)

func init() {
	register("countries", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := countries.New()
		if err != nil {
			return err
		}
		caps, err := c.Capitals(ctx)
		if err != nil {
			return err
		}
		first := caps.Data[0]
		say("Capitals", "%d countries, first %s (%s/%s) with capital %s", len(caps.Data), first.Name, first.ISO2, first.ISO3, first.Capital)
		cities, err := c.Cities(ctx, "Nigeria")
		if err != nil {
			return err
		}
		say("Cities", "%q: %d names, %s … %s", cities.Msg, len(cities.Data), cities.Data[0], cities.Data[len(cities.Data)-1])
		return nil
	})
}
