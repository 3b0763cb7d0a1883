package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/store"
)

func fixture(t *testing.T, status int, contentType, name string, header ...string) testkit.Reply {
	return testkit.Reply{Status: status, ContentType: contentType, Header: header, Body: testkit.Fixture(t, "store", name)}
}

// noWait checks what a Shape leaves out: the service names no reason, no
// request id of its own and no wait.
func noWait(requestID string) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		e := err.(*conduit.Error)
		assert.Equal(t, [3]any{"", requestID, int64(0)}, [3]any{e.Reason, e.RequestID, int64(e.RetryAfter)}, "Reason, RequestID, RetryAfter")
	}
}

// TestFailureFixtures reads the failure shapes of the service's source
// and its users' reports from testdata/store.
func TestFailureFixtures(t *testing.T) {
	product := func(t *testing.T, url string) error {
		_, err := testkit.Client(t, store.New, conduit.WithBaseURL(url), conduit.WithMaxRetries(0)).Product(context.Background(), 7)
		return err
	}
	testkit.Errors(t, []testkit.Case{
		{Name: "null for an unknown id", Reply: fixture(t, 200, "application/json; charset=utf-8", "product_missing.json"),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 200, Message: "no product with this id"}, Then: noWait("")},
		{Name: "404 page of an unknown route", Reply: fixture(t, 404, "text/html; charset=utf-8", "unknown_route.html", "X-Powered-By", "Express"),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404},
			Then: func(t *testing.T, err error) {
				noWait("")(t, err)
				assert.Contains(t, string(err.(*conduit.Error).Body), "Cannot GET", "the page stays in Body, out of Message")
			}},
		{Name: "522 from the edge", Reply: fixture(t, 522, "text/html; charset=UTF-8", "origin_timeout_522.html", "Server", "cloudflare", "CF-RAY", "8f2c1a9b7d3e4c21-AMS"),
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 522}, Then: noWait("8f2c1a9b7d3e4c21-AMS")},
	}, nil, testkit.Op{Service: "store", Op: "Product", Endpoint: "GET /products/{id}", Call: product})
}

func TestEdgeErrorsAreRetriedForReads(t *testing.T) {
	srv := testkit.Start(t, fixture(t, 522, "text/html", "origin_timeout_522.html"), fixture(t, 200, "application/json", "product.json"))
	p, err := testkit.Client(t, store.New, conduit.WithBaseURL(srv.URL), testkit.Fast).Product(context.Background(), 1)
	require.NoError(t, err)
	assert.Equal(t, int64(1), p.ID)
	assert.Equal(t, 2, srv.Hits(), "the origin may answer the next time")
}

func TestWriteRefusedAt200(t *testing.T) {
	c, _ := stub(t, fixture(t, 200, "application/json; charset=utf-8", "write_refused.json"))
	got, err := c.CreateProduct(context.Background(), store.NewProduct{Title: "Mug", Price: price(t, "7"), Category: "kitchen"})
	assert.Nil(t, got)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "store", Op: "CreateProduct", Status: 200, Code: "error", Message: "data is undefined"})
	noWait("")(t, err)
}

func TestLoginFailureThroughDo(t *testing.T) {
	c, srv := stub(t, fixture(t, 401, "text/html; charset=utf-8", "login_failed.txt"))
	err := c.Do(context.Background(), "POST", "/auth/login", map[string]string{"username": "mor_2314", "password": "wrong"}, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrUnauthorized, Service: "store", Op: "Do", Endpoint: "POST /auth/login", Status: 401,
		Message: "username or password is incorrect"})
	noWait("")(t, err)
	assert.Equal(t, 1, srv.Hits(), "a write is not repeated")
}
