package store

import (
	"context"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	productsOp   = transport.Declare[[]Product](service, transport.Op{Name: "Products", Method: "GET", Path: "/products"}, nil)
	categoriesOp = transport.Declare[[]string](service, transport.Op{Name: "Categories", Method: "GET", Path: "/products/categories"}, nil)
	updateOp     = transport.Declare(service, transport.Op{Name: "UpdateProduct", Method: "PUT", Path: "/products/{id}", Write: true},
		(*UpdatedProduct).problem)
	patchOp = transport.Declare(service, transport.Op{Name: "PatchProduct", Method: "PATCH", Path: "/products/{id}", Write: true},
		(*UpdatedProduct).problem)
	deleteProductOp = transport.Declare(service, transport.Op{Name: "DeleteProduct", Method: "DELETE", Path: "/products/{id}", Write: true},
		productFound)
)

// Sort orders a listing by id.
type Sort string

// The orders the service accepts; it sorts ascending by default.
const (
	Ascending  Sort = "asc"
	Descending Sort = "desc"
)

// ListParams are the optional inputs of Products, Users and, within
// CartsParams, of the cart listings. The service does not page: Limit
// only cuts the list short.
type ListParams struct {
	// Limit caps how many records come back (limit); 0 returns all.
	Limit int
	// Sort orders them by id (sort); empty is the service's ascending
	// order.
	Sort Sort
}

// query checks p for op and returns its query pairs.
func (p *ListParams) query(op *transport.Op) ([]string, error) {
	if p == nil {
		return nil, nil
	}
	var q []string
	switch {
	case p.Limit < 0:
		return nil, op.Invalid("limit", "%d is negative", p.Limit)
	case p.Limit > 0:
		q = append(q, "limit", strconv.Itoa(p.Limit))
	}
	switch p.Sort {
	case "":
	case Ascending, Descending:
		q = append(q, "sort", string(p.Sort))
	default:
		return nil, op.Invalid("sort", "%q is not asc or desc", string(p.Sort))
	}
	return q, nil
}

// Products returns every product, or the first p.Limit in p.Sort order.
func (c *Client) Products(ctx context.Context, p *ListParams, opts ...Option) ([]Product, error) {
	q, err := p.query(productsOp.Op)
	if err != nil {
		return nil, err
	}
	out, err := productsOp.Do(ctx, c.t, transport.Call{Query: q}, opts)
	if err != nil {
		return nil, err
	}
	return *out, nil
}

// Categories returns the names of the product categories, as
// ProductsByCategory takes them.
func (c *Client) Categories(ctx context.Context, opts ...Option) ([]string, error) {
	out, err := categoriesOp.Do(ctx, c.t, transport.Call{}, opts)
	if err != nil {
		return nil, err
	}
	return *out, nil
}

// productID checks a product id for op.
func productID(op *transport.Op, id int64) ([]string, error) {
	if id <= 0 {
		return nil, op.Invalid("id", "%d is not a positive product id", id)
	}
	return []string{strconv.FormatInt(id, 10)}, nil
}

// UpdateProduct replaces product id with f (PUT). Title, price and
// category are required, as for CreateProduct. The service echoes the
// submitted fields with the id and stores nothing. It is a write: retried
// only when the request provably never arrived or was rate-limited.
func (c *Client) UpdateProduct(ctx context.Context, id int64, f ProductFields, opts ...Option) (*UpdatedProduct, error) {
	args, err := productID(updateOp.Op, id)
	if err != nil {
		return nil, err
	}
	switch {
	case strings.TrimSpace(f.Title) == "":
		return nil, updateOp.Invalid("title", "is empty")
	case f.Price.IsZero():
		return nil, updateOp.Invalid("price", "is missing")
	case strings.TrimSpace(f.Category) == "":
		return nil, updateOp.Invalid("category", "is empty")
	}
	if err := f.check(updateOp.Op); err != nil {
		return nil, err
	}
	return updateOp.Do(ctx, c.t, transport.Call{Args: args, Body: f}, opts)
}

// PatchProduct changes the fields of product id that f sets (PATCH); at
// least one must be. The service echoes them with the id and stores
// nothing. It is a write.
func (c *Client) PatchProduct(ctx context.Context, id int64, f ProductFields, opts ...Option) (*UpdatedProduct, error) {
	args, err := productID(patchOp.Op, id)
	if err != nil {
		return nil, err
	}
	if f == (ProductFields{}) {
		return nil, patchOp.Invalid("fields", "none set: nothing to change")
	}
	if err := f.check(patchOp.Op); err != nil {
		return nil, err
	}
	return patchOp.Do(ctx, c.t, transport.Call{Args: args, Body: f}, opts)
}

// DeleteProduct deletes product id and returns it as it stood; the service
// only pretends to, so a later Product call still finds it. An unknown id
// is ErrNotFound. It is a write.
func (c *Client) DeleteProduct(ctx context.Context, id int64, opts ...Option) (*Product, error) {
	args, err := productID(deleteProductOp.Op, id)
	if err != nil {
		return nil, err
	}
	p, err := deleteProductOp.Do(ctx, c.t, transport.Call{Args: args}, opts)
	if err != nil {
		return nil, err
	}
	return *p, nil
}
