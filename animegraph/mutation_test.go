package animegraph_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/animegraph"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// documents are GraphQL documents and whether they define a mutation: an
// operation whose type is mutation, wherever it stands. The word anywhere
// else (a string, a block string, a comment, a field, an alias, an
// argument, a variable, an operation, fragment or directive name) makes
// no mutation.
var documents = []struct {
	name     string
	doc      string
	mutation bool
}{
	{"anonymous mutation", `mutation { SaveMediaListEntry(mediaId: 1, status: CURRENT) { id } }`, true},
	{"named mutation", `mutation Save($id: Int) { SaveMediaListEntry(mediaId: $id) { id } }`, true},
	{"after a comment", "# save the entry\nmutation { SaveMediaListEntry(mediaId: 1) { id } }", true},
	{"after a comment that says query", "# query { Media { id } }\nmutation { DeleteMediaListEntry(id: 1) { deleted } }", true},
	{"after a fragment", `fragment E on MediaList { id status } mutation { SaveMediaListEntry(mediaId: 1) { ...E } }`, true},
	{"after a named query", `query Read { Viewer { id } } mutation Write { ToggleFavourite(animeId: 1) { anime { nodes { id } } } }`, true},
	{"after a shorthand query", `{ Viewer { id } } mutation { ToggleFollow(userId: 2) { id } }`, true},
	{"after a description string", `"""saves"""` + "\nmutation { SaveMediaListEntry(mediaId: 1) { id } }", true},
	{"leading commas and whitespace", "\ufeff , \t\r\n mutation{SaveMediaListEntry(mediaId:1){id}}", true},
	{"with variables holding braces", `mutation ($o: MediaListOptionsInput = {scoreFormat: POINT_10}) { UpdateUser(scoreFormat: POINT_10) { id } }`, true},
	{"with a directive", `mutation @client { SaveMediaListEntry(mediaId: 1) { id } }`, true},

	{"plain query", `query { Media(id: 1) { id } }`, false},
	{"shorthand query", `{ Media(id: 1) { id } }`, false},
	{"subscription", `subscription { Media(id: 1) { id } }`, false},
	{"in a string argument", `query { Page { media(search: "mutation { x }") { id } } }`, false},
	{"in a string with an escaped quote", `query { Page { media(search: "a \" mutation { x }") { id } } }`, false},
	{"in a block string", `query { Page { media(search: """mutation { SaveMediaListEntry }""") { id } } }`, false},
	{"in a block string with an escaped triple quote", `query { Page { media(search: """ \""" mutation """) { id } } }`, false},
	{"in a comment", "query {\n  # mutation { SaveMediaListEntry(mediaId: 1) { id } }\n  Media(id: 1) { id }\n}", false},
	{"in a top-level comment", "# mutation\nquery { Media(id: 1) { id } }", false},
	{"as a field", `query { Media(id: 1) { mutation } }`, false},
	{"as an alias", `query { mutation: Media(id: 1) { id } }`, false},
	{"as a top-level field of the shorthand", `{ mutation { id } }`, false},
	{"as an enum argument", `query { Page { media(sort: mutation) { id } } }`, false},
	{"as a variable", `query ($mutation: String) { Page { media(search: $mutation) { id } } }`, false},
	{"as the operation name", `query mutation { Media(id: 1) { id } }`, false},
	{"as a fragment name", `fragment mutation on Media { id } query { Media(id: 1) { ...mutation } }`, false},
	{"as a type condition", `fragment F on mutation { id } query { Media(id: 1) { id } }`, false},
	{"as a directive", `query @mutation { Media(id: 1) { id } }`, false},
	{"as a prefix of a word", `mutations { x }`, false},
	{"in a second query's name", `query A { Viewer { id } } query mutation_log { Viewer { id } }`, false},
}

// A document that defines a mutation is a write: answered 5xx it is not
// sent again, since the mutation may have run; every other document is a
// read and is retried.
func TestMutationIsAWrite(t *testing.T) {
	for _, tc := range documents {
		t.Run(tc.name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: http.StatusInternalServerError, Body: `{"errors":[{"message":"Internal Server Error","status":500}],"data":null}`},
				testkit.Reply{Body: `{"data":{}}`})
			c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, testkit.Fast)
			err := c.Query(context.Background(), tc.doc, nil, nil)
			if tc.mutation {
				testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "animegraph", Op: "Query", Endpoint: "POST /", Status: 500,
					Code: "500", Message: "Internal Server Error"})
				assert.Equal(t, 1, srv.Hits(), "a mutation that may have run is not sent again")
			} else {
				assert.NoError(t, err)
				assert.Equal(t, 2, srv.Hits(), "a read is retried")
			}
			var sent struct{ Query string }
			require.NoError(t, json.Unmarshal(srv.Last(t).Body, &sent))
			assert.Equal(t, tc.doc, sent.Query, "the document is sent as written")
		})
	}
}

// A mutation answered 429 was not run, so it is sent again once the wait
// is over; so is one whose connection never reached the server.
func TestMutationRetriedWhenNotRun(t *testing.T) {
	doc := documents[0].doc
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusTooManyRequests, Header: []string{"Retry-After", "0"},
		Body: testkit.Fixture(t, "animegraph", "rate_limited.json")}, testkit.Reply{Body: `{"data":{"SaveMediaListEntry":{"id":7}}}`})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, testkit.Fast)
	var out struct{ SaveMediaListEntry struct{ ID int } }
	assert.NoError(t, c.Query(context.Background(), doc, nil, &out))
	assert.Equal(t, 7, out.SaveMediaListEntry.ID)
	assert.Equal(t, 2, srv.Hits())
}

// The document is the operation's own: a call's WithBodyField("query", …)
// could send a mutation classified as a read, so it is refused unsent.
func TestDocumentNotReplaced(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":{}}`})
	c := testkit.Client(t, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, testkit.Fast)
	err := c.Query(context.Background(), `{ Viewer { id } }`, nil, nil, conduit.WithBodyField("query", documents[0].doc))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "animegraph", Op: "Query", Field: "options"})
	assert.Equal(t, 0, srv.Hits())
}

func FuzzDocumentClassification(f *testing.F) {
	for _, tc := range documents {
		f.Add(tc.doc)
	}
	srv := testkit.Start(f, testkit.Reply{Status: http.StatusBadGateway})
	c := testkit.Client(f, animegraph.New, conduit.WithBaseURL(srv.URL), unlimited, conduit.WithRetryBackoff(0, 0), conduit.WithMaxRetries(1))
	f.Fuzz(func(t *testing.T, doc string) {
		before := srv.Hits()
		err := c.Query(context.Background(), doc, nil, nil)
		sent := srv.Hits() - before
		if err == nil || sent > 2 {
			t.Fatalf("%q: %d requests, error %v", doc, sent, err)
		}
		// A document that starts with the keyword is always a write.
		if strings.HasPrefix(doc, "mutation ") && sent != 1 {
			t.Fatalf("%q was sent %d times", doc, sent)
		}
	})
}
