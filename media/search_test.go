package media_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/media"
)

func TestResourceKeepsFoldersInThePath(t *testing.T) {
	rec := newRecorder(t, "resource.json")
	a, err := localClient(t, rec.URL).Resource(context.Background(), "banners/summer sale", &media.ResourceParams{Type: "private"})
	require.NoError(t, err)
	assert.Equal(t, "products/mug-blue", a.PublicID)
	r := rec.Last(t)
	assert.Equal(t, "GET", r.Method)
	assert.Equal(t, "/admin/v1_1/acme-shop/resources/image/private/banners/summer%20sale", r.Path)
	assert.Equal(t, basicHeader(), r.Header.Get("Authorization"))
	assertNoSecrets(t, r, true)
}

func TestResourceDecodesTheDocumentedDetails(t *testing.T) {
	srv := conduittest.NewServer(t)
	c := testkit.Client(t, media.New, srv.Options("media")...)
	var resp conduit.Response
	a, err := c.Resource(context.Background(), "products/mug-blue", nil, conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.Equal(t, [4]any{int64(482113), 800, 800, "png"}, [4]any{a.Bytes, a.Width, a.Height, a.Format})
	assert.Equal(t, []string{"products", "mugs"}, a.Tags)
	var derived struct {
		Derived []struct {
			Transformation string `json:"transformation"`
		} `json:"derived"`
	}
	require.NoError(t, a.Decode(&derived))
	assert.Equal(t, "c_fill,h_200,w_200", derived.Derived[0].Transformation, "members not typed stay reachable")
	require.NotNil(t, resp.RateLimit, "admin answers carry the hourly budget")
	assert.Equal(t, [2]int64{500, 499}, [2]int64{resp.RateLimit.Requests.Limit, resp.RateLimit.Requests.Remaining})

	_, err = c.Resource(context.Background(), "products/missing-shoe", nil)
	assert.ErrorIs(t, err, conduit.ErrNotFound)
}

func TestSearchSendsItsJSONBody(t *testing.T) {
	rec := newRecorder(t, "search.json")
	r, err := localClient(t, rec.URL).Search(context.Background(), &media.SearchParams{
		Expression: "resource_type:image AND tags=kitten",
		SortBy:     []media.SortField{{Field: "created_at", Descending: true}, {Field: "public_id"}},
		MaxResults: 30,
		NextCursor: "abc",
		WithField:  []string{"tags", "context"},
	})
	require.NoError(t, err)
	assert.Equal(t, 3, r.TotalCount)
	assert.Equal(t, "b16b8bd80426df43a107f26b0348", r.NextCursor)
	req := rec.Last(t)
	assert.Equal(t, "POST", req.Method)
	assert.Equal(t, "/admin/v1_1/acme-shop/resources/search", req.Path)
	assert.Equal(t, map[string]any{
		"expression":  "resource_type:image AND tags=kitten",
		"sort_by":     []any{map[string]any{"created_at": "desc"}, map[string]any{"public_id": "asc"}},
		"max_results": float64(30),
		"next_cursor": "abc",
		"with_field":  []any{"tags", "context"},
	}, req.JSON(t))
	assertNoSecrets(t, req, true)
}

func TestSearchIsRetriedLikeARead(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 503}, testkit.Reply{Body: testkit.Fixture(t, "media", "search.json")})
	_, err := localClient(t, srv.URL).Search(context.Background(), nil)
	require.NoError(t, err)
	assert.Equal(t, 2, srv.Hits())
	assert.Equal(t, "{}", string(srv.Last(t).Body), "no parameters: an empty search matches every asset")
}

func TestAllSearchFollowsNextCursor(t *testing.T) {
	srv := conduittest.NewServer(t)
	c := testkit.Client(t, media.New, srv.Options("media")...)
	var ids []string
	for a, err := range c.AllSearch(context.Background(), &media.SearchParams{Expression: "resource_type:image", MaxResults: 2}) {
		require.NoError(t, err)
		ids = append(ids, a.PublicID)
	}
	assert.Equal(t, []string{"products/teapot-white", "banners/summer sale", "products/mug-blue"}, ids)
	assert.Len(t, srv.Requests("media", "Search"), 2)
}

func TestAllSearchStopsOnARepeatedCursor(t *testing.T) {
	page := `{"total_count":9,"resources":[{"public_id":"a"}],"next_cursor":"same"}`
	srv := testkit.Start(t, testkit.Reply{Body: page}, testkit.Reply{Body: page}, testkit.Reply{Body: page})
	var errs []error
	n := 0
	for _, err := range localClient(t, srv.URL).AllSearch(context.Background(), nil) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		n++
	}
	require.Len(t, errs, 1)
	assert.ErrorIs(t, errs[0], conduit.ErrMalformedResponse)
	assert.Equal(t, 2, n)
}
