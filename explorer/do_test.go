package explorer_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Do reaches an endpoint the package does not type, with no credential,
// and a write is sent once.
func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"id":"00000000000000000002a7c4","height":871420,"tx_count":3871}`})
	c := testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL+"/api"), testkit.Fast)
	var b explorer.Block
	require.NoError(t, c.Do(context.Background(), "GET", "/block/00000000000000000002a7c4", nil, &b))
	assert.EqualValues(t, 871420, b.Height)
	assert.Contains(t, string(b.RawJSON()), `"tx_count":3871`)
	testkit.OpenGET(t, srv.Last(t))
	assert.Equal(t, "/api/block/00000000000000000002a7c4", srv.Last(t).Path)

	srv = testkit.Start(t, testkit.Reply{Status: http.StatusInternalServerError, Body: `{"error":"Failed to broadcast"}`})
	c = testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL+"/api"), testkit.Fast)
	err := c.Do(context.Background(), "POST", "/tx", map[string]string{"hex": "0200"}, nil, conduit.WithBodyField("hex", "0100"))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "explorer", Op: "Do", Status: 500, Message: "Failed to broadcast"})
	assert.Equal(t, 1, srv.Hits(), "a write is not retried")
	assert.JSONEq(t, `{"hex":"0100"}`, string(srv.Last(t).Body), "a body field replaces the member of its name")
}

// A base pasted with the version segment the fees and blocks paths carry
// is not doubled, and the mempool path, which has none, stays right.
func TestBaseURLVersion(t *testing.T) {
	for _, base := range []string{"/api", "/api/", "/api/v1", "/api/v1/"} {
		for op, path := range map[string]string{"RecommendedFees": "/api/v1/fees/recommended", "Mempool": "/api/mempool", "Blocks": "/api/v1/blocks"} {
			body := `{}`
			if op == "Blocks" {
				body = `[]`
			}
			srv := testkit.Start(t, testkit.Reply{Body: body})
			require.NoError(t, call(context.Background(), testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL+base)), op), base)
			assert.Equal(t, path, srv.Last(t).Path, "%s with base %s", op, base)
		}
	}
}

// Per-call options reach the wire of that call only, a body field is
// refused where no body goes, and WithResponse reports the answer.
func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Header: []string{"X-Request-Id", "mp-9"}, Body: testkit.Fixture(t, "explorer", "recommended_fees.json")})
	c := testkit.Client(t, explorer.New, conduit.WithBaseURL(srv.URL))
	var resp conduit.Response
	f, err := c.RecommendedFees(context.Background(), conduit.WithHeader("X-Trace", "t-4"), conduit.WithQuery("cache", "no"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	assert.Equal(t, 14.0, f.FastestFee)
	got := srv.Last(t)
	assert.Equal(t, "t-4", got.Header.Get("X-Trace"))
	assert.Equal(t, "cache=no", got.Query)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "mp-9", resp.RequestID)
	assert.Equal(t, srv.URL+"/v1/fees/recommended?cache=no", resp.URL)

	_, err = c.RecommendedFees(context.Background())
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("X-Trace"), "a call's options are its own")

	_, err = c.Blocks(context.Background(), conduit.WithBodyField("limit", 5))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "explorer", Op: "Blocks", Field: "options"})
	assert.Equal(t, 2, srv.Hits(), "a refused option sends nothing")
}
