package police_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/police"
)

// The iterators send exactly the request of the method they stream, and
// yield the same crimes, each with its own bytes.
func TestEachStreetCrimeSendsStreetCrimesRequest(t *testing.T) {
	body := `[{"category":"burglary","id":1,"month":"2024-01"},{"category":"drugs","id":2,"month":"2024-01"}]`
	srv := testkit.Start(t, testkit.Reply{Body: body})
	c := testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL+"/api"))
	ctx := context.Background()
	p := &police.StreetCrimesParams{Category: "burglary", Month: "2024-01"}
	for _, tc := range []struct {
		name  string
		whole func() ([]police.Crime, error)
		each  func() ([]police.Crime, error)
	}{
		{"point", func() ([]police.Crime, error) { return c.StreetCrimes(ctx, 52.6, -1.1, p) },
			func() ([]police.Crime, error) { return testkit.Drain(c.EachStreetCrime(ctx, 52.6, -1.1, p)) }},
		{"area", func() ([]police.Crime, error) { return c.StreetCrimesInArea(ctx, triangle, p) },
			func() ([]police.Crime, error) { return testkit.Drain(c.EachStreetCrimeInArea(ctx, triangle, p)) }},
	} {
		whole, err := tc.whole()
		require.NoError(t, err)
		sent := srv.Last(t)
		each, err := tc.each()
		require.NoError(t, err)
		streamed := srv.Last(t)
		assert.Equal(t, sent.Method+" "+sent.URI, streamed.Method+" "+streamed.URI, tc.name)
		require.Len(t, each, len(whole), tc.name)
		for i := range whole {
			assert.Equal(t, whole[i].ID, each[i].ID)
			assert.Equal(t, string(whole[i].RawJSON()), string(each[i].RawJSON()))
		}
	}
}

// The 503 of an area over 10,000 crimes means the same to the iterators.
func TestEachStreetCrimeTooManyCrimes(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 503, ContentType: "text/html", Body: "<html>busy</html>"})
	c := testkit.Client(t, police.New, conduit.WithBaseURL(srv.URL), conduit.WithMaxRetries(0))
	_, err := testkit.Drain(c.EachStreetCrimeInArea(context.Background(), triangle, nil))
	var e *conduit.Error
	require.True(t, errors.As(err, &e), "%v", err)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Contains(t, e.Message, "split it into smaller polygons")
	assert.Equal(t, "EachStreetCrimeInArea", e.Op)
}
