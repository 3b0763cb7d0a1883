package pkgstats_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/pkgstats"
)

// The service's failure shapes (testdata/pkgstats), each with what an
// *Error must say of it: the status decides, since the body's status member
// only repeats it, and the edge's CF-RAY is the request id.
func TestFailureFixtures(t *testing.T) {
	const ray = "8f3d22aa11c04b7e-FRA"
	fixture := func(name string, status int, contentType string, header ...string) testkit.Reply {
		return testkit.Reply{Status: status, ContentType: contentType, Header: header, Body: testkit.Fixture(t, "pkgstats", name)}
	}
	then := func(requestID string, retryAfter time.Duration) func(*testing.T, error) {
		return func(t *testing.T, err error) {
			e := err.(*pkgstats.Error)
			assert.Empty(t, e.Reason)
			assert.Equal(t, requestID, e.RequestID)
			assert.Equal(t, retryAfter, e.RetryAfter)
			assert.Equal(t, 1, e.Attempts, "failures the profile calls final are not retried")
		}
	}
	testkit.Errors(t, []testkit.Case{
		{Name: "version not found", Reply: fixture("version_not_found.json", 404, jsonType, "CF-RAY", ray, "X-Response-Time", "41ms"),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404,
				Message: "Couldn't find version 1.99.0 for is-even. Make sure you use a specific version number, and not a version range or an npm tag."},
			Then: then(ray, 0)},
		{Name: "invalid period", Reply: fixture("invalid_period.json", 400, jsonType),
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 400, Message: "Invalid parameter value: `period` must be one of [day, week, month, year]."},
			Then: then("", 0)},
		{Name: "package too large is no credential problem", Reply: fixture("package_too_large.json", 403, jsonType, "CF-RAY", ray),
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 403, Message: "Package size exceeded the configured limit of 100 MB."},
			Then: func(t *testing.T, err error) {
				assert.NotErrorIs(t, err, conduit.ErrUnauthorized)
				then(ray, 0)(t, err)
			}},
		{Name: "edge rate limit", Reply: fixture("edge_rate_limited.html", 429, "text/html", "Retry-After", "30", "CF-RAY", ray),
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429},
			Then: func(t *testing.T, err error) {
				assert.Equal(t, 30*time.Second, err.(*pkgstats.Error).RetryAfter, "a wait past the cap ends the call at once")
				assert.Equal(t, ray, err.(*pkgstats.Error).RequestID)
			}},
	}, nil, testkit.Op{Service: "pkgstats", Op: "Package", Endpoint: "GET /packages/{registry_type}/{package...}", Call: func(t *testing.T, url string) error {
		c := testkit.Client(t, pkgstats.New, conduit.WithBaseURL(url), conduit.WithMaxRetryWait(time.Second))
		_, err := c.Package(ctx, "npm", "is-even@1.99.0")
		return err
	}})
}

// An upstream registry timeout comes back as a 500 (the service rewrites
// 502 and 504): a read is retried, and the last answer is reported.
func TestUpstreamTimeoutRetried(t *testing.T) {
	body := testkit.Fixture(t, "pkgstats", "upstream_timeout.json")
	srv := testkit.Start(t, testkit.Reply{Status: 500, ContentType: jsonType, Body: body})
	c := testkit.Client(t, pkgstats.New, conduit.WithBaseURL(srv.URL), testkit.Fast)
	_, err := c.Package(ctx, "npm", "huge-monorepo")
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "pkgstats", Op: "Package", Status: 500,
		Message: "Couldn't fetch versions for huge-monorepo."})
	assert.Equal(t, 3, e.Attempts)
	assert.Equal(t, 3, srv.Hits())
	assert.Zero(t, e.RetryAfter)
}

// The replay server answers with the same shapes.
func TestFailuresFromReplay(t *testing.T) {
	c := onReplay(t)
	_, err := c.Package(ctx, "npm", "is-even@1.99.0")
	require.ErrorIs(t, err, conduit.ErrNotFound)
	assert.Contains(t, err.(*pkgstats.Error).Message, "Couldn't find version 1.99.0 for is-even.")
	assert.Equal(t, "8f00000000000001-FRA", err.(*pkgstats.Error).RequestID)

	_, err = c.Package(ctx, "npm", "huge-monorepo@2.0.0")
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "pkgstats", Op: "Package", Endpoint: "GET /packages/{registry_type}/{package...}",
		Status: 403, Message: "Package size exceeded the configured limit of 100 MB."})

	_, err = c.Stats(ctx, "npm", "jquery", &pkgstats.StatsParams{Period: "decade"})
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "pkgstats", Op: "Stats", Endpoint: "GET /stats/packages/{registry_type}/{package...}",
		Status: 400, Message: "Invalid parameter value: `period` must be one of [day, week, month, year]."})

	none, err := c.Resolve(ctx, "npm", "@babel/core", "^99")
	require.NoError(t, err, "a specifier nothing matches is no failure")
	assert.Empty(t, none.Version)
}
