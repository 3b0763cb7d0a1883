package media

import (
	"context"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// ListImagesParams are ListImages's optional inputs.
type ListImagesParams struct {
	// MaxResults caps the number of assets returned (max_results); 0 leaves
	// it to the service, a negative value is an error.
	MaxResults int
}

// ListImages lists the cloud's image assets through the admin interface.
func (c *Client) ListImages(ctx context.Context, p *ListImagesParams) (*ImageList, error) {
	const op = "ListImages"
	var q []string
	if p != nil && p.MaxResults != 0 {
		if p.MaxResults < 0 {
			return nil, c.t.InvalidParam(op, "max_results", "%d is not positive", p.MaxResults)
		}
		q = []string{"max_results", strconv.Itoa(p.MaxResults)}
	}
	var l ImageList
	req := &transport.Request{Op: op, Method: "GET", Path: "/v1_1/{cloud}/resources/image", Args: []string{c.cloud}, Query: q}
	if err := c.t.Do(ctx, req, &l); err != nil {
		return nil, err
	}
	return &l, nil
}

// Usage reports the cloud's account usage through the admin interface.
func (c *Client) Usage(ctx context.Context) (*Usage, error) {
	var u Usage
	req := &transport.Request{Op: "Usage", Method: "GET", Path: "/v1_1/{cloud}/usage", Args: []string{c.cloud}}
	if err := c.t.Do(ctx, req, &u); err != nil {
		return nil, err
	}
	return &u, nil
}

// ListByTag lists the images carrying tag through the public delivery
// interface. It sends no credentials, so it works with none configured; the
// cloud must allow public tag lists, else the service answers with an error.
func (c *Client) ListByTag(ctx context.Context, tag string) (*TagList, error) {
	const op = "ListByTag"
	if bad := segmentProblem(tag); bad != "" {
		return nil, c.t.InvalidParam(op, "tag", "%s", bad)
	}
	var l TagList
	req := &transport.Request{
		Op: op, Method: "GET", Base: deliveryURL,
		Path: "/{cloud}/image/list/{tag}.json", Args: []string{c.cloud, tag},
		Auth: &transport.Auth{Scheme: transport.None},
	}
	if err := c.t.Do(ctx, req, &l); err != nil {
		return nil, err
	}
	return &l, nil
}
