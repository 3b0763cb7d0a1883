package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/museum"
)

func init() {
	ops = append(ops,
		row("museum", "Search", museum.New, func(ctx context.Context, c *museum.Client) error {
			return discard(c.Search(ctx, "sunflowers", &museum.SearchParams{HasImages: true}))
		}).rejects("q", func(ctx context.Context, c *museum.Client) error {
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
		row("museum", "Object", museum.New, func(ctx context.Context, c *museum.Client) error {
			return discard(c.Object(ctx, 436535))
		}).rejects("objectID", func(ctx context.Context, c *museum.Client) error {
			return discard(c.Object(ctx, 0))
		}),
		row("museum", "Departments", museum.New, func(ctx context.Context, c *museum.Client) error {
			return discard(c.Departments(ctx))
		}),
		row("museum", "Objects", museum.New, func(ctx context.Context, c *museum.Client) error {
			return discard(c.Objects(ctx, &museum.ObjectsParams{DepartmentIDs: []int{3, 9}}))
		}).rejects("departmentIds", func(ctx context.Context, c *museum.Client) error {
			return discard(c.Objects(ctx, &museum.ObjectsParams{DepartmentIDs: []int{0}}))
		}),
	)
}
