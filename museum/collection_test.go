package museum_test

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/museum"
)

func TestSearchSendsEveryFilterBeforeQ(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"total":0,"objectIDs":null}`})
	c := testkit.Client(t, museum.New, conduit.WithBaseURL(srv.URL))
	from, to := -500, 1800
	_, err := c.Search(context.Background(), "quilt", &museum.SearchParams{
		IsHighlight: true, Title: true, Tags: true, DepartmentID: 1, IsOnView: true, ArtistOrCulture: true,
		Medium: []string{"Quilts", "Silk", "Bedcovers"}, HasImages: true, GeoLocation: []string{"France", "Paris"},
		DateBegin: &from, DateEnd: &to,
	})
	require.NoError(t, err)
	assert.Equal(t, "isHighlight=true&title=true&tags=true&departmentId=1&isOnView=true&artistOrCulture=true"+
		"&medium=Quilts%7CSilk%7CBedcovers&hasImages=true&geoLocation=France%7CParis&dateBegin=-500&dateEnd=1800&q=quilt", srv.Last(t).Query)
}

func TestSearchWithoutFiltersSendsQAlone(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"total":0,"objectIDs":null}`})
	c := testkit.Client(t, museum.New, conduit.WithBaseURL(srv.URL))
	_, err := c.Search(context.Background(), "sunflowers", &museum.SearchParams{})
	require.NoError(t, err)
	assert.Equal(t, "q=sunflowers", srv.Last(t).Query)
}

func TestDepartments(t *testing.T) {
	srv := conduittest.NewServer(t)
	c := testkit.Client(t, museum.New, srv.Options("museum")...)
	d, err := c.Departments(context.Background())
	require.NoError(t, err)
	require.Len(t, d.Departments, 19)
	assert.Equal(t, museum.Department{DepartmentID: 21, DisplayName: "Modern Art"}, d.Departments[18])
	r, _ := srv.Last("museum", "Departments")
	assert.True(t, strings.HasSuffix(r.Path, "/v1/departments"), r.Path)
}

func TestObjectsQuery(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"total":0,"objectIDs":null}`}, testkit.Reply{Body: `{"total":2,"objectIDs":[1,2]}`})
	c := testkit.Client(t, museum.New, conduit.WithBaseURL(srv.URL))
	since, err := conduit.ParseDate("2018-10-22")
	require.NoError(t, err)
	r, err := c.Objects(context.Background(), &museum.ObjectsParams{MetadataDate: &since, DepartmentIDs: []int{3, 9, 12}})
	require.NoError(t, err)
	assert.NotNil(t, r.ObjectIDs, "no match is an empty list")
	assert.Empty(t, r.ObjectIDs)
	assert.Equal(t, "/v1/objects", srv.Last(t).Path)
	assert.Equal(t, "metadataDate=2018-10-22&departmentIds=3%7C9%7C12", srv.Last(t).Query)
	r, err = c.Objects(context.Background(), nil)
	require.NoError(t, err)
	assert.Equal(t, []int64{1, 2}, r.ObjectIDs)
	assert.Empty(t, srv.Last(t).Query)
}

func TestFetchObjectsKeepsInputOrderAndFailsPerObject(t *testing.T) {
	srv := conduittest.NewServer(t)
	c := testkit.Client(t, museum.New, srv.Options("museum")...)
	ids := []int64{544320, 999999999, 436535, 0, 855340, 436535}
	got := c.FetchObjects(context.Background(), ids, &museum.FetchParams{Workers: 3})
	require.Len(t, got, len(ids))
	for i, r := range got {
		assert.Equal(t, ids[i], r.ID)
		assert.True(t, (r.Object == nil) != (r.Err == nil), "result %d holds a record or an error", i)
	}
	assert.Equal(t, "Statuette of Anubis", got[0].Object.Title)
	assert.ErrorIs(t, got[1].Err, conduit.ErrNotFound)
	assert.Equal(t, int64(436535), got[2].Object.ObjectID)
	assert.ErrorIs(t, got[3].Err, conduit.ErrInvalidParam)
	assert.ErrorIs(t, got[4].Err, conduit.ErrNotFound)
	assert.Equal(t, int64(436535), got[5].Object.ObjectID)
}

// countingLimiter admits everything and counts the waits.
type countingLimiter struct{ n atomic.Int64 }

func (l *countingLimiter) Wait(context.Context, string) error { l.n.Add(1); return nil }

func TestFetchObjectsWaitsOnTheLimiterOncePerObjectAndBoundsWorkers(t *testing.T) {
	var inFlight, most atomic.Int64
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(5 * time.Millisecond)
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"objectID":` + strings.TrimPrefix(r.URL.Path, "/v1/objects/") + `,"title":"t"}`))
	}))
	c := testkit.Client(t, museum.New, conduit.WithBaseURL(srv.URL))
	lim := &countingLimiter{}
	ids := make([]int64, 20)
	for i := range ids {
		ids[i] = int64(i + 1)
	}
	got := c.FetchObjects(context.Background(), ids, &museum.FetchParams{Workers: 4, Limiter: lim})
	for i, r := range got {
		require.NoError(t, r.Err)
		assert.Equal(t, ids[i], r.Object.ObjectID)
	}
	assert.Equal(t, int64(20), lim.n.Load())
	assert.LessOrEqual(t, most.Load(), int64(4))
}

func TestFetchObjectsAfterCancelHoldsTheContextsError(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"objectID":1}`})
	c := testkit.Client(t, museum.New, conduit.WithBaseURL(srv.URL))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, r := range c.FetchObjects(ctx, []int64{1, 2, 3}, nil) {
		assert.ErrorIs(t, r.Err, context.Canceled)
	}
	assert.Zero(t, srv.Hits())
}
