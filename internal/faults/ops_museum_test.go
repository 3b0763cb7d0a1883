package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/museum"
)

func init() {
	notes = append(notes,
		noted("museum", "Search", museum.New).rejects("q", func(ctx context.Context, c *museum.Client) error {
			return discard(c.Search(ctx, "  ", nil))
		}).rejects("dateBegin", func(ctx context.Context, c *museum.Client) error {
			return discard(c.Search(ctx, "sunflowers", &museum.SearchParams{DateBegin: ptr(1700)}))
		}).rejects("dateBegin", func(ctx context.Context, c *museum.Client) error {
			return discard(c.Search(ctx, "sunflowers", &museum.SearchParams{DateBegin: ptr(1900), DateEnd: ptr(1800)}))
		}).rejects("medium", func(ctx context.Context, c *museum.Client) error {
			return discard(c.Search(ctx, "sunflowers", &museum.SearchParams{Medium: []string{"Oil|Canvas"}}))
		}).rejects("departmentId", func(ctx context.Context, c *museum.Client) error {
			return discard(c.Search(ctx, "sunflowers", &museum.SearchParams{DepartmentID: -1}))
		}),
		noted("museum", "Object", museum.New).rejects("objectID", func(ctx context.Context, c *museum.Client) error {
			return discard(c.Object(ctx, 0))
		}),
		noted("museum", "Objects", museum.New).rejects("departmentIds", func(ctx context.Context, c *museum.Client) error {
			return discard(c.Objects(ctx, &museum.ObjectsParams{DepartmentIDs: []int{0}}))
		}),
	)
}
