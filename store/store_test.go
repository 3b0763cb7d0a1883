package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/testkit"
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
	return testkit.Client(t, store.New, fixtures.Options("store")...)
}

// stub starts a server answering every request with r and a client of it.
func stub(t *testing.T, r testkit.Reply) (*store.Client, *testkit.Server) {
	srv := testkit.Start(t, r)
	return testkit.Client(t, store.New, conduit.WithBaseURL(srv.URL), testkit.Fast), srv
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
	assert.ErrorIs(t, err, conduit.ErrNotFound, "what the service means by null")
}

// The service answers unknown ids without a record; none of these may come
// back as a zero Product. Each is the service's answer (its status is kept)
// and means the product is not found.
func TestProductWithoutRecord(t *testing.T) {
	missing := func(status int) testkit.Shape {
		return testkit.Shape{Is: conduit.ErrMalformedResponse, Status: status, Message: "no product with this id"}
	}
	notFound := func(t *testing.T, err error) { assert.ErrorIs(t, err, conduit.ErrNotFound) }
	testkit.Errors(t, []testkit.Case{
		{Name: "empty 200", Reply: testkit.Reply{}, Want: missing(200), Then: notFound},
		{Name: "null", Reply: testkit.Reply{Body: "null"}, Want: missing(200), Then: notFound},
		{Name: "spaces", Reply: testkit.Reply{Body: " \n "}, Want: missing(200), Then: notFound},
		{Name: "204", Reply: testkit.Reply{Status: 204}, Want: missing(204), Then: notFound},
	}, nil, testkit.Op{Service: "store", Op: "Product", Endpoint: "GET /products/{id}", Call: func(t *testing.T, url string) error {
		p, err := testkit.Client(t, store.New, conduit.WithBaseURL(url), testkit.Fast).Product(context.Background(), 55)
		assert.Nil(t, p)
		return err
	}})
}

func TestProductRequestShape(t *testing.T) {
	c, srv := stub(t, testkit.Reply{Body: `{"id":9007199254740993,"title":"x","price":1}`})
	_, err := c.Product(context.Background(), 9007199254740993)
	require.NoError(t, err)
	got := srv.Last(t)
	testkit.OpenGET(t, got)
	assert.Equal(t, "/products/9007199254740993", got.URI, "ids beyond 2^53 are sent exactly, with no query")
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
		{"jewelery", &store.ProductsByCategoryParams{Limit: 1}, "/products/category/jewelery", "limit=1"},
	}
	for _, tc := range cases {
		c, srv := stub(t, testkit.Reply{Body: `[]`})
		_, err := c.ProductsByCategory(context.Background(), tc.category, tc.p)
		require.NoError(t, err, tc.category)
		got := srv.Last(t)
		testkit.OpenGET(t, got)
		assert.Equal(t, tc.path, got.Path, "the category is one escaped segment")
		assert.Equal(t, tc.query, got.Query)
	}
}

func TestCreateProduct(t *testing.T) {
	in := store.NewProduct{Title: "Linen camp-collar shirt", Price: price(t, "39.90"), Category: "men's clothing"}
	got, err := replayClient(t).CreateProduct(context.Background(), in)
	require.NoError(t, err)
	assert.Equal(t, int64(21), got.ID)
	assert.Equal(t, in, got.NewProduct, "the service echoes the submitted fields")
	assert.JSONEq(t, `{"category":"men's clothing","id":21,"price":39.90,"title":"Linen camp-collar shirt"}`, string(got.RawJSON()))
	golden.JSON(t, "store", "create_product", got)
}

func TestCreateProductRequestShape(t *testing.T) {
	c, srv := stub(t, testkit.Reply{Body: `{"id":21,"title":"Mug","price":7.5,"category":"kitchen"}`})
	_, err := c.CreateProduct(context.Background(), store.NewProduct{Title: "Mug", Price: price(t, "7.50"), Category: "kitchen"})
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/products", got.Path)
	assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
	assert.Equal(t, `{"title":"Mug","price":7.50,"category":"kitchen"}`, string(got.Body), "the price is sent exactly as written")
	assert.Empty(t, got.Header.Get("Authorization"))
}

// CreateProduct is a write: a 503 may have been acted on, so it is not
// retried; the same answer to a read is.
func TestCreateProductIsNotRetried(t *testing.T) {
	c, srv := stub(t, testkit.Reply{Status: 503, ContentType: "text/plain", Body: "busy"})
	_, err := c.CreateProduct(context.Background(), store.NewProduct{Title: "Mug", Price: price(t, "7"), Category: "kitchen"})
	require.Error(t, err)
	assert.Equal(t, 1, srv.Hits())

	_, err = c.Product(context.Background(), 1)
	require.Error(t, err)
	assert.Equal(t, 1+3, srv.Hits(), "a read is retried twice by default")
}

