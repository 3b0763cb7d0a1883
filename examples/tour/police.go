package main

import (
	"context"

	"github.com/conduit-sdk/conduit/police"
)

func init() {
	register("police", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := police.New()
		if err != nil {
			return err
		}
		forces, err := c.Forces(ctx)
		if err != nil {
			return err
		}
		say("Forces", "%d forces, first %s (%s)", len(forces), forces[0].Name, forces[0].ID)
		crimes, err := c.StreetCrimes(ctx, 52.629729, -1.131592, &police.StreetCrimesParams{Month: "2024-01"})
		if err != nil {
			return err
		}
		lat, lng, err := crimes[1].Location.Coordinates()
		if err != nil {
			return err
		}
		say("StreetCrimes", "%d crimes in %s, %s at %.6f,%.6f", len(crimes), crimes[1].Month, crimes[1].Category, lat, lng)
		return nil
	})
}
