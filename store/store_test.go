package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/store"
)

// fixtures is the replay server every replay-backed test of the package
// shares; it holds no state between requests.
var fixtures *replay.Server

func TestMain(m *testing.M) {
	fixtures = replay.Start()
	code := m.Run()
	fixtures.Close()
	os.Exit(code)
}

func replayClient(t *testing.T) *store.Client {
	c, err := store.New(fixtures.Options("store")...)
	require.NoError(t, err)
	return c
}

// seen is what a stub server recorded of the last request.
type seen struct {
	method, path, query, ctype, auth, accept string
	body                                     []byte
	hits                                     atomic.Int32
}

// stub answers every request with status and body, recording it in s.
func stub(t *testing.T, s *seen, status int, ctype, body string) *store.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		s.method, s.path, s.query = r.Method, r.URL.EscapedPath(), r.URL.RawQuery
		s.ctype, s.auth, s.accept = r.Header.Get("Content-Type"), r.Header.Get("Authorization"), r.Header.Get("Accept")
		s.body, _ = io.ReadAll(r.Body)
		if ctype != "" {
			w.Header().Set("Content-Type", ctype)
		}
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	c, err := store.New(conduit.WithBaseURL(srv.URL), conduit.WithRetryBackoff(time.Millisecond, 5*time.Millisecond))
	require.NoError(t, err)
	return c
}

func TestProduct(t *testing.T) {
	p, err := replayClient(t).Product(context.Background(), 1)
	require.NoError(t, err)
	assert.Equal(t, int64(1), p.ID)
	assert.Equal(t, "109.95", p.Price.String(), "the price keeps its exact decimal text")
	assert.Equal(t, "men's clothing", p.Category)
	assert.Equal(t, store.Rating{Rate: 3.9, Count: 120}, p.Rating)
	var extra struct {
		SKU   string `json:"sku"`
		Stock struct {
			Units int `json:"units"`
		} `json:"stock"`
	}
	require.NoError(t, p.Decode(&extra))
	assert.Equal(t, "TH-20L-OLV", extra.SKU, "fields the spec does not show stay reachable")
	assert.Equal(t, 42, extra.Stock.Units)
	golden.JSON(t, "store", "product", p)
}

func TestProductUnknownIDIsAnError(t *testing.T) {
	p, err := replayClient(t).Product(context.Background(), 999)
	assert.Nil(t, p)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse)
}

// The service answers unknown ids without a record; none of these may come
// back as a zero Product.
func TestProductWithoutRecord(t *testing.T) {
	for name, tc := range map[string]struct {
		status int
		body   string
	}{
		"empty 200": {200, ""},
		"null":      {200, "null"},
		"spaces":    {200, " \n "},
		"204":       {204, ""},
	} {
		t.Run(name, func(t *testing.T) {
			var s seen
			p, err := stub(t, &s, tc.status, "application/json", tc.body).Product(context.Background(), 55)
			assert.Nil(t, p)
			var e *store.Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, conduit.ErrMalformedResponse)
			assert.Equal(t, "Product", e.Op)
			assert.Equal(t, "GET /products/{id}", e.Endpoint)
		})
	}
}

func TestProductRequestShape(t *testing.T) {
	var s seen
	_, err := stub(t, &s, 200, "application/json", `{"id":9007199254740993,"title":"x","price":1}`).Product(context.Background(), 9007199254740993)
	require.NoError(t, err)
	assert.Equal(t, "GET", s.method)
	assert.Equal(t, "/products/9007199254740993", s.path, "ids beyond 2^53 are sent exactly")
	assert.Empty(t, s.query)
	assert.Empty(t, s.body)
	assert.Equal(t, "application/json", s.accept)
	assert.Empty(t, s.auth, "the store takes no credentials")
}

func TestProductsByCategory(t *testing.T) {
	c := replayClient(t)
	ps, err := c.ProductsByCategory(context.Background(), "men's clothing", &store.ProductsByCategoryParams{Limit: 3})
	require.NoError(t, err)
	require.Len(t, ps, 3)
	assert.Equal(t, "Slim-fit crew T-shirt, heather grey", ps[1].Title)
	assert.Equal(t, "22.3", ps[1].Price.String())
	assert.Equal(t, int64(500), ps[2].Rating.Count)
	assert.Contains(t, string(ps[2].RawJSON()), `"discontinued"`, "each element keeps its own raw bytes")
	golden.JSON(t, "store", "products_by_category", ps)

	none, err := c.ProductsByCategory(context.Background(), "garden gnomes", nil)
	require.NoError(t, err, "an unknown category is an empty list, not an error")
	assert.Empty(t, none)
}

