package explorer_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// The service's failures as it sends them (testdata/explorer, written from
// the research notes on mempool.space): the edge's HTML 429, the backend's
// {"error"} objects and its one-line texts, whatever type they are labelled.
func TestFailureFixtures(t *testing.T) {
	reply := func(status int, contentType, name string) testkit.Reply {
		return testkit.Reply{Status: status, ContentType: contentType, Body: testkit.Fixture(t, "explorer", name)}
	}
	for _, tc := range []struct {
		name  string
		reply testkit.Reply
		op    string
		want  testkit.Shape
		hits  int
	}{
		{"429 edge page", reply(429, "text/html", "too_many_requests.html"), "Blocks", testkit.Shape{Is: conduit.ErrRateLimited, Status: 429}, 2},
		{"503 fees not ready", reply(503, "text/html; charset=utf-8", "fees_not_ready.txt"), "RecommendedFees", testkit.Shape{Is: conduit.ErrAPI, Status: 503, Message: "Service Unavailable"}, 2},
		{"404 text", reply(404, "text/plain", "block_not_found.txt"), "Blocks", testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Message: "Block not found"}, 1},
		{"500 error object", reply(500, "application/json; charset=utf-8", "blocks_failed.json"), "Blocks", testkit.Shape{Is: conduit.ErrAPI, Status: 500, Message: "Failed to get blocks"}, 2},
		{"400 error object", reply(400, "application/json; charset=utf-8", "invalid_height.json"), "Mempool", testkit.Shape{Is: conduit.ErrAPI, Status: 400, Message: "Invalid height"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := testkit.Start(t, tc.reply)
			err := call(context.Background(), testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL), conduit.WithMaxRetries(1), testkit.Fast), tc.op)
			tc.want.Service, tc.want.Op = "explorer", tc.op
			e := testkit.Check(t, err, tc.want)
			assert.Empty(t, e.Reason)
			assert.Empty(t, e.RequestID)
			assert.Zero(t, e.RetryAfter, "the service names no wait")
			assert.Equal(t, tc.hits, srv.Hits(), "retried only where a retry can help")
		})
	}
}