func TestErrors(t *testing.T) {
	keepsBody := func(body string) func(*testing.T, error) {
		return func(t *testing.T, err error) { assert.Equal(t, body, string(err.(*store.Error).Body)) }
	}
	answer := func(status int, contentType, body string, want testkit.Shape) testkit.Case {
		return testkit.Case{Reply: testkit.Reply{Status: status, ContentType: contentType, Body: body}, Want: want, Then: keepsBody(body)}
	}
	named := func(name string, c testkit.Case) testkit.Case { c.Name = name; return c }
	testkit.Errors(t, []testkit.Case{
		named("404 json", answer(404, "application/json", `{"status":"error","message":"product not found"}`, testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "error", Message: "product not found"})),
		named("400 text", answer(400, "text/plain", "limit must be a number", testkit.Shape{Is: conduit.ErrAPI, Status: 400, Message: "limit must be a number"})),
		named("502 html", answer(502, "text/html", "<html><h1>Bad Gateway</h1></html>", testkit.Shape{Is: conduit.ErrAPI, Status: 502})),
		named("429", answer(429, "application/json", `{"message":"slow down"}`, testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Message: "slow down"})),
		{Name: "malformed", Reply: testkit.Reply{Body: `{"id":"one"`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse}},
		{Name: "wrong type", Reply: testkit.Reply{Body: `{"id":1,"rating":{"count":"many"}}`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse}},
	}, nil, testkit.Op{Service: "store", Op: "Product", Endpoint: "GET /products/{id}", Call: func(t *testing.T, url string) error {
		_, err := testkit.Client(t, store.New, conduit.WithBaseURL(url), conduit.WithMaxRetries(0)).Product(context.Background(), 3)
		return err
	}})
}

func TestBadInput(t *testing.T) {
	c, srv := stub(t, testkit.Reply{Body: `{}`})
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
	create := func(title string, p conduit.Decimal, cat string) func() error {
		return func() error {
			_, err := c.CreateProduct(ctx, store.NewProduct{Title: title, Price: p, Category: cat})
			return err
		}
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "store"}, []testkit.Input{
		{Field: "id", Call: product(0)},
		{Field: "id", Call: product(-4)},
		{Field: "category", Call: byCategory("", 0)},
		{Field: "category", Call: byCategory(" \t", 0)},
		{Field: "limit", Call: byCategory("electronics", -1)},
		{Field: "category", Call: byCategory("..", 0)}, // %2E%2E is "..": a proxy would move up the path
		{Field: "title", Call: create("", price(t, "1"), "kitchen")},
		{Field: "price", Call: create("Mug", conduit.Decimal{}, "kitchen")},
		{Field: "price", Call: create("Mug", price(t, "-1"), "kitchen")},
		{Field: "price", Call: create("Mug", price(t, "-0.01"), "kitchen")},
		{Field: "category", Call: create("Mug", price(t, "1"), "")},
	})
	// A price that is no JSON number cannot be built, so it never reaches
	// the request.
	for _, bad := range []string{"abc", "1.", " 1", "1 ", `"1"`, "NaN"} {
		_, err := conduit.ParseDecimal(bad)
		assert.Error(t, err, bad)
	}
}

func price(t testing.TB, s string) conduit.Decimal {
	t.Helper()
	d, err := conduit.ParseDecimal(s)
	require.NoError(t, err)
	return d
}

// Without CONDUIT_STORE_URL or WithBaseURL every operation goes to the
// real service.
func TestEveryOperationDefaultsToTheRealService(t *testing.T) {
	ctx := context.Background()
	for _, call := range []func(*store.Client) error{
		func(c *store.Client) error { _, err := c.Product(ctx, 1); return err },
		func(c *store.Client) error { _, err := c.ProductsByCategory(ctx, "jewelery", nil); return err },
		func(c *store.Client) error {
			_, err := c.CreateProduct(ctx, store.NewProduct{Title: "Mug", Price: price(t, "7"), Category: "kitchen"})
			return err
		},
	} {
		testkit.DefaultBaseURL(t, "CONDUIT_STORE_URL", "https://fakestoreapi.com/products", store.New, call)
	}
}

func TestBaseURLFromEnv(t *testing.T) {
	t.Setenv("CONDUIT_STORE_URL", fixtures.URL("store", "store_url")+"/")
	c, err := store.New()
	require.NoError(t, err)
	const route = "GET /store_url/products/category/{category}"
	before := fixtures.Hits(route)
	_, err = c.ProductsByCategory(context.Background(), "men's clothing", nil)
	require.NoError(t, err)
	assert.Equal(t, before+1, fixtures.Hits(route), "a trailing slash on the base URL is fine")
}

// Whatever price CreateProduct accepts reaches the server as that exact JSON
// number (leading zeros, which JSON forbids, dropped); whatever it rejects
// is an ErrInvalidParam naming price.
func FuzzCreateProductPrice(f *testing.F) {
	for _, s := range []string{"13.5", "0", "7.50", "1e3", "-2", "", "1.", "01", "0x10", "Inf", " 3", "3\n", "1/2"} {
		f.Add(s)
	}
	srv := testkit.Start(f, testkit.Reply{Body: `{"id":1}`})
	c := testkit.Client(f, store.New, conduit.WithBaseURL(srv.URL))
	f.Fuzz(func(t *testing.T, price string) {
		d, err := conduit.ParseDecimal(price)
		if err != nil {
			return // not a price anyone can pass
		}
		before := srv.Hits()
		_, err = c.CreateProduct(context.Background(), store.NewProduct{Title: "t", Price: d, Category: "c"})
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
		if srv.Hits() != before+1 {
			t.Fatalf("price %q: %d requests, want 1", price, srv.Hits()-before)
		}
		want := price
		if !json.Valid([]byte(price)) {
			want = strings.TrimLeft(price, "0")
			if want == "" || want[0] == '.' || want[0] == 'e' || want[0] == 'E' {
				want = "0" + want
			}
		}
		if err := json.Unmarshal(srv.Last(t).Body, &sent); err != nil || string(sent.Price) != want {
			t.Fatalf("price %q reached the server as %s, want %s (%v)", price, sent.Price, want, err)
		}
	})
}
