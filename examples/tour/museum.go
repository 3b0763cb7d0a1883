package main

import (
	"context"

	"github.com/conduit-sdk/conduit/museum"
)

func init() {
	register("museum", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := museum.New()
		if err != nil {
			return err
		}
		found, err := c.Search(ctx, "sunflowers", &museum.SearchParams{HasImages: true})
		if err != nil {
			return err
		}
		say("Search", "%d objects, first id %d", found.Total, found.ObjectIDs[0])
		o, err := c.Object(ctx, 436535)
		if err != nil {
			return err
		}
		say("Object", "%q, %s, accessioned %s", o.Title, o.Department, o.AccessionYear)
		return nil
	})
}
