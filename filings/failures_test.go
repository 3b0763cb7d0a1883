package filings_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// failed asserts what testkit.Shape leaves out: Reason, RequestID and
// RetryAfter.
func failed(reason, requestID string, retryAfter time.Duration) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		e := err.(*conduit.Error)
		assert.Equal(t, reason, e.Reason, "Reason")
		assert.Equal(t, requestID, e.RequestID, "RequestID")
		assert.Equal(t, retryAfter, e.RetryAfter, "RetryAfter")
	}
}

// The service's failures as it sends them (testdata/filings, written from
// the research notes on SEC EDGAR): the block page under 403, 429 and 200,
// and the object store's XML 404.
func TestFailureFixtures(t *testing.T) {
	const block = "Request Rate Threshold Exceeded"
	testkit.Errors(t, []testkit.Case{
		{Name: "block page 403", Reply: fixture(t, 403, "text/html", "block_page_403.html"),
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 403, Message: block},
			Then: failed("undeclared_automated_tool", "0.1c2d3e4f.1767225600.9a8b7c6d", 10*time.Minute)},
		{Name: "block page 429", Reply: fixture(t, 429, "text/html", "block_page_429.html"),
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Message: block},
			Then: failed("", "0.44aa55bb.1767225700.66cc77dd", 10*time.Minute)},
		{Name: "block page 200", Reply: fixture(t, 200, "text/html", "block_page_200.html"),
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 200, Message: block},
			Then: failed("undeclared_automated_tool", "0.0f1e2d3c.1767225800.4b5a6978", 10*time.Minute)},
		{Name: "no such key 404", Reply: testkit.Reply{Status: 404, ContentType: "application/xml",
			Header: []string{"X-Amzn-Requestid", "5c0e1f2a-7b3d-4e9f-a1b2-c3d4e5f60718"}, Body: testkit.Fixture(t, "filings", "no_such_concept.xml")},
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "NoSuchKey", Message: "The specified key does not exist."},
			Then: failed("", "J7W2K9QX4M1B8C3D", 0)},
		// SEC blocks with a page, not a bare 429: a 429 without one is an
		// ordinary rate limit, retried after the wait it names.
		{Name: "429 without a page", Reply: testkit.Reply{Status: 429, ContentType: "text/plain", Header: []string{"Retry-After", "7200"}},
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429},
			Then: failed("", "", 2*time.Hour)},
		{Name: "403 without a page", Reply: testkit.Reply{Status: 403, ContentType: "text/html", Body: "<html><body>Forbidden</body></html>"},
			Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 403},
			Then: failed("", "", 0)},
	}, []string{contact}, testkit.Op{Service: "filings", Op: "Submissions", Endpoint: "GET /submissions/CIK{cik}.json", Call: func(t *testing.T, url string) error {
		_, err := testkit.Client(t, filings.New, conduit.WithBaseURL(url), filings.WithContact(contact)).Submissions(context.Background(), 42)
		return err
	}})
}

// A block is not retried within a call, even when the caller would wait
// long enough: every request inside the block extends it.
func TestBlockNotRetried(t *testing.T) {
	for _, reply := range []testkit.Reply{
		fixture(t, 403, "text/html", "block_page_403.html"),
		fixture(t, 200, "text/html", "block_page_200.html"),
		fixture(t, 429, "text/html", "block_page_403.html"),
	} {
		srv := testkit.Start(t, reply)
		_, err := client(t, srv, conduit.WithMaxRetryWait(time.Hour)).Submissions(context.Background(), 320193)
		assert.ErrorIs(t, err, conduit.ErrRateLimited)
		assert.Equal(t, 1, srv.Hits(), "status %d", reply.Status)
	}
}

// An unknown company is the object store's 404, from the replay server too.
func TestNotFoundFromReplay(t *testing.T) {
	_, err := testkit.Replay(t, "filings", filings.New).Submissions(context.Background(), 42)
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "filings", Op: "Submissions", Status: 404, Code: "NoSuchKey", Message: "The specified key does not exist."})
	assert.Equal(t, "3F9C2B7A1D0E4F65", e.RequestID)
}
