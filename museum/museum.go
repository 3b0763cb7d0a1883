// Package museum is a client for the museum collection interface: object
// records of a museum's collection. Search returns object ids; each object
// is then fetched on its own with Object.
//
// Base URL: the placeholder museum_url, which carries the interface's v1
// segment (https://…/public/collection/v1), set with conduit.WithBaseURL or
// CONDUIT_MUSEUM_URL. No credentials; no published rate limit.
//
//	c, err := museum.New()
//	if err != nil {
//		return err
//	}
//	found, err := c.Search(ctx, "sunflowers", &museum.SearchParams{HasImages: true})
//	if err != nil || len(found.ObjectIDs) == 0 {
//		return err
//	}
//	obj, err := c.Object(ctx, found.ObjectIDs[0])
//	fmt.Println(obj.Title, obj.PrimaryImageSmall)
//
// Empty strings are normal in object records (no culture, no period, no
// image); they are kept as "", not treated as errors.
package museum

import (
	"context"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option is one of conduit's common options (conduit.WithBaseURL and the
// rest); the package needs no options of its own.
type Option = conduit.Option

// Error is returned by every call; it is conduit.Error, so one errors.As
// serves all conduit packages.
type Error = conduit.Error

// service is open: no credentials and no default rate limit.
var service = &transport.Service{Name: "museum", Bases: []string{"museum_url"}}

// Client holds the configuration of the museum collection interface and
// shares connections between calls. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New builds a Client from opts, falling back to CONDUIT_MUSEUM_URL for the
// base URL; a missing one is reported by the first call, before any I/O.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// Object returns the record of one object; id counts from 1.
func (c *Client) Object(ctx context.Context, id int64) (*Object, error) {
	const op = "Object"
	if id < 1 {
		return nil, c.t.InvalidParam(op, "objectID", "%d is not a positive object id", id)
	}
	var o Object
	req := &transport.Request{Op: op, Method: "GET", Path: "/objects/{objectID}", Args: []string{strconv.FormatInt(id, 10)}}
	if err := c.t.Do(ctx, req, &o); err != nil {
		return nil, err
	}
	return &o, nil
}

// SearchParams are Search's optional inputs.
type SearchParams struct {
	// HasImages skips objects without a photo (hasImages=true).
	HasImages bool
}

// Search returns the ids of the objects matching q. No match is a result
// with Total 0 and an empty ObjectIDs, not an error.
//
// hasImages is sent before q: the live service is known to ignore filters
// that follow q in the query string, and the spec fixes no order.
func (c *Client) Search(ctx context.Context, q string, p *SearchParams) (*SearchResponse, error) {
	const op = "Search"
	if strings.TrimSpace(q) == "" {
		return nil, c.t.InvalidParam(op, "q", "the search text is empty")
	}
	query := make([]string, 0, 4)
	if p != nil && p.HasImages {
		query = append(query, "hasImages", "true")
	}
	query = append(query, "q", q)
	var r SearchResponse
	if err := c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: "/search", Query: query}, &r); err != nil {
		return nil, err
	}
	if r.ObjectIDs == nil {
		r.ObjectIDs = []int64{}
	}
	return &r, nil
}
