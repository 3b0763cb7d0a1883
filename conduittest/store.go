package conduittest

import (
	"bytes"
	"encoding/json"
	"net/http"
)

func init() {
	fakes["store"] = &fake{answers: map[string]answer{
		// Unknown ids get a literal null with status 200, as the live
		// service answers them.
		"Product": {pick: func(r *http.Request, _ []byte) string {
			if r.PathValue("id") == "1" {
				return "product.json"
			}
			return "product_missing.json"
		}},
		// The category arrives path-escaped and is matched decoded, so a
		// client that escaped it wrongly finds no products.
		"ProductsByCategory": {pick: func(r *http.Request, _ []byte) string {
			if r.PathValue("category") == "men's clothing" {
				return "products_by_category.json"
			}
			return "products_by_category_empty.json"
		}},
		"CreateProduct": {handle: createProduct},
	}}
}

// createProduct echoes the submitted fields with a new id and stores
// nothing, as the service does.
func createProduct(w http.ResponseWriter, _ *http.Request, body []byte) {
	var p map[string]any
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber() // echo the price exactly as sent
	if d.Decode(&p) != nil || p == nil {
		writeError(w, http.StatusBadRequest, "bad_body", "the body is not a JSON object")
		return
	}
	p["id"] = 21
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(p)
}
