// Package animegraph is a client for the anime graph interface: a GraphQL
// endpoint for anime metadata, where every request is a POST of a query
// document and its variables to the base URL itself.
//
// Base URL: the placeholder anime_url, by default the service's own
// https://graphql.anilist.co. Set another with conduit.WithBaseURL,
// CONDUIT_ANIMEGRAPH_ANIME_URL or CONDUIT_ANIMEGRAPH_URL
// (CONDUIT_ANIME_URL, the older name, still works). Public reads need no login and carry no credential. The signed-in
// user's calls, Viewer, MediaListCollection (with AllMediaListEntries),
// SaveMediaListEntry, DeleteMediaListEntry and ToggleFavourite, need the
// user's OAuth access token, set with WithToken or CONDUIT_ANIMEGRAPH_TOKEN
// and sent as "Authorization: Bearer <token>" by those calls alone;
// without one they fail before any I/O with ErrMissingCredential. (How a token is obtained, the
// service's OAuth flow, is the application's: conduit takes the token.)
//
// Limit: AniList documents 90 requests a minute but, in what it calls a
// degraded state, serves 30, and says so in every answer's
// X-RateLimit-Limit; so every client holds to at most 30 per minute per
// host by default (shared by all clients of the process), and the pace
// follows the X-RateLimit-Limit of each answer, down and up, per minute. conduit.WithRateLimit(n, per) sets another
// budget; conduit.WithRateLimit(0, 0) lifts it.
//
//	c, err := animegraph.New()
//	if err != nil {
//		return err
//	}
//	m, err := c.Media(ctx, "Cowboy Bebop")
//	if err != nil {
//		return err
//	}
//	fmt.Println(m.ID, m.Title.Romaji, *m.Episodes)
//
// Typed reads: Media (the spec's lookup), MediaByID, SearchMedia with
// AllMedia, Character, Staff, Studio, AiringSchedule with
// AllAiringSchedule, User, and the signed-in user's Viewer and
// MediaListCollection with AllMediaListEntries; each sends a fixed
// document, exported as a constant, with its inputs as GraphQL variables.
// Listings page through Page { pageInfo }, and their iterators ask for the
// next page while hasNextPage holds; a list collection comes in chunks of
// up to 500 entries, and AllMediaListEntries asks for the next while
// hasNextChunk holds. Typed mutations: SaveMediaListEntry,
// DeleteMediaListEntry and ToggleFavourite, each a write never sent again
// once it may have reached the server.
//
// Query sends any document. A document that defines a mutation is a write:
// sent again only when it provably did not run (a 429, a connection that
// never reached the server); any other document is a read, retried like a
// GET. A response with GraphQL errors is an *Error, even when it also holds
// partial data; GraphQLErrors recovers every error of it. Search text and
// other input never become part of a document: Media sends it as a GraphQL
// variable, and so should callers of Query.
//
// # Failures
//
// The service answers a failure with a real HTTP status and a GraphQL body,
// {"errors": [{"message", "status", "locations"}], "data": …}, whose
// entries repeat the status they mean. The first entry's status (or its
// extensions.code) is Error.Code and its message Error.Message; the whole
// list is Error.Detail (GraphQLErrors). No request id is sent. Every answer
// carries X-RateLimit-Limit and -Remaining, read into Error.RateLimit and
// conduit.Response.
//
//	service sends                                   conduit reports
//	429, errors status 429                          ErrRateLimited; retried after Retry-After
//	                                                  (seconds), else X-RateLimit-Reset (epoch)
//	404, errors status 404 ("Not Found.")           ErrNotFound; Media's no match
//	400, errors status 400 (syntax, validation,     ErrAPI, not retried; a validation's fields
//	  "Invalid token")                                stay in the GraphQL error's RawJSON
//	401, errors status 401                          ErrUnauthorized
//	403 with errors status 403                      ErrUnauthorized
//	403 without a GraphQL body (an edge's page)     ErrAPI, not retried: reads need no credential
//	5xx, errors status 500                          ErrAPI; queries retried, mutations not
//	200 with data and errors (partial data)         the error its first entry's status means; Query
//	                                                  still decodes the data into out
//	200 with a null root (no such id or user)       ErrNotFound, from the typed reads
//	a call of the signed-in user without a token    ErrMissingCredential, before any I/O
//	a list chunk repeating entries already read     ErrMalformedResponse, from AllMediaListEntries
//
// Not typed: the rest of the schema (reviews, threads, activities,
// recommendations, other mutations); Query sends
// any document for the reads, and Do with the token in a header for the
// other user actions. A typed method for each would grow the package by
// the schema's size for reads one document already serves.
package animegraph

