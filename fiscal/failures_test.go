package fiscal_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// The service's failure shapes (testdata/fiscal): error is the Code,
// message the Message, under any status and under 200 too; there is no
// request id and no wait signal.
func TestFailureFixtures(t *testing.T) {
	fixture := func(name string, status int) testkit.Reply {
		return testkit.Reply{Status: status, Body: testkit.Fixture(t, "fiscal", name)}
	}
	attempts := func(n int) func(*testing.T, error) {
		return func(t *testing.T, err error) {
			e := err.(*fiscal.Error)
			assert.Empty(t, e.Reason)
			assert.Empty(t, e.RequestID)
			assert.Zero(t, e.RetryAfter)
			assert.Equal(t, n, e.Attempts)
		}
	}
	testkit.Errors(t, []testkit.Case{
		{Name: "invalid sort", Reply: fixture("error_invalid_sort.json", 400),
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 400, Code: "Invalid Query Param",
				Message: "Invalid query parameter 'sort' with value '[-record_dat]'. For more information please see the documentation."},
			Then: attempts(1)},
		{Name: "unknown dataset", Reply: fixture("unknown_endpoint.json", 404),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "Not Found",
				Message: "The requested endpoint v2/accounting/od/debt_to_the_penny does not exist."},
			Then: attempts(1)},
		{Name: "rate limited", Reply: fixture("rate_limited.json", 429),
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Code: "Too Many Requests", Message: "Rate limit exceeded. Please slow down."},
			Then: attempts(3)},
		{Name: "error under 200", Reply: fixture("error_in_200.json", 200),
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: "Invalid Query Param",
				Message: "Invalid query parameter 'page[size]' with value '[20000]'. For more information please see the documentation."},
			Then: attempts(1)},
		{Name: "edge block", Reply: testkit.Reply{Status: 403, ContentType: "text/plain", Body: "Forbidden"},
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 403, Message: "Forbidden"},
			Then: func(t *testing.T, err error) {
				assert.NotErrorIs(t, err, conduit.ErrUnauthorized, "the service has no credential to fix")
				attempts(1)(t, err)
			}},
	}, nil, testkit.Op{Service: "fiscal", Op: "AllAvgInterestRates", Endpoint: "GET /v2/accounting/od/avg_interest_rates", Call: func(t *testing.T, url string) error {
		c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(url), testkit.Fast)
		for _, err := range c.AllAvgInterestRates(context.Background(), &fiscal.PageParams{PageSize: 20000}) {
			return err
		}
		return nil
	}})
}

// The replay server answers with the same shapes; the error of a wrong
// dataset path shows the URL it went to.
func TestFailuresFromReplay(t *testing.T) {
	srv := testkit.ReplayServer(t)
	c := testkit.Client(t, fiscal.New, srv.Options("fiscal")...)
	_, err := c.DebtToPenny(context.Background(), &fiscal.PageParams{Sort: "-record_dat"})
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "fiscal", Op: "DebtToPenny", Endpoint: "GET /v2/accounting/od/debt_to_penny",
		Status: 400, Code: "Invalid Query Param",
		Message: "Invalid query parameter 'sort' with value '[-record_dat]'. For more information please see the documentation."})

	var page fiscal.Page[fiscal.Record]
	err = c.Do(context.Background(), "GET", "/v2/accounting/od/debt_to_the_penny", nil, &page)
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "fiscal", Op: "Do", Endpoint: "GET /v2/accounting/od/debt_to_the_penny",
		Status: 404, Code: "Not Found", Message: "The requested endpoint v2/accounting/od/debt_to_the_penny does not exist."})
	assert.Equal(t, srv.URL("fiscal", "fiscal_url")+"/v2/accounting/od/debt_to_the_penny", e.URL)
	// The sorted page, and the wrong path, which the fake records as a
	// Query of a dataset it lacks.
	require.Equal(t, 2, srv.Hits("GET /fiscal_url/v2/accounting/od/{dataset}"))
}
