package observability_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/observability"
)

func TestMarkersDecodeTheDocumentedAnswers(t *testing.T) {
	c, srv := replayClient(t)
	ctx := context.Background()
	m, err := c.CreateMarker(ctx, "checkout", &observability.MarkerParams{Message: "backend deploy #123", Type: "deploy"})
	require.NoError(t, err)
	assert.Equal(t, "d1c84ec0", m.ID)
	assert.Equal(t, time.Date(2016, 8, 12, 22, 26, 48, 0, time.UTC), m.StartTime.Time())
	assert.True(t, m.EndTime.Time().IsZero(), "a point in time")
	assert.Equal(t, time.Date(2016, 8, 13, 5, 39, 42, 0, time.UTC), m.CreatedAt)

	ms, err := c.ListMarkers(ctx, observability.AllDatasets)
	require.NoError(t, err)
	require.Len(t, ms, 2)
	assert.Equal(t, "frontend deploy #123", ms[1].Message)
	golden.JSON(t, "observability", "list_markers", ms)

	_, err = c.UpdateMarker(ctx, "checkout", "d1c84ec0", nil)
	require.NoError(t, err)
	gone, err := c.DeleteMarker(ctx, "checkout", "d1c84ec0")
	require.NoError(t, err)
	assert.Equal(t, "deploy", gone.Type, "the deleted marker comes back")
	for _, route := range []string{"POST /obs_url/1/markers/{dataset}", "GET /obs_url/1/markers/{dataset}", "PUT /obs_url/1/markers/{dataset}/{id}", "DELETE /obs_url/1/markers/{dataset}/{id}"} {
		assert.Equal(t, 1, srv.Hits(route), route)
	}
}

func TestMarkerRequests(t *testing.T) {
	rec := record(t, 200, `{"id":"d1c84ec0"}`)
	c := client(t, rec.URL)
	ctx := context.Background()
	start := time.Unix(1471040808, 900_000_000).In(time.FixedZone("CEST", 2*3600))
	p := &observability.MarkerParams{Message: "backend deploy #123", Type: "deploy", URL: "https://ci.example.com/build/123", StartTime: start, EndTime: start.Add(5 * time.Minute)}
	_, err := c.CreateMarker(ctx, "my data/set", p)
	require.NoError(t, err)
	_, err = c.UpdateMarker(ctx, observability.AllDatasets, "d1c84ec0", &observability.MarkerParams{Type: "deploy"})
	require.NoError(t, err)
	_, err = c.DeleteMarker(ctx, "checkout", "d1c84ec0")
	require.NoError(t, err)
	_, err = c.CreateMarker(ctx, "checkout", nil)
	require.NoError(t, err)

	reqs := rec.Requests()
	require.Len(t, reqs, 4)
	assert.Equal(t, "POST /1/markers/my%20data%2Fset", reqs[0].Method+" "+reqs[0].URI)
	assert.JSONEq(t, `{"message":"backend deploy #123","type":"deploy","url":"https://ci.example.com/build/123","start_time":1471040808,"end_time":1471041108}`,
		string(reqs[0].Body), "times in whole Unix seconds, whatever the zone")
	assert.Equal(t, "PUT /1/markers/__all__/d1c84ec0", reqs[1].Method+" "+reqs[1].URI)
	assert.JSONEq(t, `{"type":"deploy"}`, string(reqs[1].Body), "unset fields are left out")
	assert.Equal(t, "DELETE /1/markers/checkout/d1c84ec0", reqs[2].Method+" "+reqs[2].URI)
	assert.Empty(t, reqs[2].Body)
	assert.JSONEq(t, `{}`, string(reqs[3].Body), "no params: the service places the marker at arrival")
}