import (
	"context"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/limits"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// service keeps to the 30 requests a minute AniList serves (its documented
// 90, the spec's figure, is what it advertised before its degraded state),
// retuned by each answer's X-RateLimit-Limit, unless conduit.WithRateLimit
// says otherwise. GraphQL errors carry the
// HTTP-like status of each failure in a "status" member, which decides
// before the answer's own status (a 200 with partial data can hold a 404).
// The reads need no credential, so a 403 page without a GraphQL body is an
// edge refusing the caller, not a credential to fix.
var service = transport.Register(&transport.Service{
	Name:   "animegraph",
	Bases:  []transport.Base{{Name: "anime_url", Option: "conduit.WithBaseURL", Default: "https://graphql.anilist.co"}},
	Values: []transport.Value{{Name: "token", Option: "animegraph.WithToken", Secret: true}},
	Limit:  limits.Limit{N: 30, Per: time.Minute, Advertised: true},
	Errors: transport.Profile{
		Code:    []string{"errors.0.status"},
		Message: []string{"errors.0.message"},
		Status:  map[int]transport.Meaning{403: transport.Failed},
		Codes: map[string]transport.Meaning{
			"401": transport.Unauthorized, "403": transport.Unauthorized,
			"404": transport.NotFound, "429": transport.RateLimited,
		},
		ResetUnit: limits.EpochSeconds,
	},
})

var (
	mediaOp = transport.Declare(service, transport.Op{Name: "Media", Method: "POST", Fixed: []string{"query"}},
		func(r *mediaResponse) *transport.Problem { return r.Errors.problem() })
	queryOp = transport.Declare(service, transport.Op{Name: "Query", Method: "POST", Fixed: []string{"query"}},
		func(r *response) *transport.Problem { return r.Errors.problem() })
)

// Do calls any path of the service, for an endpoint this package does not
// type, with the same base URL, limits, retries and errors as the typed
// methods; see conduit's documentation of Do.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// MediaDocument is the fixed query Media sends; the search text travels only
// in its $search variable.
const MediaDocument = `query ($search: String) {
  Media(search: $search, type: ANIME) {
    id
    title {
      romaji
      english
    }
    episodes
    averageScore
  }
}`

// Media looks up the anime that best matches search. No match is an *Error
// matching conduit.ErrNotFound.
func (c *Client) Media(ctx context.Context, search string, opts ...Option) (*Media, error) {
	if strings.TrimSpace(search) == "" {
		return nil, mediaOp.Invalid("search", "the search text is empty")
	}
	if !utf8.ValidString(search) {
		return nil, mediaOp.Invalid("search", "the search text is not valid UTF-8")
	}
	r, err := mediaOp.Do(ctx, c.t, transport.Call{Body: &request{Query: MediaDocument, Variables: map[string]any{"search": search}}}, opts)
	if err != nil {
		return nil, err
	}
	if r.Data.Media == nil {
		return nil, mediaOp.Fail(c.t, transport.Call{}, transport.Problem{Kind: conduit.ErrNotFound, Message: "no anime matches the search"})
	}
	return r.Data.Media, nil
}

// Query sends document with variables (nil for none) and decodes the
// response's data into out, a pointer (nil to discard). GraphQL errors make
// it return an *Error; data that came with them is still decoded into out.
// A document that defines a mutation is a write: never retried once it may
// have reached the server.
func (c *Client) Query(ctx context.Context, document string, variables map[string]any, out any, opts ...Option) error {
	if strings.TrimSpace(document) == "" {
		return queryOp.Invalid("query", "the query document is empty")
	}
	if out != nil {
		if v := reflect.ValueOf(out); v.Kind() != reflect.Pointer || v.IsNil() {
			return queryOp.Invalid("out", "want a non-nil pointer to decode data into, got %T", out)
		}
	}
	for name := range variables {
		if !isName(name) {
			return queryOp.Invalid("variables", "%q is not a GraphQL variable name", name)
		}
	}
	if _, err := wire.Encode(variables); err != nil {
		return queryOp.Invalid("variables", "cannot be sent as JSON: %v", err)
	}
	var r response
	err := queryOp.Into(ctx, c.t, transport.Call{Body: &request{Query: document, Variables: variables}, Write: isMutation(document)}, opts, &r)
	if out == nil {
		return err
	}
	if err != nil {
		// Partial data next to GraphQL errors: hand it over, but the
		// errors are the answer, so a misfit of the data is not reported.
		if len(r.Data) > 0 && string(r.Data) != "null" {
			conduit.Unmarshal(r.Data, out)
		}
		return err
	}
	if derr := transport.DecodeRecord(r.Data, out); derr != nil {
		return queryOp.Fail(c.t, transport.Call{}, transport.Problem{Kind: conduit.ErrMalformedResponse, Message: "decoding the data: " + derr.Error(), Body: r.Data})
	}
	return nil
}

// isName reports whether s is a GraphQL name: [_A-Za-z][_0-9A-Za-z]*.
func isName(s string) bool {
	for i := range len(s) {
		ch := s[i]
		if ch != '_' && (ch < 'a' || ch > 'z') && (ch < 'A' || ch > 'Z') && (i == 0 || ch < '0' || ch > '9') {
			return false
		}
	}
	return s != ""
}
