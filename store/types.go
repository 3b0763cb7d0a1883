package store

import (
	"encoding/json"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Product is one product record. RawJSON returns it as sent, for fields the
// spec does not show.
type Product struct {
	transport.Raw
	ID    int64  `json:"id"`
	Title string `json:"title"`
	// Price is money, so it keeps the exact decimal text rather than a
	// float64 that could round it.
	Price       json.Number `json:"price"`
	Description string      `json:"description"`
	Category    string      `json:"category"`
	Image       string      `json:"image"` // a URL
	Rating      Rating      `json:"rating"`
}

// Rating is the customers' verdict on a product.
type Rating struct {
	Rate  float64 `json:"rate"` // average score, not money: a float is exact enough
	Count int64   `json:"count"`
}

// NewProduct is the body of CreateProduct. Every field is required.
type NewProduct struct {
	Title string `json:"title"`
	// Price must be a non-negative JSON number such as "13.5"; json.Number
	// sends it exactly as written.
	Price    json.Number `json:"price"`
	Category string      `json:"category"`
}

// CreatedProduct is CreateProduct's answer: the submitted fields and the id
// the service made up. Nothing was stored under that id.
type CreatedProduct struct {
	transport.Raw
	ID int64 `json:"id"`
	NewProduct
}

// validPrice reports whether n is an unsigned JSON number with nothing around
// it, so the request body carries exactly n.
func validPrice(n json.Number) bool {
	s := n.String()
	return s != "" && isDigit(s[0]) && isDigit(s[len(s)-1]) && json.Valid([]byte(s))
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }
