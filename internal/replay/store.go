package replay

import (
	"bytes"
	"encoding/json"
	"net/http"
)

func init() {
	Register(Package{
		Name:  "store",
		Bases: []string{"store_url"},
		Routes: []Route{
			{
				// Unknown ids get a literal null with status 200, as the live
				// service answers them.
				Base: "store_url", Method: "GET", Path: "/products/{id}",
				Pick: func(r *http.Request, _ []byte) string {
					if r.PathValue("id") == "1" {
						return "product.json"
					}
					return "product_missing.json"
				},
			},
			{
				// The category arrives path-escaped; PathValue has it decoded,
				// so a client that escaped it wrongly finds no products.
				Base: "store_url", Method: "GET", Path: "/products/category/{category}",
				Pick: func(r *http.Request, _ []byte) string {
					if r.PathValue("category") == "men's clothing" {
						return "products_by_category.json"
					}
					return "products_by_category_empty.json"
				},
			},
			{
				// Creating echoes the submitted fields with a new id and
				// stores nothing.
				Base: "store_url", Method: "POST", Path: "/products",
				Handler: func(w http.ResponseWriter, _ *http.Request, body []byte) {
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
				},
			},
		},
	})
}
