package media_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// more checks what a Shape leaves out: Reason, RequestID and RetryAfter.
func more(reason, requestID string, wait time.Duration) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		e := err.(*conduit.Error)
		assert.Equal(t, [3]any{reason, requestID, wait}, [3]any{e.Reason, e.RequestID, e.RetryAfter}, "Reason, RequestID, RetryAfter")
	}
}

func fixture(t *testing.T, status int, contentType, name string, header ...string) testkit.Reply {
	body := ""
	if name != "" {
		body = testkit.Fixture(t, "media", name)
	}
	return testkit.Reply{Status: status, ContentType: contentType, Header: header, Body: body}
}

// TestAdminFailureFixtures reads the admin interface's failure shapes, as
// Cloudinary's documentation and SDKs show them, from testdata/media.
func TestAdminFailureFixtures(t *testing.T) {
	const js = "application/json; charset=utf-8"
	testkit.Errors(t, []testkit.Case{
		{Name: "401 unknown key", Reply: fixture(t, 401, js, "unknown_api_key.json", "X-Request-Id", "5d1c8e0b4f7a"),
			Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401, Message: "unknown api_key 613974205581962"}, Then: more("", "5d1c8e0b4f7a", 0)},
		{Name: "401 html", Reply: fixture(t, 401, "text/html; charset=utf-8", "auth_page.html", "X-Request-Id", "41c0a7e2d9b8"),
			Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401}, Then: more("", "41c0a7e2d9b8", 0)},
		{Name: "404 resource", Reply: fixture(t, 404, js, "resource_not_found.json", "X-Request-Id", "9f2b6c0d8e1a",
			"X-FeatureRateLimit-Limit", "500", "X-FeatureRateLimit-Remaining", "431", "X-FeatureRateLimit-Reset", "Tue, 02 Jun 2026 11:00:00 GMT"),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "Resource not found - products/missing-shoe"},
			Then: func(t *testing.T, err error) {
				more("", "9f2b6c0d8e1a", 0)(t, err)
				e := err.(*conduit.Error)
				require.NotNil(t, e.RateLimit, "the budget comes with failures too")
				assert.Equal(t, [2]int64{500, 431}, [2]int64{e.RateLimit.Requests.Limit, e.RateLimit.Requests.Remaining})
			}},
		{Name: "420 without a reset", Reply: fixture(t, 420, js, "rate_limited.json"),
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 420, Message: "Rate Limit Exceeded"}, Then: more("", "", 0)},
		{Name: "429", Reply: fixture(t, 429, js, "rate_limited.json", "Retry-After", "30"),
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Message: "Rate Limit Exceeded"}, Then: more("", "", 30*time.Second)},
	}, []string{key, secret}, testkit.Op{Service: "media", Op: "Usage", Endpoint: "GET /v1_1/{cloud}/usage", Call: func(t *testing.T, url string) error {
		_, err := localClient(t, url, conduit.WithMaxRetries(0)).Usage(context.Background())
		return err
	}})
}

// The hourly limit answers 420 with the end of the window as an HTTP date:
// the wait is until then, and a wait past WithMaxRetryWait ends the call at
// once instead of holding it for most of an hour.
func TestRateLimited420WaitsUntilTheReset(t *testing.T) {
	now := time.Now().UTC()
	srv := testkit.Start(t, fixture(t, 420, "application/json; charset=utf-8", "rate_limited.json",
		"Date", now.Format(http.TimeFormat), "X-FeatureRateLimit-Limit", "500", "X-FeatureRateLimit-Remaining", "0",
		"X-FeatureRateLimit-Reset", now.Add(45*time.Minute).Format(http.TimeFormat), "X-Request-Id", "0e7a3b91c5d2"))
	_, err := localClient(t, srv.URL).ListImages(context.Background(), nil)
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrRateLimited, Service: "media", Op: "ListImages", Status: 420, Message: "Rate Limit Exceeded"})
	assert.InDelta(t, float64(45*time.Minute), float64(e.RetryAfter), float64(2*time.Second), "RetryAfter %v", e.RetryAfter)
	assert.Equal(t, "0e7a3b91c5d2", e.RequestID)
	require.NotNil(t, e.RateLimit)
	assert.Equal(t, int64(0), e.RateLimit.Requests.Remaining)
	assert.Equal(t, 1, srv.Hits(), "a wait past the cap is the caller's to take")
}

// The delivery host answers with the reason in X-Cld-Error and a body that
// is empty or a placeholder page.
func TestDeliveryFailureFixtures(t *testing.T) {
	testkit.Errors(t, []testkit.Case{
		{Name: "401 tag lists restricted", Reply: fixture(t, 401, "text/html; charset=utf-8", "", "X-Cld-Error", "Resource type list is restricted"),
			Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401, Message: "Resource type list is restricted"}, Then: more("", "", 0)},
		{Name: "404 with a placeholder page", Reply: fixture(t, 404, "text/html", "delivery_not_found.html", "X-Cld-Error", "Resource not found - summer"),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "Resource not found - summer"}, Then: more("", "", 0)},
		{Name: "400", Reply: fixture(t, 400, "text/html", "", "X-Cld-Error", "Invalid URL"),
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 400, Message: "Invalid URL"}, Then: more("", "", 0)},
	}, []string{key, secret}, testkit.Op{Service: "media", Op: "ListByTag", Endpoint: "GET /{cloud}/image/list/{tag}.json", Call: func(t *testing.T, url string) error {
		_, err := localClient(t, url, conduit.WithMaxRetries(0)).ListByTag(context.Background(), "summer")
		return err
	}})
}
