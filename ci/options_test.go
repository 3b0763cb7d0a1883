package ci_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"items":[{"id":"j1","name":"build"}],"next_page_token":null}`})
	c := testkit.Client(t, ci.New, conduit.WithBaseURL(srv.URL+"/api"), ci.WithAPIToken(token))
	var jobs struct {
		Items []struct {
			Name string `json:"name"`
		} `json:"items"`
	}
	require.NoError(t, c.Do(context.Background(), "GET", "/workflow/w-1/job?limit=5", nil, &jobs))
	require.Len(t, jobs.Items, 1)
	assert.Equal(t, "build", jobs.Items[0].Name)
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/api/v2/workflow/w-1/job", got.Path, "relative to ci_url, version included")
	assert.Equal(t, "limit=5", got.Query)
	assertTokenOnlyInHeader(t, got)
}

func TestDoWriteIsNotRetried(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 502, ContentType: "text/html", Body: "<html>bad gateway</html>"}, testkit.Reply{Status: 202, Body: `{}`})
	c := client(t, srv, fast, conduit.WithMaxRetries(3))
	err := c.Do(context.Background(), "POST", "/pipeline/continue", map[string]string{"continuation-key": "k"}, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "ci", Op: "Do", Endpoint: "POST /pipeline/continue", Status: 502})
	assert.Equal(t, 1, srv.Hits(), "a write that may have arrived is sent once")
	assertTokenOnlyInHeader(t, srv.Last(t))

	require.NoError(t, c.Do(context.Background(), "POST", "/pipeline/continue", map[string]string{"continuation-key": "k"}, nil, conduit.WithIdempotent()))
	assert.Equal(t, 2, srv.Hits(), "marked idempotent, the same call may be repeated")
}

func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 201, Body: `{"id":"c3a9","number":131,"state":"pending"}`,
		Header: []string{"X-Request-Id", "req-77", "RateLimit-Limit", "60", "RateLimit-Remaining", "59", "RateLimit-Reset", "30"}})
	c := client(t, srv)
	var resp conduit.Response
	p, err := c.TriggerPipeline(context.Background(), acmeAPI, &ci.TriggerPipelineParams{Branch: "main"},
		conduit.WithHeader("X-Trace", "t-1"), conduit.WithQuery("dry", "1"),
		conduit.WithBodyField("parameters", map[string]any{"deploy_target": "staging"}), conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.Equal(t, ci.PipelinePending, p.State)
	got := srv.Last(t)
	assert.Equal(t, "t-1", got.Header.Get("X-Trace"))
	assert.Equal(t, "dry=1", got.Query)
	assert.JSONEq(t, `{"branch":"main","parameters":{"deploy_target":"staging"}}`, string(got.Body), "the extra member beside the typed one")
	assertTokenOnlyInHeader(t, got)

	assert.Equal(t, 201, resp.StatusCode)
	assert.Equal(t, "req-77", resp.RequestID)
	assert.Equal(t, "req-77", resp.Header.Get("X-Request-Id"))
	assert.Equal(t, 1, resp.Attempts)
	assert.Equal(t, srv.URL+"/v2/project/gh/acme/api/pipeline?dry=1", resp.URL)
	require.NotNil(t, resp.RateLimit)
	assert.Equal(t, conduit.Budget{Limit: 60, Remaining: 59, Reset: 30e9}, resp.RateLimit.Requests)

	_, err = c.Me(context.Background())
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("X-Trace"), "a call's options end with the call")
	assert.Empty(t, srv.Last(t).Query)

	_, err = c.Me(context.Background(), conduit.WithHTTPClient(nil))
	testkit.InvalidParam(t, err, "options")
}

func TestVersionSegment(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"id":"u"}`})
	for _, base := range []string{srv.URL + "/api", srv.URL + "/api/", srv.URL + "/api/v2", srv.URL + "/api/v2/"} {
		_, err := testkit.Client(t, ci.New, conduit.WithBaseURL(base), ci.WithAPIToken(token)).Me(context.Background())
		require.NoError(t, err, base)
		assert.Equal(t, "/api/v2/me", srv.Last(t).Path, "%s: the version segment is added once", base)
	}
}
