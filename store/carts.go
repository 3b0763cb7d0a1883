package store

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	cartsOp     = transport.Declare[[]Cart](service, transport.Op{Name: "Carts", Method: "GET", Path: "/carts"}, nil)
	cartOp      = transport.Declare(service, transport.Op{Name: "Cart", Method: "GET", Path: "/carts/{id}"}, cartFound)
	userCartsOp = transport.Declare[[]Cart](service, transport.Op{Name: "UserCarts", Method: "GET", Path: "/carts/user/{id}"}, nil)
	addCartOp   = transport.Declare(service, transport.Op{Name: "AddCart", Method: "POST", Path: "/carts", Write: true},
		(*Cart).problem)
	updateCartOp = transport.Declare(service, transport.Op{Name: "UpdateCart", Method: "PUT", Path: "/carts/{id}", Write: true},
		(*Cart).problem)
	deleteCartOp = transport.Declare(service, transport.Op{Name: "DeleteCart", Method: "DELETE", Path: "/carts/{id}", Write: true},
		cartFound)
)

// Cart is one shopping cart.
type Cart struct {
	raw    `json:"-"`
	ID     int64 `json:"id"`
	UserID int64 `json:"userId"`
	// Date is when the cart was made, as sent: a timestamp in stored carts
	// ("2020-03-02T00:00:02.000Z"), the submitted day in the echo of
	// AddCart and UpdateCart ("2020-02-03"). Time reads either.
	Date     conduit.Text `json:"date"`
	Products []CartItem   `json:"products"`
}

// Time parses Date: an RFC 3339 timestamp, or a day (midnight UTC).
func (c *Cart) Time() (time.Time, error) {
	s := string(c.Date)
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	d, err := conduit.ParseDate(s)
	if err != nil {
		return time.Time{}, fmt.Errorf("store: cart date %.40q is neither a timestamp nor a day", s)
	}
	return d.In(time.UTC), nil
}

// problem reads the {"status": "error", …} shape of a refused write.
func (c *Cart) problem() *transport.Problem { return statusProblem(c.raw) }

// CartItem is a quantity of one product in a cart.
type CartItem struct {
	ProductID int64 `json:"productId"`
	Quantity  int   `json:"quantity"`
}

// NewCart is the body of AddCart and UpdateCart.
type NewCart struct {
	UserID   int64        `json:"userId"`
	Date     conduit.Date `json:"date"`
	Products []CartItem   `json:"products"`
}

// check refuses a cart without a user, a date or products, or with an item
// that names no product or no positive quantity.
func (n *NewCart) check(op *transport.Op) error {
	switch {
	case n.UserID <= 0:
		return op.Invalid("userId", "%d is not a positive user id", n.UserID)
	case n.Date.IsZero():
		return op.Invalid("date", "is missing")
	case !n.Date.IsValid():
		return op.Invalid("date", "%v is not a day of the calendar", n.Date)
	case len(n.Products) == 0:
		return op.Invalid("products", "is empty")
	}
	for i, it := range n.Products {
		if it.ProductID <= 0 || it.Quantity <= 0 {
			return op.Invalid("products", "item %d: productId %d, quantity %d; both must be positive", i, it.ProductID, it.Quantity)
		}
	}
	return nil
}

// cartFound turns the null answer the service gives an unknown cart id
// into ErrNotFound.
func cartFound(c **Cart) *transport.Problem {
	if *c == nil {
		return &transport.Problem{Kind: errNoRecord, Message: "no cart with this id"}
	}
	return nil
}

// CartsParams are the optional inputs of Carts and UserCarts.
type CartsParams struct {
	ListParams
	// StartDate and EndDate keep the carts made from StartDate to EndDate
	// (startdate, enddate); either may be left zero.
	StartDate, EndDate conduit.Date
}

