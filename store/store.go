// Package store is a client for the demo store: a fake e-commerce backend
// for prototyping, whose products can be read by id or by category and whose
// writes are simulated.
//
// Base URL: the placeholder store_url, set with conduit.WithBaseURL or
// CONDUIT_STORE_URL. No credentials; the spec publishes no rate limit and no
// bounds for limit.
//
//	c, err := store.New()
//	if err != nil {
//		return err
//	}
//	shirts, err := c.ProductsByCategory(ctx, "men's clothing", &store.ProductsByCategoryParams{Limit: 5})
//	if err != nil {
//		return err
//	}
//	for _, p := range shirts {
//		fmt.Println(p.ID, p.Title, p.Price)
//	}
//
// Prices are kept as the exact decimal text the service sent (json.Number):
// use Price.Float64 for display or big.Rat for arithmetic. CreateProduct only
// echoes the submitted fields with a new id; the service stores nothing.
package store

import (
	"context"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

var service = &transport.Service{Name: "store", Bases: []string{"store_url"}}

// Client calls the demo store. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// Product returns the product with the given id. The service answers an
// unknown id with an empty body or null rather than 404; that is an *Error
// wrapping conduit.ErrMalformedResponse, never a zero Product.
func (c *Client) Product(ctx context.Context, id int64) (*Product, error) {
	const op = "Product"
	if id <= 0 {
		return nil, c.t.InvalidParam(op, "id", "%d is not a positive product id", id)
	}
	req := &transport.Request{Op: op, Method: "GET", Path: "/products/{id}", Args: []string{strconv.FormatInt(id, 10)}}
	var p Product
	if err := c.t.Do(ctx, req, &p); err != nil {
		return nil, err
	}
	if len(p.RawJSON()) == 0 {
		// The core hands back a 204 answer as success with nothing decoded.
		return nil, &Error{Service: c.t.Service(), Op: op, Endpoint: req.Endpoint(), StatusCode: 204,
			Message: "no product in the response", Err: conduit.ErrMalformedResponse}
	}
	return &p, nil
}

// ProductsByCategoryParams are ProductsByCategory's optional inputs.
type ProductsByCategoryParams struct {
	// Limit caps how many products come back; 0 means the service's default.
	Limit int
}

// ProductsByCategory returns the products of one category. The name is sent
// as one escaped path segment, so names such as "men's clothing" are safe.
// An unknown category gives an empty slice, as the service sends [].
func (c *Client) ProductsByCategory(ctx context.Context, category string, p *ProductsByCategoryParams) ([]Product, error) {
	const op = "ProductsByCategory"
	if p == nil {
		p = &ProductsByCategoryParams{}
	}
	if strings.TrimSpace(category) == "" {
		return nil, c.t.InvalidParam(op, "category", "is empty")
	}
	if p.Limit < 0 {
		return nil, c.t.InvalidParam(op, "limit", "%d is negative", p.Limit)
	}
	var q []string
	if p.Limit > 0 {
		q = []string{"limit", strconv.Itoa(p.Limit)}
	}
	var out []Product
	err := c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: "/products/category/{category}", Args: []string{category}, Query: q}, &out)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// CreateProduct submits a new product. The service answers with the
// submitted fields plus an id but stores nothing: a later Product call for
// that id will not find it. Being a write, it is retried only when the
// request provably never arrived or was rate-limited.
func (c *Client) CreateProduct(ctx context.Context, p NewProduct) (*CreatedProduct, error) {
	const op = "CreateProduct"
	switch {
	case strings.TrimSpace(p.Title) == "":
		return nil, c.t.InvalidParam(op, "title", "is empty")
	case !validPrice(p.Price):
		return nil, c.t.InvalidParam(op, "price", "%q is not a non-negative JSON number", p.Price.String())
	case strings.TrimSpace(p.Category) == "":
		return nil, c.t.InvalidParam(op, "category", "is empty")
	}
	var out CreatedProduct
	if err := c.t.Do(ctx, &transport.Request{Op: op, Method: "POST", Path: "/products", Body: p, Write: true}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
