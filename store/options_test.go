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

func TestDo(t *testing.T) {
	c, srv := stub(t, testkit.Reply{Body: `[{"id":1,"userId":2,"products":[{"productId":1,"quantity":4}]}]`})
	var carts []struct {
		UserID   int `json:"userId"`
		Products []struct {
			Quantity int `json:"quantity"`
		} `json:"products"`
	}
	require.NoError(t, c.Do(context.Background(), "GET", "/carts/user/2?sort=desc", nil, &carts))
	require.Len(t, carts, 1)
	assert.Equal(t, 4, carts[0].Products[0].Quantity)
	got := srv.Last(t)
	testkit.OpenGET(t, got)
	assert.Equal(t, "/carts/user/2?sort=desc", got.URI)
}

func TestPerCallOptions(t *testing.T) {
	c, srv := stub(t, testkit.Reply{Body: `{"id":21,"title":"Mug","price":7.5,"category":"kitchen","description":"Stoneware"}`,
		Header: []string{"CF-RAY", "8f2c1a9b7d3e4c22-AMS"}})
	var resp conduit.Response
	got, err := c.CreateProduct(context.Background(), store.NewProduct{Title: "Mug", Price: price(t, "7.5"), Category: "kitchen"},
		conduit.WithHeader("X-Trace", "t-1"), conduit.WithQuery("dry", "1"), conduit.WithBodyField("description", "Stoneware"),
		conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.Equal(t, int64(21), got.ID)
	req := srv.Last(t)
	assert.Equal(t, "t-1", req.Header.Get("X-Trace"))
	assert.Equal(t, "dry=1", req.Query)
	assert.Equal(t, `{"title":"Mug","price":7.5,"category":"kitchen","description":"Stoneware"}`, string(req.Body), "the field the spec does not show, after the typed ones")

	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "8f2c1a9b7d3e4c22-AMS", resp.RequestID, "the edge's ray id")
	assert.Equal(t, 1, resp.Attempts)
	assert.Equal(t, srv.URL+"/products?dry=1", resp.URL)
	assert.Nil(t, resp.RateLimit, "the service reports no budget")

	_, err = c.CreateProduct(context.Background(), store.NewProduct{Title: "Mug", Price: price(t, "7.5"), Category: "kitchen"},
		conduit.WithBodyField("title", "Teapot"))
	require.NoError(t, err)
	assert.JSONEq(t, `{"title":"Teapot","price":7.5,"category":"kitchen"}`, string(srv.Last(t).Body), "a body field replaces the typed member")
	assert.Empty(t, srv.Last(t).Header.Get("X-Trace"), "a call's options end with the call")
}
