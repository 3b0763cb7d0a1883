package media_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/media"
)

func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"tags":["sale","summer"]}`})
	c := localClient(t, srv.URL)
	var tags struct {
		Tags []string `json:"tags"`
	}
	require.NoError(t, c.Do(context.Background(), "GET", "/v1_1/acme-shop/tags/image?max_results=2", nil, &tags))
	assert.Equal(t, []string{"sale", "summer"}, tags.Tags)
	got := srv.Last(t)
	assert.Equal(t, "/admin/v1_1/acme-shop/tags/image", got.Path, "relative to media_admin_url")
	assert.Equal(t, "max_results=2", got.Query)
	assert.Equal(t, basicHeader(), got.Header.Get("Authorization"))
	assertNoSecrets(t, got, true)

	require.NoError(t, c.Do(context.Background(), "GET", "/acme-shop/image/list/sale.json", nil, nil, conduit.WithBase("media_delivery_url")))
	got = srv.Last(t)
	assert.Equal(t, "/res/acme-shop/image/list/sale.json", got.Path)
	assert.Empty(t, got.Header.Get("Authorization"), "the delivery host gets no credentials, through Do as through ListByTag")
	assertNoSecrets(t, got, false)
}

func TestDoWriteIsNotRetried(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 500, Body: `{"error":{"message":"General error"}}`})
	err := localClient(t, srv.URL, conduit.WithMaxRetries(3)).Do(context.Background(), "DELETE", "/v1_1/acme-shop/resources/image/upload?public_ids=a", nil, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "media", Op: "Do", Status: 500, Message: "General error"})
	assert.Equal(t, 1, srv.Hits())
}

func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "media", "list_images.json"), Header: []string{"X-Request-Id", "a8c3f0e1",
		"X-FeatureRateLimit-Limit", "500", "X-FeatureRateLimit-Remaining", "499", "X-FeatureRateLimit-Reset", "Tue, 02 Jun 2099 11:00:00 GMT"}})
	c := localClient(t, srv.URL)
	var resp conduit.Response
	l, err := c.ListImages(context.Background(), &media.ListImagesParams{MaxResults: 2},
		conduit.WithHeader("X-Trace", "t-1"), conduit.WithQuery("prefix", "products/"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	require.Len(t, l.Resources, 2)
	got := srv.Last(t)
	assert.Equal(t, "t-1", got.Header.Get("X-Trace"))
	assert.Equal(t, "max_results=2&prefix=products%2F", got.Query)
	assertNoSecrets(t, got, true)

	assert.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "a8c3f0e1", resp.RequestID)
	assert.Equal(t, 1, resp.Attempts)
	assert.Equal(t, srv.URL+"/admin/v1_1/acme-shop/resources/image?max_results=2&prefix=products%2F", resp.URL)
	require.NotNil(t, resp.RateLimit, "Cloudinary's hourly budget")
	assert.Equal(t, [2]int64{500, 499}, [2]int64{resp.RateLimit.Requests.Limit, resp.RateLimit.Requests.Remaining})
	assert.Positive(t, resp.RateLimit.Requests.Reset)

	_, err = c.Usage(context.Background(), conduit.WithBodyField("x", 1))
	testkit.InvalidParam(t, err, "options")
	assert.Equal(t, 1, srv.Hits(), "a GET carries no body: the option is refused before any I/O")
	_, err = c.Usage(context.Background())
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("X-Trace"), "a call's options end with the call")
}

func TestVersionSegment(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "media", "usage.json")})
	for _, base := range []string{srv.URL + "/admin", srv.URL + "/admin/v1_1", srv.URL + "/admin/v1_1/"} {
		_, err := localClient(t, srv.URL, media.WithAdminURL(base)).Usage(context.Background())
		require.NoError(t, err, base)
		assert.Equal(t, "/admin/v1_1/acme-shop/usage", srv.Last(t).Path, "%s: v1_1 appears once", base)
	}
}
