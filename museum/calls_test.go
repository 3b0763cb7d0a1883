package museum_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/museum"
)

// Do reaches an endpoint the package does not type below the same /v1
// base, credential-free like the typed calls; a write is sent once.
func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"departments":[{"departmentId":11,"displayName":"European Paintings"}]}`})
	c := testkit.Client(t, museum.New, conduit.WithBaseURL(srv.URL+"/public/collection"))
	var deps struct {
		Departments []struct {
			ID   int    `json:"departmentId"`
			Name string `json:"displayName"`
		} `json:"departments"`
	}
	require.NoError(t, c.Do(context.Background(), "GET", "/departments", nil, &deps))
	require.Len(t, deps.Departments, 1)
	assert.Equal(t, "European Paintings", deps.Departments[0].Name)
	r := srv.Last(t)
	testkit.OpenGET(t, r)
	assert.Equal(t, "/public/collection/v1/departments", r.Path)

	down := testkit.Start(t, testkit.Reply{Status: http.StatusServiceUnavailable, ContentType: "text/html", Body: "<html>Service Unavailable</html>"})
	w := testkit.Client(t, museum.New, conduit.WithBaseURL(down.URL), testkit.Fast)
	err := w.Do(context.Background(), "POST", "/objects", map[string]int{"objectID": 1}, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "museum", Op: "Do", Status: 503})
	assert.Equal(t, 1, down.Hits(), "a write is not retried")
}

// Per-call options reach the wire for that call only, and WithResponse
// reports the answer.
func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "museum", "search.json")})
	c := testkit.Client(t, museum.New, conduit.WithBaseURL(srv.URL))
	var resp conduit.Response
	_, err := c.Search(context.Background(), "sunflowers", &museum.SearchParams{HasImages: true},
		conduit.WithHeader("From", "curator@example.org"), conduit.WithQuery("departmentId", "11"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "curator@example.org", got.Header.Get("From"))
	assert.Equal(t, "hasImages=true&q=sunflowers&departmentId=11", got.Query)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	assert.Equal(t, srv.URL+"/v1/search?hasImages=true&q=sunflowers&departmentId=11", resp.URL)
	assert.Equal(t, 1, resp.Attempts)

	_, err = c.Search(context.Background(), "sunflowers", nil)
	require.NoError(t, err)
	assert.Empty(t, srv.Last(t).Header.Get("From"), "a call's options stay with that call")
	assert.Equal(t, "q=sunflowers", srv.Last(t).Query)

	_, err = c.Object(context.Background(), 436535, conduit.WithBodyField("x", 1))
	testkit.InvalidParam(t, err, "options")
	assert.Equal(t, 2, srv.Hits(), "a GET takes no body fields, and says so before sending")
}

// A base pasted with or without its /v1 reaches the same URL.
func TestBaseVersionSegment(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "museum", "object.json")})
	root := srv.URL + "/public/collection"
	for _, base := range []string{root, root + "/", root + "/v1", root + "/v1/"} {
		_, err := testkit.Client(t, museum.New, conduit.WithBaseURL(base)).Object(context.Background(), 436535)
		require.NoError(t, err, base)
		assert.Equal(t, "/public/collection/v1/objects/436535", srv.Last(t).Path, base)
	}
}
