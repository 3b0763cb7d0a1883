package museum_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/museum"
)

// The service's failure shapes (testdata/museum): a message and no code
// from the service itself, and the HTML pages of the Incapsula shield in
// front of it, whose block is a rate limit of about a minute.
func TestFailureFixtures(t *testing.T) {
	fixture := func(name string, status int, contentType string, header ...string) testkit.Reply {
		return testkit.Reply{Status: status, ContentType: contentType, Header: header, Body: testkit.Fixture(t, "museum", name)}
	}
	then := func(requestID string, retryAfter time.Duration, attempts int) func(*testing.T, error) {
		return func(t *testing.T, err error) {
			e := err.(*museum.Error)
			assert.Empty(t, e.Reason)
			assert.Equal(t, requestID, e.RequestID)
			assert.Equal(t, retryAfter, e.RetryAfter)
			assert.Equal(t, attempts, e.Attempts)
		}
	}
	const jsonType = "application/json; charset=UTF-8"
	block := []string{"Cache-Control", "no-cache, no-store", "X-Iinfo", "7-41122334-0 0NNN RT(1756724003843 133) q(0 -1 -1 -1) r(0 -1) B15(11,6501148,0) U18",
		"Set-Cookie", "visid_incap_1662004=abcDEF123; path=/; Domain=.metmuseum.org"}
	testkit.Errors(t, []testkit.Case{
		{Name: "object not found", Reply: fixture("error_not_found.json", 404, jsonType),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "ObjectID not found"}, Then: then("", 0, 1)},
		{Name: "not a valid object", Reply: fixture("not_valid_object.json", 404, jsonType),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "Not a valid object"}, Then: then("", 0, 1)},
		{Name: "not a valid object under 200", Reply: fixture("not_valid_object.json", 200, jsonType),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 200, Message: "Not a valid object"}, Then: then("", 0, 1)},
		{Name: "Incapsula block", Reply: fixture("incapsula_block.html", 403, "text/html", block...),
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 403},
			Then: func(t *testing.T, err error) {
				assert.NotErrorIs(t, err, conduit.ErrUnauthorized)
				then("731000450002218874-402211009988776655", time.Minute, 1)(t, err)
			}},
		{Name: "Incapsula challenge under 200", Reply: fixture("incapsula_challenge.html", 200, "text/html"),
			Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 200}, Then: then("880000120003300441-77123456789012345", time.Minute, 1)},
		{Name: "other 403", Reply: testkit.Reply{Status: 403, Body: `{"message":"Forbidden"}`},
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 403, Message: "Forbidden"},
			Then: func(t *testing.T, err error) {
				assert.NotErrorIs(t, err, conduit.ErrUnauthorized, "the service has no key to fix")
				assert.NotErrorIs(t, err, conduit.ErrRateLimited)
			}},
	}, nil, testkit.Op{Service: "museum", Op: "Object", Endpoint: "GET /objects/{objectID}", Call: func(t *testing.T, url string) error {
		_, err := testkit.Client(t, museum.New, conduit.WithBaseURL(url), testkit.Fast).Object(context.Background(), 855340)
		return err
	}})
}

// A search without a match is no failure; the service sends null ids.
func TestSearchWithoutMatch(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{ContentType: "application/json; charset=UTF-8", Body: `{"total":0,"objectIDs":null}`})
	r, err := testkit.Client(t, museum.New, conduit.WithBaseURL(srv.URL)).Search(context.Background(), "qwxz", nil)
	assert.NoError(t, err)
	assert.Equal(t, []int64{}, r.ObjectIDs)
}

// The replay server answers with the same shapes.
func TestFailuresFromReplay(t *testing.T) {
	c := testkit.Replay(t, "museum", museum.New)
	_, err := c.Object(context.Background(), 855340)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "museum", Op: "Object", Endpoint: "GET /objects/{objectID}",
		Status: 404, Message: "Not a valid object"})
	_, err = c.Object(context.Background(), 999999999)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "museum", Op: "Object", Endpoint: "GET /objects/{objectID}",
		Status: 404, Message: "ObjectID not found"})
	_, err = c.Search(context.Background(), "too many requests", nil)
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrRateLimited, Service: "museum", Op: "Search", Endpoint: "GET /search", Status: 403})
	assert.Equal(t, time.Minute, e.RetryAfter)
	assert.Equal(t, 1, e.Attempts, "the block is not retried within the call")
}