func (p *CartsParams) query(op *transport.Op) ([]string, error) {
	if p == nil {
		return nil, nil
	}
	q, err := p.ListParams.query(op)
	if err != nil {
		return nil, err
	}
	for _, d := range []struct {
		name string
		date conduit.Date
	}{{"startdate", p.StartDate}, {"enddate", p.EndDate}} {
		if d.date.IsZero() {
			continue
		}
		if !d.date.IsValid() {
			return nil, op.Invalid(d.name, "%v is not a day of the calendar", d.date)
		}
		q = append(q, d.name, d.date.String())
	}
	if !p.StartDate.IsZero() && !p.EndDate.IsZero() && p.EndDate.Before(p.StartDate) {
		return nil, op.Invalid("enddate", "%v is before startdate %v", p.EndDate, p.StartDate)
	}
	return q, nil
}

// Carts returns every cart, or those of a date range, limited and sorted
// as p says.
func (c *Client) Carts(ctx context.Context, p *CartsParams, opts ...Option) ([]Cart, error) {
	q, err := p.query(cartsOp.Op)
	if err != nil {
		return nil, err
	}
	out, err := cartsOp.Do(ctx, c.t, transport.Call{Query: q}, opts)
	if err != nil {
		return nil, err
	}
	return *out, nil
}

// positiveID checks a record id for op.
func positiveID(op *transport.Op, field string, id int64) ([]string, error) {
	if id <= 0 {
		return nil, op.Invalid(field, "%d is not a positive id", id)
	}
	return []string{strconv.FormatInt(id, 10)}, nil
}

// Cart returns the cart with the given id; an unknown id is ErrNotFound.
func (c *Client) Cart(ctx context.Context, id int64, opts ...Option) (*Cart, error) {
	args, err := positiveID(cartOp.Op, "id", id)
	if err != nil {
		return nil, err
	}
	out, err := cartOp.Do(ctx, c.t, transport.Call{Args: args}, opts)
	if err != nil {
		return nil, err
	}
	return *out, nil
}

// UserCarts returns the carts of one user, filtered as p says; a user
// without carts gives an empty slice.
func (c *Client) UserCarts(ctx context.Context, userID int64, p *CartsParams, opts ...Option) ([]Cart, error) {
	args, err := positiveID(userCartsOp.Op, "userId", userID)
	if err != nil {
		return nil, err
	}
	q, err := p.query(userCartsOp.Op)
	if err != nil {
		return nil, err
	}
	out, err := userCartsOp.Do(ctx, c.t, transport.Call{Args: args, Query: q}, opts)
	if err != nil {
		return nil, err
	}
	return *out, nil
}

// AddCart submits a new cart. The service answers with it and a new id but
// stores nothing. It is a write.
func (c *Client) AddCart(ctx context.Context, n NewCart, opts ...Option) (*Cart, error) {
	if err := n.check(addCartOp.Op); err != nil {
		return nil, err
	}
	return addCartOp.Do(ctx, c.t, transport.Call{Body: n}, opts)
}

// UpdateCart replaces cart id (PUT). The service echoes it and stores
// nothing. It is a write.
func (c *Client) UpdateCart(ctx context.Context, id int64, n NewCart, opts ...Option) (*Cart, error) {
	args, err := positiveID(updateCartOp.Op, "id", id)
	if err != nil {
		return nil, err
	}
	if err := n.check(updateCartOp.Op); err != nil {
		return nil, err
	}
	return updateCartOp.Do(ctx, c.t, transport.Call{Args: args, Body: n}, opts)
}

// DeleteCart deletes cart id and returns it as it stood; the service only
// pretends to. An unknown id is ErrNotFound. It is a write.
func (c *Client) DeleteCart(ctx context.Context, id int64, opts ...Option) (*Cart, error) {
	args, err := positiveID(deleteCartOp.Op, "id", id)
	if err != nil {
		return nil, err
	}
	out, err := deleteCartOp.Do(ctx, c.t, transport.Call{Args: args}, opts)
	if err != nil {
		return nil, err
	}
	return *out, nil
}
