package conduittest_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/noderpc"
)

// Handle fakes an endpoint a package does not type: Do reaches it with the
// client's base and credentials, the request is recorded under the pattern,
// and a call without the credential is refused as the service would.
func TestHandleAnswersDoEndpoints(t *testing.T) {
	srv := conduittest.NewServer(t)
	ctx := context.Background()

	srv.Handle("inference", "POST /batches", conduittest.Reply{Status: 200, Body: `{"id":"batch_01","status":"validating"}`})
	llm, err := inference.New(srv.Options("inference")...)
	require.NoError(t, err)
	var batch struct{ ID, Status string }
	require.NoError(t, llm.Do(ctx, "POST", "/batches", map[string]string{"input_file_id": "file_01"}, &batch))
	assert.Equal(t, "batch_01", batch.ID)
	got := srv.Requests("inference", "POST /batches")
	require.Len(t, got, 1)
	assert.JSONEq(t, `{"input_file_id":"file_01"}`, string(got[0].Body))

	srv.Handle("ci", "GET /workflow/{id}/job", conduittest.Reply{Body: `{"items":[{"name":"build"}],"next_page_token":null}`})
	c, err := ci.New(srv.Options("ci")...)
	require.NoError(t, err)
	var jobs struct{ Items []struct{ Name string } }
	require.NoError(t, c.Do(ctx, "GET", "/workflow/8f3c2a6d/job", nil, &jobs))
	assert.Equal(t, "build", jobs.Items[0].Name)

	// Credentials in the body: the fake finds client_id and secret there.
	srv.Handle("banklink", "POST /transactions/recurring/get", conduittest.Reply{Body: `{"inflow_streams":[],"outflow_streams":[],"request_id":"r1"}`})
	bank, err := banklink.New(srv.Options("banklink")...)
	require.NoError(t, err)
	var rec struct {
		RequestID string `json:"request_id"`
	}
	require.NoError(t, bank.Do(ctx, "POST", "/transactions/recurring/get", map[string]string{"access_token": "access-sandbox-1"}, &rec))
	assert.Equal(t, "r1", rec.RequestID)
	assert.Contains(t, string(srv.Requests("banklink", "POST /transactions/recurring/get")[0].Body), `"client_id"`)

	// A path-key service: the key rides as the last segment.
	srv.Handle("noderpc", "GET /nft/v3/getNFTsForOwner", conduittest.Reply{Body: `{"ownedNfts":[],"totalCount":0}`})
	rpc, err := noderpc.New(srv.Options("noderpc")...)
	require.NoError(t, err)
	var nfts struct{ TotalCount *int }
	require.NoError(t, rpc.Do(ctx, "GET", "/nft/v3/getNFTsForOwner?owner=vitalik.eth", nil, &nfts))
	require.NotNil(t, nfts.TotalCount)
	assert.Equal(t, "vitalik.eth", srv.Requests("noderpc", "GET /nft/v3/getNFTsForOwner")[0].Query.Get("owner"))

	// Without the credential the fake refuses, as the service would.
	bare, err := inference.New(append(srv.Options("inference"), inference.WithAPIKey("wrong"))...)
	require.NoError(t, err)
	err = bare.Do(ctx, "POST", "/batches", map[string]string{}, nil, conduit.WithMaxRetries(0))
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)

	// A pattern not handled is still a 404.
	err = llm.Do(ctx, "GET", "/files", nil, nil)
	var e *conduit.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, http.StatusNotFound, e.StatusCode)
}
