package samples

import (
	"context"

	"github.com/conduit-sdk/conduit/fxopen"
)

func init() {
	add("fxopen", fxopen.New, []row[*fxopen.Client]{
		{"Latest", func(ctx context.Context, c *fxopen.Client) (Answer, error) {
			r, err := c.Latest(ctx, "USD")
			return answer(r, func() any { return r.Rates["EUR"] }), err
		}},
	})
}