func TestProductsByCategoryRequestShape(t *testing.T) {
	cases := []struct {
		category string
		p        *store.ProductsByCategoryParams
		path     string
		query    string
	}{
		{"men's clothing", &store.ProductsByCategoryParams{Limit: 5}, "/products/category/men%27s%20clothing", "limit=5"},
		{"women's clothing", nil, "/products/category/women%27s%20clothing", ""},
		{"audio/video", &store.ProductsByCategoryParams{}, "/products/category/audio%2Fvideo", ""},
		{"..", nil, "/products/category/%2E%2E", ""},
		{"jewelery", &store.ProductsByCategoryParams{Limit: 1}, "/products/category/jewelery", "limit=1"},
	}
	for _, tc := range cases {
		var s seen
		_, err := stub(t, &s, 200, "application/json", `[]`).ProductsByCategory(context.Background(), tc.category, tc.p)
		require.NoError(t, err, tc.category)
		assert.Equal(t, "GET", s.method)
		assert.Equal(t, tc.path, s.path, "the category is one escaped segment")
		assert.Equal(t, tc.query, s.query)
	}
}

func TestCreateProduct(t *testing.T) {
	in := store.NewProduct{Title: "Linen camp-collar shirt", Price: "39.90", Category: "men's clothing"}
	got, err := replayClient(t).CreateProduct(context.Background(), in)
	require.NoError(t, err)
	assert.Equal(t, int64(21), got.ID)
	assert.Equal(t, in, got.NewProduct, "the service echoes the submitted fields")
	assert.JSONEq(t, `{"category":"men's clothing","id":21,"price":39.90,"title":"Linen camp-collar shirt"}`, string(got.RawJSON()))
	golden.JSON(t, "store", "create_product", got)
}

func TestCreateProductRequestShape(t *testing.T) {
	var s seen
	c := stub(t, &s, 200, "application/json", `{"id":21,"title":"Mug","price":7.5,"category":"kitchen"}`)
	_, err := c.CreateProduct(context.Background(), store.NewProduct{Title: "Mug", Price: "7.50", Category: "kitchen"})
	require.NoError(t, err)
	assert.Equal(t, "POST", s.method)
	assert.Equal(t, "/products", s.path)
	assert.Equal(t, "application/json", s.ctype)
	assert.Equal(t, `{"title":"Mug","price":7.50,"category":"kitchen"}`, string(s.body), "the price is sent exactly as written")
	assert.Empty(t, s.auth)
}

// CreateProduct is a write: a 503 may have been acted on, so it is not
// retried; the same answer to a read is.
func TestCreateProductIsNotRetried(t *testing.T) {
	var s seen
	c := stub(t, &s, 503, "text/plain", "busy")
	_, err := c.CreateProduct(context.Background(), store.NewProduct{Title: "Mug", Price: "7", Category: "kitchen"})
	require.Error(t, err)
	assert.Equal(t, int32(1), s.hits.Load())

	s.hits.Store(0)
	_, err = c.Product(context.Background(), 1)
	require.Error(t, err)
	assert.Equal(t, int32(3), s.hits.Load(), "a read is retried twice by default")
}

func TestErrors(t *testing.T) {
	cases := []struct {
		name   string
		status int
		ctype  string
		body   string
		is     error
		msg    string
	}{
		{"404 json", 404, "application/json", `{"status":"error","message":"product not found"}`, conduit.ErrNotFound, "product not found"},
		{"400 text", 400, "text/plain", "limit must be a number", conduit.ErrAPI, "limit must be a number"},
		{"502 html", 502, "text/html", "<html><h1>Bad Gateway</h1></html>", conduit.ErrAPI, ""},
		{"429", 429, "application/json", `{"message":"slow down"}`, conduit.ErrRateLimited, "slow down"},
		{"malformed", 200, "application/json", `{"id":"one"`, conduit.ErrMalformedResponse, ""},
		{"wrong type", 200, "application/json", `{"id":1,"rating":{"count":"many"}}`, conduit.ErrMalformedResponse, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var s seen
			c, err := store.New(conduit.WithBaseURL(stubURL(t, &s, tc.status, tc.ctype, tc.body)), conduit.WithMaxRetries(0))
			require.NoError(t, err)
			_, err = c.Product(context.Background(), 3)
			var e *store.Error
			require.ErrorAs(t, err, &e)
			assert.ErrorIs(t, err, tc.is)
			assert.Equal(t, "store", e.Service)
			if tc.msg != "" {
				assert.Equal(t, tc.msg, e.Message)
			}
			if tc.status != 200 {
				assert.Equal(t, tc.status, e.StatusCode)
				assert.Equal(t, tc.body, string(e.Body))
			}
		})
	}
}

