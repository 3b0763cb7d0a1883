package main

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/sunrise"
)

func init() {
	register("sunrise", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := sunrise.New()
		if err != nil {
			return err
		}
		day, err := c.Get(ctx, 51.4779, -0.0015, &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: time.June, Day: 21}})
		if err != nil {
			return err
		}
		say("Get", "sunrise %s, sunset %s, day length %s",
			day.Results.Sunrise.Format("15:04 MST"), day.Results.Sunset.Format("15:04 MST"), day.Results.DayLength)
		// Without formatted=0 the service writes times as 12-hour clocks.
		const clock = "7:27:02 PM"
		since, err := sunrise.ParseClock(clock)
		if err != nil {
			return err
		}
		say("ParseClock", "%q is %s after midnight", clock, since)
		return nil
	})
}
