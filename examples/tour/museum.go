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

		deps, err := c.Departments(ctx)
		if err != nil {
			return err
		}
		say("Departments", "%d departments, first %d %s", len(deps.Departments), deps.Departments[0].DepartmentID, deps.Departments[0].DisplayName)
		all, err := c.Objects(ctx, &museum.ObjectsParams{DepartmentIDs: []int{11}})
		if err != nil {
			return err
		}
		say("Objects", "%d object ids, first %d", all.Total, all.ObjectIDs[0])
		got := 0
		for _, r := range c.FetchObjects(ctx, found.ObjectIDs, nil) {
			if r.Err != nil {
				return r.Err
			}
			got++
		}
		say("FetchObjects", "%d of %d objects fetched at up to %d a second", got, len(found.ObjectIDs), museum.RequestRate)
		return nil
	})
}
