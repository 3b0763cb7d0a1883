package store

import (
	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Product is one product record. RawJSON returns it as sent, for fields the
// spec does not show.
type Product struct {
	raw
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
	raw
	ID int64 `json:"id"`
	NewProduct
}

// problem reads the {"status": "error", "message": …} shape the service's
// write handlers keep for a request they cannot use, should it arrive with
// status 200.
func (p *CreatedProduct) problem() *transport.Problem {
	var echo struct {
		Status  string `json:"status"`
		Message string `json:"message"`
	}
	if p.Decode(&echo) != nil || echo.Status != "error" {
		return nil
	}
	return &transport.Problem{Code: echo.Status, Message: echo.Message}
}
