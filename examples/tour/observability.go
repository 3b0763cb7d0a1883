package main

import (
	"context"
	"errors"
	"strings"

	"github.com/conduit-sdk/conduit/observability"
)

func init() {
	register("observability", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := observability.New()
		if err != nil {
			return err
		}
		key, err := c.Auth(ctx)
		if err != nil {
			return err
		}
		var can []string
		for _, p := range []string{"events", "markers", "createDatasets", "queries"} {
			if key.APIKeyAccess[p] {
				can = append(can, p)
			}
		}
		say("Auth", "team %s, environment %s, may %s", key.Team.Name, key.Environment.Name, strings.Join(can, ", "))
		datasets, err := c.ListDatasets(ctx)
		if err != nil {
			return err
		}
		names := make([]string, len(datasets))
		for i, d := range datasets {
			names[i] = d.Name
		}
		say("ListDatasets", "%d datasets: %s", len(datasets), strings.Join(names, "; "))
		if len(datasets) == 0 {
			return errors.New("no dataset to send to")
		}
		last := datasets[len(datasets)-1].Name
		if err := c.SendEvent(ctx, last, observability.Event{"route": "/cart", "status": 200, "duration_ms": 41.5}); err != nil {
			return err
		}
		say("SendEvent", "one event ingested into %q", last)
		return nil
	})
}
