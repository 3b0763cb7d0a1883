package conduittest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
)

func init() {
	fakes["store"] = &fake{answers: map[string]answer{
		// Unknown ids get a literal null with status 200, as the live
		// service answers them.
		"Product": {pick: storeRecord("product.json")},
		// The category arrives path-escaped and is matched decoded, so a
		// client that escaped it wrongly finds no products.
		"ProductsByCategory": {pick: func(r *http.Request, _ []byte) string {
			if r.PathValue("category") == "men's clothing" {
				return "products_by_category.json"
			}
			return "products_by_category_empty.json"
		}},
		"CreateProduct": {handle: storeEcho(21)},
		"Products":      {handle: storeList("products.json")},
		"Categories":    {fixture: "categories.json"},
		"UpdateProduct": {handle: storeEcho(0)},
		"PatchProduct":  {handle: storeEcho(0)},
		"DeleteProduct": {pick: storeRecord("product.json")},
		"Carts": {handle: storeList("carts.json", func(r *http.Request) string {
			if r.URL.Query().Get("startdate") != "" || r.URL.Query().Get("enddate") != "" {
				return "carts_in_range.json"
			}
			return ""
		})},
		"Cart": {pick: storeRecord("cart.json")},
		"UserCarts": {handle: storeList("user_carts.json", func(r *http.Request) string {
			if r.PathValue("id") != "1" {
				return "products_by_category_empty.json" // []
			}
			return ""
		})},
		"AddCart":    {handle: storeEcho(11)},
		"UpdateCart": {handle: storeEcho(0)},
		"DeleteCart": {pick: storeRecord("cart.json")},
		"Users":      {handle: storeList("users.json")},
		"User":       {pick: storeRecord("user.json")},
		"AddUser":    {handle: storeEcho(11)},
		"UpdateUser": {handle: storeEcho(0)},
		"DeleteUser": {pick: storeRecord("user.json")},
		"Login":      {handle: storeLogin},
	}}
}

// storeRecord serves fixture for id 1 and the literal null the service
// sends for any other id.
func storeRecord(fixture string) func(*http.Request, []byte) string {
	return func(r *http.Request, _ []byte) string {
		if r.PathValue("id") == "1" {
			return fixture
		}
		return "product_missing.json"
	}
}

// storeList checks limit and sort as the service reads them and serves
// fixture, or the one pick names.
func storeList(fixture string, pick ...func(*http.Request) string) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, r *http.Request, _ []byte) {
		q := r.URL.Query()
		if v := q.Get("limit"); v != "" {
			if n, err := strconv.Atoi(v); err != nil || n <= 0 {
				writeError(w, http.StatusBadRequest, "bad_limit", "limit must be a positive integer")
				return
			}
		}
		if s := q.Get("sort"); s != "" && s != "asc" && s != "desc" {
			writeError(w, http.StatusBadRequest, "bad_sort", "sort must be asc or desc")
			return
		}
		served := fixture // a pick is this request's alone
		for _, p := range pick {
			if f := p(r); f != "" {
				served = f
			}
		}
		serveFixture(w, "store", served, 0)
	}
}

// storeEcho echoes the submitted fields with an id (the path's, or id when
// not 0) and stores nothing, as the service does.
func storeEcho(id int) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, r *http.Request, body []byte) {
		var p map[string]any
		d := json.NewDecoder(bytes.NewReader(body))
		d.UseNumber() // echo numbers exactly as sent
		if d.Decode(&p) != nil || p == nil {
			writeError(w, http.StatusBadRequest, "bad_body", "the body is not a JSON object")
			return
		}
		p["id"] = id
		if id == 0 {
			p["id"], _ = strconv.Atoi(r.PathValue("id"))
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(p)
	}
}

// storeLogin issues the fixture's token to the documented demo account
// and answers anything else with the service's one line of text.
func storeLogin(w http.ResponseWriter, _ *http.Request, body []byte) {
	var in struct{ Username, Password string }
	if json.Unmarshal(body, &in) != nil || in.Username != "mor_2314" || in.Password != "83r5^_" {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		serveFixture(w, "store", "login_failed.txt", http.StatusUnauthorized)
		return
	}
	serveFixture(w, "store", "login.json", 0)
}
