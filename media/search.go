package media

import (
	"context"
	"iter"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	resourceOp = transport.Declare(service, transport.Op{Name: "Resource", Method: "GET",
		Path: "/v1_1/{cloud}/resources/{resource_type}/{type}/{public_id...}"}, (*AssetDetails).problem)
	searchOp = transport.Declare(service, transport.Op{Name: "Search", Method: "POST", Path: "/v1_1/{cloud}/resources/search"},
		(*SearchResult).problem)
)

// ResourceParams are the optional inputs of Resource.
type ResourceParams struct {
	// ResourceType is the path segment: Image when empty, Video or Raw.
	ResourceType ResourceType
	// Type is the delivery type: "upload" when empty, "private",
	// "authenticated"…
	Type string
}

// Resource returns the details of one asset through the admin interface.
// A public id with folders ("products/mug") keeps its slashes; an asset
// the cloud does not have is ErrNotFound.
func (c *Client) Resource(ctx context.Context, publicID string, p *ResourceParams, opts ...Option) (*AssetDetails, error) {
	if p == nil {
		p = &ResourceParams{}
	}
	rt, err := resourceType(resourceOp.Op, p.ResourceType, false)
	if err != nil {
		return nil, err
	}
	if bad := publicIDProblem(publicID); bad != "" {
		return nil, resourceOp.Invalid("public_id", "%s", bad)
	}
	typ := p.Type
	if typ == "" {
		typ = "upload"
	}
	if bad := segmentProblem(typ); bad != "" {
		return nil, resourceOp.Invalid("type", "%s", bad)
	}
	return resourceOp.Do(ctx, c.t, transport.Call{Args: []string{c.cloud, rt, typ, publicID}}, opts)
}

// maxSearchResults is the largest page Search may ask for.
const maxSearchResults = 500

// SearchParams are the inputs of Search and AllSearch.
type SearchParams struct {
	// Expression selects assets in Cloudinary's search syntax
	// (expression): "resource_type:image AND tags=kitten"; empty matches
	// every asset.
	Expression string
	// SortBy orders the results (sort_by); empty is by created_at,
	// newest first.
	SortBy []SortField
	// MaxResults is the page size (max_results), 1 to 500; 0 leaves it to
	// the service (50).
	MaxResults int
	// NextCursor asks for the page a previous page's NextCursor names
	// (next_cursor); empty means the first page.
	NextCursor string
	// WithField adds members to each asset (with_field): "tags",
	// "context", "metadata", "image_metadata"…
	WithField []string
}

// SortField is one ordering of a search.
type SortField struct {
	Field      string // "created_at", "public_id", "bytes"…
	Descending bool
}

// searchBody is the JSON Search sends.
type searchBody struct {
	Expression string              `json:"expression,omitempty"`
	SortBy     []map[string]string `json:"sort_by,omitempty"`
	MaxResults int                 `json:"max_results,omitempty"`
	NextCursor string              `json:"next_cursor,omitempty"`
	WithField  []string            `json:"with_field,omitempty"`
}

// SearchResult is one page of a search.
type SearchResult struct {
	raw `json:"-"`
	failure
	// TotalCount counts every asset the expression matches, on all pages.
	TotalCount int            `json:"total_count"`
	Resources  []AssetDetails `json:"resources"`
	// NextCursor names the next page (SearchParams.NextCursor); it is
	// empty on the last page.
	NextCursor string `json:"next_cursor,omitempty"`
}

// Search finds assets through the admin search endpoint, one page a call.
// It only reads, so it is retried like a GET though it is sent as POST.
// Pass the page's NextCursor back for the next one, or use AllSearch.
func (c *Client) Search(ctx context.Context, p *SearchParams, opts ...Option) (*SearchResult, error) {
	body := searchBody{}
	if p != nil {
		if p.MaxResults < 0 || p.MaxResults > maxSearchResults {
			return nil, searchOp.Invalid("max_results", "%d is not between 1 and %d", p.MaxResults, maxSearchResults)
		}
		body = searchBody{Expression: p.Expression, MaxResults: p.MaxResults, NextCursor: p.NextCursor, WithField: p.WithField}
		for _, s := range p.SortBy {
			if s.Field == "" {
				return nil, searchOp.Invalid("sort_by", "a sort field has no name")
			}
			dir := "asc"
			if s.Descending {
				dir = "desc"
			}
			body.SortBy = append(body.SortBy, map[string]string{s.Field: dir})
		}
	}
	return searchOp.Do(ctx, c.t, transport.Call{Args: []string{c.cloud}, Body: body}, opts)
}

// AllSearch yields every asset the search matches, page after page,
// starting at p.NextCursor. It stops with the error of a page that fails,
// with ctx's error once ctx ends, and with ErrMalformedResponse if the
// service names a page it already sent. Each page is one Search call.
func (c *Client) AllSearch(ctx context.Context, p *SearchParams, opts ...Option) iter.Seq2[AssetDetails, error] {
	next := SearchParams{}
	if p != nil {
		next = *p
	}
	return transport.Pages(ctx, c.t, searchOp.Op, next.NextCursor, func(cursor string) ([]AssetDetails, string, error) {
		next.NextCursor = cursor
		r, err := c.Search(ctx, &next, opts...)
		if err != nil {
			return nil, "", err
		}
		return r.Resources, r.NextCursor, nil
	})
}