func TestMarkerInputsCheckedBeforeSending(t *testing.T) {
	rec := record(t, 200, `{}`)
	c := client(t, rec.URL)
	ctx := context.Background()
	start := time.Unix(1471040808, 0)
	_, err := c.CreateMarker(ctx, "checkout", &observability.MarkerParams{StartTime: start, EndTime: start.Add(-time.Second)})
	testkit.InvalidParam(t, err, "end_time")
	_, err = c.CreateMarker(ctx, "checkout", &observability.MarkerParams{EndTime: time.Unix(-5, 0)})
	testkit.InvalidParam(t, err, "end_time")
	_, err = c.UpdateMarker(ctx, "checkout", "", nil)
	testkit.InvalidParam(t, err, "id")
	_, err = c.DeleteMarker(ctx, "", "d1c84ec0")
	testkit.InvalidParam(t, err, "dataset")
	_, err = c.ListMarkers(ctx, "")
	testkit.InvalidParam(t, err, "dataset")
	assert.Zero(t, rec.Hits())
}

func TestDatasetAndColumnsDecodeTheDocumentedAnswers(t *testing.T) {
	c, _ := replayClient(t)
	ctx := context.Background()
	d, err := c.Dataset(ctx, "my-dataset-")
	require.NoError(t, err)
	assert.Equal(t, "My Dataset!", d.Name)
	assert.Equal(t, 3, d.ExpandJSONDepth)
	assert.Equal(t, 100, d.RegularColumnsCount)
	assert.False(t, d.Settings.DeleteProtected)

	created, err := c.CreateDataset(ctx, observability.DatasetParams{Name: "MyDataset!"})
	require.NoError(t, err)
	assert.Equal(t, "mydataset-", created.Slug)
	assert.Nil(t, created.LastWrittenAt, "a new dataset was never written")

	cols, err := c.ListColumns(ctx, "my-dataset-")
	require.NoError(t, err)
	require.Len(t, cols, 2)
	assert.Equal(t, observability.ColumnInteger, cols[0].Type)
	assert.Equal(t, observability.ID("yUheCUmgZ8q"), cols[1].ID)
	require.NotNil(t, cols[1].LastWritten)
	golden.JSON(t, "observability", "list_columns", cols)
}

func TestDatasetRequests(t *testing.T) {
	rec := record(t, 201, `{"name":"x"}`)
	c := client(t, rec.URL)
	ctx := context.Background()
	_, err := c.CreateDataset(ctx, observability.DatasetParams{Name: "MyDataset!", Description: "A nice description of my dataset", ExpandJSONDepth: 3})
	require.NoError(t, err)
	_, err = c.CreateDataset(ctx, observability.DatasetParams{Name: "plain"})
	require.NoError(t, err)
	_, err = c.Dataset(ctx, "my data/set")
	require.NoError(t, err)
	_, err = c.ListColumns(ctx, observability.AllDatasets)
	require.Error(t, err, "an object is not a column list")

	reqs := rec.Requests()
	require.Len(t, reqs, 4)
	assert.Equal(t, "POST /1/datasets", reqs[0].Method+" "+reqs[0].URI)
	assert.JSONEq(t, `{"name":"MyDataset!","description":"A nice description of my dataset","expand_json_depth":3}`, string(reqs[0].Body))
	assert.JSONEq(t, `{"name":"plain"}`, string(reqs[1].Body))
	assert.Equal(t, "GET /1/datasets/my%20data%2Fset", reqs[2].Method+" "+reqs[2].URI)
	assert.Equal(t, "GET /1/columns/__all__", reqs[3].Method+" "+reqs[3].URI)
}

func TestCreateDatasetChecksTheDocumentedLimits(t *testing.T) {
	rec := record(t, 201, `{}`)
	c := client(t, rec.URL)
	ctx := context.Background()
	for field, p := range map[string]observability.DatasetParams{
		"name":              {Name: strings.Repeat("é", 256)},
		"description":       {Name: "x", Description: strings.Repeat("d", 1025)},
		"expand_json_depth": {Name: "x", ExpandJSONDepth: -1},
	} {
		_, err := c.CreateDataset(ctx, p)
		testkit.InvalidParam(t, err, field)
	}
	_, err := c.CreateDataset(ctx, observability.DatasetParams{Name: strings.Repeat("é", 255), ExpandJSONDepth: observability.MaxExpandJSONDepth})
	require.NoError(t, err, "255 characters, not bytes, is the limit")
	assert.Equal(t, 1, rec.Hits())
}
