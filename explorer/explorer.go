// Package explorer is a client for the public cryptocurrency explorer
// interface: recommended fee rates, the state of the mempool and the latest
// blocks.
//
// Base URL: the placeholder explorer_url, set with conduit.WithBaseURL or
// CONDUIT_EXPLORER_URL. The fees and blocks paths carry their own /v1 segment
// and the mempool path none, so the base URL holds no version. No
// credentials; no published rate limit (conduit.WithRateLimit sets one).
//
//	c, err := explorer.New()
//	if err != nil {
//		return err
//	}
//	fees, err := c.RecommendedFees(ctx)
//	if err != nil {
//		return err
//	}
//	blocks, err := c.Blocks(ctx)
//	if err != nil {
//		return err
//	}
//	fmt.Println(fees.HalfHourFee, "sat/vB; tip", blocks[0].Height, blocks[0].Time())
package explorer

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

var service = &transport.Service{Name: "explorer", Bases: []string{"explorer_url"}}

// Client calls the explorer interface. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// RecommendedFees returns the fee rates (sat/vB) the explorer recommends for
// confirmation within about one block, half an hour and an hour, plus the
// economy and minimum rates.
func (c *Client) RecommendedFees(ctx context.Context) (*Fees, error) {
	var f Fees
	if err := c.get(ctx, "RecommendedFees", "/v1/fees/recommended", &f); err != nil {
		return nil, err
	}
	return &f, nil
}

// Mempool returns the summary of the unconfirmed transactions the explorer's
// node holds, with the fee histogram.
func (c *Client) Mempool(ctx context.Context) (*Mempool, error) {
	var m Mempool
	if err := c.get(ctx, "Mempool", "/mempool", &m); err != nil {
		return nil, err
	}
	return &m, nil
}

// Blocks returns the latest blocks, newest first (the order the service
// sends, kept as is): Blocks(ctx)[0] is the chain tip.
func (c *Client) Blocks(ctx context.Context) ([]Block, error) {
	var b []Block
	if err := c.get(ctx, "Blocks", "/v1/blocks", &b); err != nil {
		return nil, err
	}
	return b, nil
}

func (c *Client) get(ctx context.Context, op, path string, out any) error {
	return c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: path}, out)
}
