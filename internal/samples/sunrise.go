package samples

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/sunrise"
)

func init() {
	add("sunrise", sunrise.New, []row[*sunrise.Client]{
		{"Get", func(ctx context.Context, c *sunrise.Client) (Answer, error) {
			d, err := c.Get(ctx, 51.4779, -0.0015, &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: time.June, Day: 21}})
			return answer(d, func() any { return d.Results.Sunrise }), err
		}},
	})
}
