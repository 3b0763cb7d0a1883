package media

import (
	"context"
	"iter"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	listImagesOp = transport.Declare(service, transport.Op{Name: "ListImages", Method: "GET", Path: "/v1_1/{cloud}/resources/image"},
		(*ImageList).problem)
	usageOp     = transport.Declare(service, transport.Op{Name: "Usage", Method: "GET", Path: "/v1_1/{cloud}/usage"}, (*Usage).problem)
	listByTagOp = transport.Declare(service, transport.Op{Name: "ListByTag", Method: "GET", Base: deliveryURL,
		Path: "/{cloud}/image/list/{tag}.json"}, (*TagList).problem)
)

// ListImagesParams are the optional inputs of ListImages and AllImages.
type ListImagesParams struct {
	// MaxResults caps the number of assets a page holds (max_results); 0
	// leaves it to the service, a negative value is an error.
	MaxResults int
	// NextCursor asks for the page that a previous page's NextCursor names
	// (next_cursor); empty means the first page.
	NextCursor string
}

// ListImages lists one page of the cloud's image assets through the admin
// interface. Pass the page's NextCursor back in ListImagesParams for the
// next one, or use AllImages.
func (c *Client) ListImages(ctx context.Context, p *ListImagesParams, opts ...Option) (*ImageList, error) {
	var q []string
	if p != nil && p.MaxResults != 0 {
		if p.MaxResults < 0 {
			return nil, listImagesOp.Invalid("max_results", "%d is not positive", p.MaxResults)
		}
		q = []string{"max_results", strconv.Itoa(p.MaxResults)}
	}
	if p != nil && p.NextCursor != "" {
		q = append(q, "next_cursor", p.NextCursor)
	}
	return listImagesOp.Do(ctx, c.t, transport.Call{Args: []string{c.cloud}, Query: q}, opts)
}

// AllImages yields every image asset of the cloud, page after page, each of
// at most p.MaxResults assets and starting at p.NextCursor (nil: the
// service's page size, from the first page). It ends after the page without
// a next_cursor; it stops with the error of a page that fails, and with
// ctx's error once ctx ends. Each page is one ListImages call with opts.
func (c *Client) AllImages(ctx context.Context, p *ListImagesParams, opts ...Option) iter.Seq2[Asset, error] {
	next := ListImagesParams{}
	if p != nil {
		next = *p
	}
	return transport.Pages(ctx, c.t, listImagesOp.Op, next.NextCursor, func(cursor string) ([]Asset, string, error) {
		next.NextCursor = cursor
		l, err := c.ListImages(ctx, &next, opts...)
		if err != nil {
			return nil, "", err
		}
		return l.Resources, l.NextCursor, nil
	})
}

// Usage reports the cloud's account usage through the admin interface.
func (c *Client) Usage(ctx context.Context, opts ...Option) (*Usage, error) {
	return usageOp.Do(ctx, c.t, transport.Call{Args: []string{c.cloud}}, opts)
}

// ListByTag lists the images carrying tag through the public delivery
// interface. It sends no credentials, so it works with none configured; the
// cloud must allow public tag lists, else the service answers with an error.
func (c *Client) ListByTag(ctx context.Context, tag string, opts ...Option) (*TagList, error) {
	if bad := segmentProblem(tag); bad != "" {
		return nil, listByTagOp.Invalid("tag", "%s", bad)
	}
	return listByTagOp.Do(ctx, c.t, transport.Call{Args: []string{c.cloud, tag}}, opts)
}
