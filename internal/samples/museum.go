package samples

import (
	"context"

	"github.com/conduit-sdk/conduit/museum"
)

func init() {
	add("museum", museum.New, []row[*museum.Client]{
		{"Departments", func(ctx context.Context, c *museum.Client) (Answer, error) {
			d, err := c.Departments(ctx)
			return answer(d, func() any { return d.Departments[0].DisplayName }), err
		}},
		{"Objects", func(ctx context.Context, c *museum.Client) (Answer, error) {
			r, err := c.Objects(ctx, &museum.ObjectsParams{DepartmentIDs: []int{11}})
			return answer(r, func() any { return r.Total }), err
		}},
		{"Object", func(ctx context.Context, c *museum.Client) (Answer, error) {
			o, err := c.Object(ctx, 436535)
			return answer(o, func() any { return o.Title }), err
		}},
		{"Search", func(ctx context.Context, c *museum.Client) (Answer, error) {
			r, err := c.Search(ctx, "sunflowers", &museum.SearchParams{HasImages: true})
			return answer(r, func() any { return r.Total }), err
		}},
	})
}