// stubURL is stub's server without a client, for tests that set options.
func stubURL(t *testing.T, s *seen, status int, ctype, body string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		w.Header().Set("Content-Type", ctype)
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestBadInput(t *testing.T) {
	var s seen
	c := stub(t, &s, 200, "application/json", `{}`)
	ctx := context.Background()
	product := func(id int64) func() error {
		return func() error { _, err := c.Product(ctx, id); return err }
	}
	byCategory := func(cat string, limit int) func() error {
		return func() error {
			_, err := c.ProductsByCategory(ctx, cat, &store.ProductsByCategoryParams{Limit: limit})
			return err
		}
	}
	create := func(title, price, cat string) func() error {
		return func() error {
			_, err := c.CreateProduct(ctx, store.NewProduct{Title: title, Price: json.Number(price), Category: cat})
			return err
		}
	}
	cases := []struct {
		field string
		call  func() error
	}{
		{"id", product(0)},
		{"id", product(-4)},
		{"category", byCategory("", 0)},
		{"category", byCategory(" \t", 0)},
		{"limit", byCategory("electronics", -1)},
		{"title", create("", "1", "kitchen")},
		{"price", create("Mug", "", "kitchen")},
		{"price", create("Mug", "-1", "kitchen")},
		{"price", create("Mug", "abc", "kitchen")},
		{"price", create("Mug", "1.", "kitchen")},
		{"price", create("Mug", " 1", "kitchen")},
		{"price", create("Mug", "1 ", "kitchen")},
		{"price", create("Mug", `"1"`, "kitchen")},
		{"price", create("Mug", "NaN", "kitchen")},
		{"category", create("Mug", "1", "")},
	}
	for i, tc := range cases {
		err := tc.call()
		var e *store.Error
		require.ErrorAs(t, err, &e, "case %d", i)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam, "case %d", i)
		assert.Equal(t, tc.field, e.Field, "case %d", i)
	}
	assert.Zero(t, s.hits.Load(), "bad input must not reach the server")
}

// Without CONDUIT_STORE_URL or WithBaseURL no operation can start, and each
// says how to supply the URL.
func TestEveryOperationNeedsTheBaseURL(t *testing.T) {
	t.Setenv("CONDUIT_STORE_URL", "")
	c, err := store.New()
	require.NoError(t, err)
	ctx := context.Background()
	_, errProduct := c.Product(ctx, 1)
	_, errList := c.ProductsByCategory(ctx, "jewelery", nil)
	_, errCreate := c.CreateProduct(ctx, store.NewProduct{Title: "Mug", Price: "7", Category: "kitchen"})
	for _, err := range []error{errProduct, errList, errCreate} {
		assert.ErrorIs(t, err, conduit.ErrMissingBaseURL)
		assert.ErrorContains(t, err, "missing base URL store_url: set it with WithBaseURL (or the package's named option) or CONDUIT_STORE_URL")
	}
}

func TestBaseURLFromEnv(t *testing.T) {
	t.Setenv("CONDUIT_STORE_URL", fixtures.URL("store_url")+"/")
	c, err := store.New()
	require.NoError(t, err)
	const route = "GET /store_url/products/category/{category}"
	before := fixtures.Hits(route)
	_, err = c.ProductsByCategory(context.Background(), "men's clothing", nil)
	require.NoError(t, err)
	assert.Equal(t, before+1, fixtures.Hits(route), "a trailing slash on the base URL is fine")
}

// Whatever price CreateProduct accepts reaches the server as that exact JSON
// number; whatever it rejects is an ErrInvalidParam naming price.
func FuzzCreateProductPrice(f *testing.F) {
	for _, s := range []string{"13.5", "0", "7.50", "1e3", "-2", "", "1.", "01", "0x10", "Inf", " 3", "3\n", "1/2"} {
		f.Add(s)
	}
	var body atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		body.Store(b)
		io.WriteString(w, `{"id":1}`)
	}))
	defer srv.Close()
	c, err := store.New(conduit.WithBaseURL(srv.URL))
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, price string) {
		body.Store([]byte(nil))
		_, err := c.CreateProduct(context.Background(), store.NewProduct{Title: "t", Price: json.Number(price), Category: "c"})
		if err != nil {
			var e *store.Error
			if !errors.As(err, &e) || e.Field != "price" {
				t.Fatalf("price %q: %v", price, err)
			}
			return
		}
		var sent struct {
			Price json.RawMessage `json:"price"`
		}
		if err := json.Unmarshal(body.Load().([]byte), &sent); err != nil || string(sent.Price) != price {
			t.Fatalf("price %q reached the server as %s (%v)", price, sent.Price, err)
		}
	})
}
