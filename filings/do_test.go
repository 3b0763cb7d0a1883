package filings_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Do reaches an endpoint the package does not type with the contact in
// User-Agent, as the typed methods send it, and decodes the answer.
func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"cik":320193,"entityName":"Apple Inc.","facts":{"dei":{}}}`})
	var facts struct {
		conduit.Raw
		CIK        filings.CIK `json:"cik"`
		EntityName string      `json:"entityName"`
	}
	err := client(t, srv).Do(context.Background(), "GET", "/api/xbrl/companyfacts/CIK0000320193.json", nil, &facts)
	require.NoError(t, err)
	assert.Equal(t, filings.CIK(320193), facts.CIK)
	assert.Contains(t, string(facts.RawJSON()), `"facts"`)
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/api/xbrl/companyfacts/CIK0000320193.json", got.Path)
	assert.Equal(t, contact, got.Header.Get("User-Agent"))
	assert.Equal(t, []string{"header User-Agent"}, got.Holds(contact))
}

// A write through Do is sent once, whatever the answer, unless the caller
// says repeating it is harmless.
func TestDoWriteNotRetried(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusServiceUnavailable})
	c := client(t, srv)
	err := c.Do(context.Background(), "POST", "/api/xbrl/frames", map[string]any{"tag": "Revenues"}, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "filings", Op: "Do", Status: 503})
	assert.Equal(t, 1, srv.Hits())
	assert.JSONEq(t, `{"tag":"Revenues"}`, string(srv.Last(t).Body))

	err = c.Do(context.Background(), "POST", "/api/xbrl/frames", nil, nil, conduit.WithIdempotent(), conduit.WithBodyField("tag", "Revenues"))
	assert.Error(t, err)
	assert.Equal(t, 1+1+2, srv.Hits(), "an idempotent write is retried like a read")
	assert.JSONEq(t, `{"tag":"Revenues"}`, string(srv.Last(t).Body), "a body field reaches the wire")
}

// Per-call options reach the wire of that call only, and WithResponse
// reports the answer.
func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Header: []string{"X-Amz-Request-Id", "EDGE42"}, Body: testkit.Fixture(t, "filings", "submissions.json")})
	c := client(t, srv)
	var resp conduit.Response
	s, err := c.Submissions(context.Background(), 320193, conduit.WithHeader("X-Trace", "t-1"), conduit.WithQuery("via", "test"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.Equal(t, "Apple Inc.", s.Name)
	got := srv.Last(t)
	assert.Equal(t, "t-1", got.Header.Get("X-Trace"))
	assert.Equal(t, "via=test", got.Query)
	assert.Equal(t, contact, got.Header.Get("User-Agent"), "options leave the contact alone")
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "EDGE42", resp.RequestID)
	assert.Equal(t, 1, resp.Attempts)
	assert.Equal(t, srv.URL+"/submissions/CIK0000320193.json?via=test", resp.URL)
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	assert.Positive(t, resp.Elapsed)

	_, err = c.CompanyConcept(context.Background(), 320193, "us-gaap", "Revenues")
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("X-Trace"), "a call's options are its own")
	assert.Empty(t, srv.Last(t).Query)

	_, err = c.Submissions(context.Background(), 320193, conduit.WithBodyField("form", "10-K"))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "filings", Op: "Submissions", Field: "options"})
	_, err = c.Submissions(context.Background(), 320193, conduit.WithHeader("User-Agent", "someone else"))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "filings", Op: "Submissions", Field: "options"})
	assert.Equal(t, 2, srv.Hits(), "a refused option sends nothing")
}
