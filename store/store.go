// Package store is a client for the demo store, modelled on the Fake Store
// API: a fake e-commerce backend for prototyping, with products and their
// categories, carts and users, and a login that issues a token.
//
// Base URL: the placeholder store_url, by default the service's own
// https://fakestoreapi.com; set another with conduit.WithBaseURL or
// CONDUIT_STORE_URL. No credentials; the spec publishes no rate limit and no
// bounds for limit, and the service sends no budget headers. The listings
// do not page: limit only cuts them short and sort (asc or desc) orders
// them by id, so there is no iterator.
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
// Writes are simulated: CreateProduct, UpdateProduct, PatchProduct,
// DeleteProduct, AddCart, UpdateCart, DeleteCart, AddUser, UpdateUser and
// DeleteUser answer as if they had acted (an echo with an id, or the
// deleted record) but the service stores and deletes nothing. They are
// still declared as writes, so conduit never sends one twice unless the
// request provably never arrived or was rate-limited: code written against
// the demo behaves the same against a real store. Login changes nothing and
// is retried like a read; its password, and the passwords AddUser and
// UpdateUser send, are kept out of errors and logs, and the token it
// returns prints as store.Session{token}.
//
// Prices are conduit.Decimal values, the exact decimal text the service
// sent: Price.Float64 for display, Price.Rat for arithmetic.
//
// # Failures
//
// The service documents none; its source and users show these.
//
//	service sends                                  conduit reports
//	200 with null or no body for an unknown id     ErrNotFound (also ErrMalformedResponse, as
//	  (a product, cart or user, read or deleted)     before); Message "no product (cart, user)
//	                                                 with this id"
//	200 [] for an unknown category or a user       no error: an empty slice
//	  without carts
//	200 {"status":"error","message":…}             ErrAPI, Code "error", Message from the body
//	404 HTML "Cannot GET …" (an unknown route:     ErrNotFound, no Message (HTML kept out);
//	  usually a wrong base URL)                      Body holds the page
//	401 one line of text (a refused Login)         ErrUnauthorized, Message the text
//	520–524 Cloudflare pages (origin unreachable)  ErrAPI, retried for reads; RequestID the
//	                                                 CF-RAY header
//	no answer (the origin never replies)           the context's deadline, or ErrStalled
//	                                                 after conduit.WithIdleTimeout
//
// Every endpoint the service documents is typed. For anything else, Do
// reaches any path with the same base, retries and errors.
package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// service: the Cloudflare edge in front of the store answers 520 to 524
// when the origin is down or slow, which a later read may get past.
var service = transport.Register(&transport.Service{
	Name:  "store",
	Bases: []transport.Base{{Name: "store_url", Option: "conduit.WithBaseURL", Default: "https://fakestoreapi.com"}},
	Errors: transport.Profile{
		Status: map[int]transport.Meaning{
			520: transport.Transient, 521: transport.Transient, 522: transport.Transient,
			523: transport.Transient, 524: transport.Transient,
		},
	},
})

var (
	productOp    = transport.Declare(service, transport.Op{Name: "Product", Method: "GET", Path: "/products/{id}"}, productFound)
	byCategoryOp = transport.Declare[[]Product](service, transport.Op{Name: "ProductsByCategory", Method: "GET",
		Path: "/products/category/{category}"}, nil)
	createProductOp = transport.Declare(service, transport.Op{Name: "CreateProduct", Method: "POST", Path: "/products", Write: true},
		(*CreatedProduct).problem)
)

// errNoRecord is what an unknown id means: nothing found, in an answer
// that holds no record where the spec promises one.
var errNoRecord = fmt.Errorf("%w: %w", conduit.ErrNotFound, conduit.ErrMalformedResponse)

// productFound turns the null (or empty) answer the service gives an
// unknown id into the error it means.
func productFound(p **Product) *transport.Problem {
	if *p == nil {
		return &transport.Problem{Kind: errNoRecord, Message: "no product with this id"}
	}
	return nil
}

// Do calls any path of the store, for an endpoint this package does not
// type ("/carts/user/2"), with the limits, retries and errors of the typed
// methods; see conduit's documentation of Do. A method other than GET is a
// write.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// Product returns the product with the given id. The service answers an
// unknown id with null or an empty body rather than 404; that is an *Error
// matching both conduit.ErrNotFound and conduit.ErrMalformedResponse,
// never a zero Product.
func (c *Client) Product(ctx context.Context, id int64, opts ...Option) (*Product, error) {
	if id <= 0 {
		return nil, productOp.Invalid("id", "%d is not a positive product id", id)
	}
	p, err := productOp.Do(ctx, c.t, transport.Call{Args: []string{strconv.FormatInt(id, 10)}}, opts)
	if err != nil {
		return nil, err
	}
	return *p, nil
}

// ProductsByCategoryParams are ProductsByCategory's optional inputs.
type ProductsByCategoryParams struct {
	// Limit caps how many products come back; 0 means the service's default.
	Limit int
}

// ProductsByCategory returns the products of one category. The name is sent
// as one escaped path segment, so names such as "men's clothing" are safe.
// An unknown category gives an empty slice, as the service sends [].
func (c *Client) ProductsByCategory(ctx context.Context, category string, p *ProductsByCategoryParams, opts ...Option) ([]Product, error) {
	if p == nil {
		p = &ProductsByCategoryParams{}
	}
	if strings.TrimSpace(category) == "" {
		return nil, byCategoryOp.Invalid("category", "is empty")
	}
	if p.Limit < 0 {
		return nil, byCategoryOp.Invalid("limit", "%d is negative", p.Limit)
	}
	var q []string
	if p.Limit > 0 {
		q = []string{"limit", strconv.Itoa(p.Limit)}
	}
	out, err := byCategoryOp.Do(ctx, c.t, transport.Call{Args: []string{category}, Query: q}, opts)
	if err != nil {
		return nil, err
	}
	return *out, nil
}

// CreateProduct submits a new product. The service answers with the
// submitted fields plus an id but stores nothing: a later Product call for
// that id will not find it. Being a write, it is retried only when the
// request provably never arrived or was rate-limited.
func (c *Client) CreateProduct(ctx context.Context, p NewProduct, opts ...Option) (*CreatedProduct, error) {
	switch {
	case strings.TrimSpace(p.Title) == "":
		return nil, createProductOp.Invalid("title", "is empty")
	case p.Price.IsZero():
		return nil, createProductOp.Invalid("price", "is missing")
	case p.Price.Sign() < 0:
		return nil, createProductOp.Invalid("price", "%s is negative", p.Price)
	case strings.TrimSpace(p.Category) == "":
		return nil, createProductOp.Invalid("category", "is empty")
	}
	return createProductOp.Do(ctx, c.t, transport.Call{Body: p}, opts)
}
