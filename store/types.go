package store

import (
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Product is one product record. RawJSON returns it as sent, for fields the
// spec does not show.
type Product struct {
	raw   `json:"-"`
	ID    int64  `json:"id"`
	Title string `json:"title"`
	// Price is money, so it keeps the exact decimal text rather than a
	// float64 that could round it.
	Price       conduit.Decimal `json:"price"`
	Description string          `json:"description"`
	Category    string          `json:"category"`
	Image       string          `json:"image"` // a URL
	Rating      Rating          `json:"rating"`
}

// Rating is the customers' verdict on a product.
type Rating struct {
	Rate  float64 `json:"rate"` // average score, not money: a float is exact enough
	Count int64   `json:"count"`
}

// NewProduct is the body of CreateProduct. Every field is required.
type NewProduct struct {
	Title string `json:"title"`
	// Price must be present and not negative; it is sent as the exact
	// number it holds (conduit.ParseDecimal("13.50") is sent as 13.50).
	Price    conduit.Decimal `json:"price"`
	Category string          `json:"category"`
}

// CreatedProduct is CreateProduct's answer: the submitted fields and the id
// the service made up. Nothing was stored under that id.
type CreatedProduct struct {
	raw `json:"-"`
	ID  int64 `json:"id"`
	NewProduct
}

// problem reads the {"status": "error", "message": …} shape the service's
// write handlers keep for a request they cannot use, should it arrive with
// status 200.
func (p *CreatedProduct) problem() *transport.Problem { return statusProblem(p.raw) }

// statusProblem reads {"status": "error", "message": …} from the answer of
// a write, which the service's write handlers send for a request they
// cannot use, or returns nil.
func statusProblem(r raw) *transport.Problem {
	var echo struct {
		Status  string `json:"status"`
		Message string `json:"message"`
	}
	if r.Decode(&echo) != nil || echo.Status != "error" {
		return nil
	}
	return &transport.Problem{Code: echo.Status, Message: echo.Message}
}

// ProductFields is the body of UpdateProduct and PatchProduct: the fields
// of a product a caller may set. Zero fields are not sent.
type ProductFields struct {
	Title string `json:"title,omitempty"`
	// Price is sent as the exact number it holds; it may not be negative.
	Price       conduit.Decimal `json:"price,omitzero"`
	Description string          `json:"description,omitempty"`
	Image       string          `json:"image,omitempty"` // a URL
	Category    string          `json:"category,omitempty"`
}

// check refuses a negative price and an image that is not an http(s) URL.
func (f ProductFields) check(op *transport.Op) error {
	if f.Price.Sign() < 0 {
		return op.Invalid("price", "%s is negative", f.Price)
	}
	if f.Image != "" && !strings.HasPrefix(f.Image, "https://") && !strings.HasPrefix(f.Image, "http://") {
		return op.Invalid("image", "%.40q is not an http or https URL", f.Image)
	}
	return nil
}

// UpdatedProduct is the answer of UpdateProduct and PatchProduct: the
// submitted fields and the id. Nothing was stored.
type UpdatedProduct struct {
	raw `json:"-"`
	ID  int64 `json:"id"`
	ProductFields
}

// problem reads the {"status": "error", …} shape, as CreatedProduct's.
func (p *UpdatedProduct) problem() *transport.Problem { return statusProblem(p.raw) }
