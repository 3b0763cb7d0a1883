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

// page is a list page answer: pipelines numbered nums, then next.
func page(next string, nums ...string) testkit.Reply {
	items := ""
	for i, n := range nums {
		if i > 0 {
			items += ","
		}
		items += `{"id":"p` + n + `","number":` + n + `}`
	}
	tok := "null"
	if next != "" {
		tok = `"` + next + `"`
	}
	return testkit.Reply{Body: `{"items":[` + items + `],"next_page_token":` + tok + `}`}
}

// numbers collects the pipelines an iterator yields, and the error it
// ends with.
func numbers(seq func(func(ci.Pipeline, error) bool)) ([]int64, error) {
	var got []int64
	for p, err := range seq {
		if err != nil {
			return got, err
		}
		got = append(got, p.Number)
	}
	return got, nil
}

func TestAllPipelinesReplay(t *testing.T) {
	c, srv := replayClient(t)
	got, err := numbers(c.AllPipelines(context.Background(), acmeAPI, nil))
	require.NoError(t, err)
	assert.Equal(t, []int64{130, 129, 128}, got, "both pages, in order")
	assert.Equal(t, 2, srv.Hits("GET /ci_url/v2/project/{vcs_prefix}/{org}/{repo}/pipeline"))
}

func TestListPipelinesSendsThePageToken(t *testing.T) {
	srv := testkit.Start(t, page("", "1"))
	l, err := client(t, srv).ListPipelines(context.Background(), acmeAPI, &ci.ListPipelinesParams{PageToken: "AAR+w/7="})
	require.NoError(t, err)
	assert.Empty(t, l.NextPageToken)
	assert.Equal(t, "page-token=AAR%2Bw%2F7%3D", srv.Last(t).Query)
	_, err = client(t, srv).ListPipelines(context.Background(), acmeAPI, &ci.ListPipelinesParams{})
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Query, "no token, no page-token")
}

func TestAllPipelinesFollowsTokens(t *testing.T) {
	srv := testkit.Start(t, page("t2", "5", "4"), page("t3", "3"), page("", "2", "1"))
	got, err := numbers(client(t, srv).AllPipelines(context.Background(), acmeAPI, &ci.ListPipelinesParams{PageToken: "t1"}))
	require.NoError(t, err)
	assert.Equal(t, []int64{5, 4, 3, 2, 1}, got)
	var queries []string
	for _, r := range srv.Requests() {
		queries = append(queries, r.Query)
	}
	assert.Equal(t, []string{"page-token=t1", "page-token=t2", "page-token=t3"}, queries, "starts at the given token, then each page's next")
}

func TestAllPipelinesSurfacesAFailingPage(t *testing.T) {
	srv := testkit.Start(t, page("t2", "2", "1"), testkit.Reply{Status: 404, Body: `{"message":"Project not found"}`})
	got, err := numbers(client(t, srv, conduit.WithMaxRetries(0)).AllPipelines(context.Background(), acmeAPI, nil))
	assert.Equal(t, []int64{2, 1}, got, "the first page's pipelines come before the error")
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "ci", Op: "ListPipelines", Status: 404, Message: "Project not found"})
	assert.Equal(t, 2, srv.Hits())
}

func TestAllPipelinesStopsWhenTheCallerDoes(t *testing.T) {
	srv := testkit.Start(t, page("t2", "2", "1"), page("", "0"))
	for p, err := range client(t, srv).AllPipelines(context.Background(), acmeAPI, nil) {
		require.NoError(t, err)
		assert.Equal(t, int64(2), p.Number)
		break
	}
	assert.Equal(t, 1, srv.Hits(), "no page is fetched after the range ends")
}

func TestAllPipelinesHonoursTheContext(t *testing.T) {
	srv := testkit.Start(t, page("t2", "2", "1"), page("", "0"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []int64
	var end error
	for p, err := range client(t, srv).AllPipelines(ctx, acmeAPI, nil) {
		if err != nil {
			end = err
			break
		}
		got = append(got, p.Number)
		cancel()
	}
	assert.Equal(t, []int64{2}, got, "nothing more once ctx ends")
	assert.ErrorIs(t, end, context.Canceled)
	testkit.Check(t, end, testkit.Shape{Service: "ci", Op: "ListPipelines"})
	assert.Equal(t, 1, srv.Hits())

	_, err := numbers(client(t, srv).AllPipelines(ctx, acmeAPI, nil))
	assert.ErrorIs(t, err, context.Canceled, "an ended context sends nothing")
	assert.Equal(t, 1, srv.Hits())
}

func TestAllPipelinesRefusesALoop(t *testing.T) {
	srv := testkit.Start(t, page("t2", "2"), page("t3", "1"), page("t2", "9"))
	got, err := numbers(client(t, srv).AllPipelines(context.Background(), acmeAPI, nil))
	assert.Equal(t, []int64{2, 1, 9}, got)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrMalformedResponse, Service: "ci", Op: "ListPipelines",
		Message: `the next page is "t2" again: the list would never end`})
	assert.Equal(t, 3, srv.Hits())
}

func TestAllPipelinesChecksTheSlugFirst(t *testing.T) {
	srv := testkit.Start(t)
	_, err := numbers(client(t, srv).AllPipelines(context.Background(), ci.ProjectSlug{VCS: "gh"}, nil))
	testkit.InvalidParam(t, err, "org")
	assert.Zero(t, srv.Hits())
}
