package ci_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// more checks what a Shape leaves out: Reason, RequestID and RetryAfter.
func more(reason, requestID string, wait time.Duration) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		e := err.(*conduit.Error)
		assert.Equal(t, [3]any{reason, requestID, wait}, [3]any{e.Reason, e.RequestID, e.RetryAfter}, "Reason, RequestID, RetryAfter")
	}
}

// TestFailureFixtures reads the service's failure shapes, as its
// documentation and clients show them, from testdata/ci.
func TestFailureFixtures(t *testing.T) {
	fixture := func(status int, contentType, name string, header ...string) testkit.Reply {
		return testkit.Reply{Status: status, ContentType: contentType, Header: header, Body: testkit.Fixture(t, "ci", name)}
	}
	const js = "application/json;charset=utf-8"
	unauthorized := func(msg string) testkit.Shape {
		return testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401, Message: msg}
	}
	rateLimited := testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Message: "Rate limit exceeded. Retry later."}
	testkit.Errors(t, []testkit.Case{
		{Name: "no token, JSON labelled text", Reply: fixture(401, "text/plain; charset=utf-8", "invalid_token.json"),
			Want: unauthorized("You must log in first."), Then: more("", "", 0)},
		{Name: "bad token, plain text", Reply: fixture(401, "text/plain; charset=utf-8", "bad_token.txt"),
			Want: unauthorized("Invalid token provided."), Then: more("", "", 0)},
		{Name: "403", Reply: fixture(403, js, "permission_denied.json"),
			Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 403, Message: "Permission denied"}, Then: more("", "", 0)},
		{Name: "404 project", Reply: fixture(404, js, "project_not_found.json"),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "Project not found"}, Then: more("", "", 0)},
		{Name: "429 Retry-After", Reply: fixture(429, js, "rate_limited.json", "Retry-After", "17", "RateLimit-Limit", "60",
			"RateLimit-Remaining", "0", "RateLimit-Reset", "17", "X-RateLimit-Limit-Minute", "60", "X-RateLimit-Remaining-Minute", "0"),
			Want: rateLimited, Then: more("", "", 17*time.Second)},
		{Name: "429 RateLimit-Reset only", Reply: fixture(429, js, "rate_limited.json", "RateLimit-Remaining", "0", "RateLimit-Reset", "9"),
			Want: rateLimited, Then: more("", "", 9*time.Second)},
		{Name: "429 X-RateLimit-Reset only, in seconds", Reply: fixture(429, js, "rate_limited.json", "X-RateLimit-Remaining", "0", "X-RateLimit-Reset", "12"),
			Want: rateLimited, Then: more("", "", 12*time.Second)},
		{Name: "400 unknown parameter", Reply: fixture(400, js, "bad_parameter.json"),
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 400, Message: "Unexpected argument(s): deploy_target"},
			Then: func(t *testing.T, err error) {
				more("", "", 0)(t, err)
				assert.NotErrorIs(t, err, conduit.ErrInvalidParam, "the service refused it: conduit's own input checks passed")
			}},
		{Name: "error envelope", Reply: fixture(404, js, "pipeline_definition_missing.json"),
			Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "Pipeline definition not found"},
			Then: more("", "3f9c2e71-0b4d-4a8e-b6d5-91c7e2a4f086", 0)},
		{Name: "502 html from a proxy", Reply: fixture(502, "text/html", "proxy_502.html"),
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 502}, Then: more("", "", 0)},
	}, []string{token}, testkit.Op{Service: "ci", Op: "Me", Endpoint: "GET /me", Call: func(t *testing.T, url string) error {
		_, err := testkit.Client(t, ci.New, conduit.WithBaseURL(url), ci.WithAPIToken(token), conduit.WithMaxRetries(0)).Me(context.Background())
		return err
	}})
}

func TestReadRetriedAfterRateLimitReset(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 429, Header: []string{"RateLimit-Reset", "0.01"}, Body: testkit.Fixture(t, "ci", "rate_limited.json")},
		testkit.Reply{Body: `{"id":"u","login":"octo-dev"}`})
	u, err := client(t, srv).Me(context.Background())
	assert.NoError(t, err)
	assert.Equal(t, "octo-dev", u.Login)
	assert.Equal(t, 2, srv.Hits(), "retried once the window reset")
}
