// Package animegraph is a client for the anime graph interface: a GraphQL
// endpoint for anime metadata, where every request is a POST of a query
// document and its variables to the base URL itself.
//
// Base URL: the placeholder anime_url, set with conduit.WithBaseURL or
// CONDUIT_ANIME_URL. No credentials: the package makes public reads, which
// need no login (the spec's OAuth token is for user actions, which it does
// not describe).
//
// Limit: the service allows about 90 requests a minute without login, so
// every client holds to at most 90 per minute per host by default (shared by
// all clients of the process). conduit.WithRateLimit(n, per) sets another
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
// Query sends any document. Queries are read-only, so they are retried like
// GETs. A response with GraphQL errors is an *Error, even when it also holds
// partial data; GraphQLErrors recovers every error of it. Search text and
// other input never become part of a document: Media sends it as a GraphQL
// variable, and so should callers of Query.
package animegraph

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type. GraphQL errors in a response become one,
// with the first error's message and code; GraphQLErrors lists them all.
type Error = conduit.Error

// service keeps to the spec's "about 90 requests per minute without login"
// unless conduit.WithRateLimit says otherwise.
var service = &transport.Service{
	Name:  "animegraph",
	Bases: []string{"anime_url"},
	Limit: transport.Limit{N: 90, Per: time.Minute},
}

// Client calls the anime graph. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
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
func (c *Client) Media(ctx context.Context, search string) (*Media, error) {
	const op = "Media"
	if strings.TrimSpace(search) == "" {
		return nil, c.t.InvalidParam(op, "search", "the search text is empty")
	}
	if !utf8.ValidString(search) {
		return nil, c.t.InvalidParam(op, "search", "the search text is not valid UTF-8")
	}
	var data struct {
		Media json.RawMessage `json:"Media"`
	}
	if err := c.query(ctx, op, MediaDocument, map[string]any{"search": search}, &data); err != nil {
		return nil, err
	}
	var m Media
	if err := transport.DecodeJSON(data.Media, &m, malformed(op)); err != nil {
		return nil, err
	}
	return &m, nil
}

// Query sends document with variables (nil for none) and decodes the
// response's data into out, a pointer (nil to discard). GraphQL errors make
// it return an *Error; data that came with them is still decoded into out.
func (c *Client) Query(ctx context.Context, document string, variables map[string]any, out any) error {
	const op = "Query"
	if strings.TrimSpace(document) == "" {
		return c.t.InvalidParam(op, "query", "the query document is empty")
	}
	if out != nil {
		if v := reflect.ValueOf(out); v.Kind() != reflect.Pointer || v.IsNil() {
			return c.t.InvalidParam(op, "out", "want a non-nil pointer to decode data into, got %T", out)
		}
	}
	return c.query(ctx, op, document, variables, out)
}

func (c *Client) query(ctx context.Context, op, document string, variables map[string]any, out any) error {
	for name := range variables {
		if !isName(name) {
			return c.t.InvalidParam(op, "variables", "%q is not a GraphQL variable name", name)
		}
	}
	var r response
	req := &transport.Request{Op: op, Method: "POST", Body: &request{Query: document, Variables: variables}}
	err := c.t.Do(ctx, req, &r)
	var e *Error
	if errors.As(err, &e) {
		if e.Err == transport.ErrInvalidParam && e.Field == "" {
			e.Field = "variables" // the only input the body encoding can reject
			return e
		}
		attachErrors(e, r.Errors)
	}
	switch {
	case out == nil:
	case err == nil:
		err = transport.DecodeJSON(r.Data, out, malformed(op))
	case len(r.Errors) > 0 && len(r.Data) > 0 && !transport.IsNull(r.Data):
		// Partial data next to GraphQL errors: hand it over, but the
		// errors are the answer, so a misfit of the data is not reported.
		transport.DecodeJSON(r.Data, out, malformed(op))
	}
	return err
}

// attachErrors makes every GraphQL error of a failed response reachable
// from e through GraphQLErrors, and takes e.Code from the first when the
// core found none. A non-2xx answer's list is read back from e.Body.
func attachErrors(e *Error, list Errors) {
	if len(list) == 0 && len(e.Body) > 0 {
		var r response
		if transport.DecodeJSON(e.Body, &r, func(err error, _ string) error { return err }) == nil {
			list = r.Errors
		}
	}
	if len(list) == 0 {
		return
	}
	e.Err = list
	if e.Code == "" {
		e.Code = list[0].Code()
	}
	if e.Message == "" {
		e.Message = list[0].Message
	}
}

// malformed builds the error for data that does not fit the type it is
// decoded into. Its Endpoint is what the core reports for the POST to the
// base URL itself.
func malformed(op string) func(error, string) error {
	return func(err error, msg string) error {
		return &Error{Service: service.Name, Op: op, Endpoint: "POST /", Message: msg, Err: err}
	}
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
