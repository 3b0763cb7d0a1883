package animegraph

import (
	"context"
	"iter"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// root is the envelope of a query of one root field: data holds the record
// under the field's name, null when nothing matched.
type root[T any] struct {
	Data   map[string]*T `json:"data"`
	Errors Errors        `json:"errors"`
}

// declareRead declares a typed query: a POST to the base whose document
// may not be replaced, failed by any GraphQL error.
func declareRead[T any](name string) *transport.Endpoint[root[T]] {
	return transport.Declare(service, transport.Op{Name: name, Method: "POST", Fixed: []string{"query"}},
		func(r *root[T]) *transport.Problem { return r.Errors.problem() })
}

var (
	mediaByIDOp      = declareRead[Media]("MediaByID")
	searchMediaOp    = declareRead[MediaPage]("SearchMedia")
	characterOp      = declareRead[Character]("Character")
	staffOp          = declareRead[Staff]("Staff")
	studioOp         = declareRead[Studio]("Studio")
	airingScheduleOp = declareRead[AiringPage]("AiringSchedule")
	userOp           = declareRead[User]("User")
)

// read sends doc with vars and returns the record under field; a null one
// is ErrNotFound.
func read[T any](ctx context.Context, c *Client, op *transport.Endpoint[root[T]], field, doc string, vars map[string]any, opts []Option) (*T, error) {
	r, err := op.Do(ctx, c.t, transport.Call{Body: &request{Query: doc, Variables: vars}}, opts)
	if err != nil {
		return nil, err
	}
	if v := r.Data[field]; v != nil {
		return v, nil
	}
	return nil, op.Fail(c.t, transport.Call{}, transport.Problem{Kind: conduit.ErrNotFound, Message: "no " + field + " matches"})
}

// positiveID checks a record id.
func positiveID(op *transport.Op, id int64) error {
	if id <= 0 {
		return op.Invalid("id", "%d is not a positive id", id)
	}
	return nil
}

// MediaByID returns an anime or manga by its id, with the fields
// MediaByIDDocument selects. An unknown id is ErrNotFound.
func (c *Client) MediaByID(ctx context.Context, id int64, opts ...Option) (*Media, error) {
	if err := positiveID(mediaByIDOp.Op, id); err != nil {
		return nil, err
	}
	return read(ctx, c, mediaByIDOp, "Media", MediaByIDDocument, map[string]any{"id": id}, opts)
}

// maxPerPage is the most a page of the service holds.
const maxPerPage = 50

// PageParams choose a page of a listing.
type PageParams struct {
	// Page counts from 1; 0 is the first.
	Page int
	// PerPage is 1 to 50; 0 leaves the service's default.
	PerPage int
}

// vars checks p and adds it to v.
func (p PageParams) vars(op *transport.Op, v map[string]any) error {
	if p.Page < 0 {
		return op.Invalid("page", "%d is negative", p.Page)
	}
	if p.PerPage < 0 || p.PerPage > maxPerPage {
		return op.Invalid("perPage", "%d is outside 1..%d", p.PerPage, maxPerPage)
	}
	if p.Page > 0 {
		v["page"] = p.Page
	}
	if p.PerPage > 0 {
		v["perPage"] = p.PerPage
	}
	return nil
}

// SearchMediaParams are SearchMedia's inputs; each one left zero filters
// nothing.
type SearchMediaParams struct {
	PageParams
	// Search is the text to match titles against.
	Search string
	// Type is "ANIME" or "MANGA".
	Type string
	// Sort lists MediaSort values, first deciding most ("POPULARITY_DESC",
	// "SCORE_DESC", "SEARCH_MATCH").
	Sort []string
}

// vars checks p and returns SearchMediaDocument's variables.
func (p *SearchMediaParams) vars() (map[string]any, error) {
	op := searchMediaOp.Op
	v := map[string]any{}
	if p == nil {
		return v, nil
	}
	if err := p.PageParams.vars(op, v); err != nil {
		return nil, err
	}
	if p.Search != "" {
		if !utf8.ValidString(p.Search) {
			return nil, op.Invalid("search", "the search text is not valid UTF-8")
		}
		v["search"] = p.Search
	}
	switch p.Type {
	case "":
	case "ANIME", "MANGA":
		v["type"] = p.Type
	default:
		return nil, op.Invalid("type", "%q is neither ANIME nor MANGA", p.Type)
	}
	for _, s := range p.Sort {
		if !isName(s) || strings.ToUpper(s) != s {
			return nil, op.Invalid("sort", "%q is not a MediaSort value such as \"POPULARITY_DESC\"", s)
		}
	}
	if len(p.Sort) > 0 {
		v["sort"] = p.Sort
	}
	return v, nil
}

// SearchMedia returns one page of the anime and manga that match p, with
// its PageInfo. AllMedia walks every page.
func (c *Client) SearchMedia(ctx context.Context, p *SearchMediaParams, opts ...Option) (*MediaPage, error) {
	v, err := p.vars()
	if err != nil {
		return nil, err
	}
	return read(ctx, c, searchMediaOp, "Page", SearchMediaDocument, v, opts)
}

// AllMedia yields every anime and manga that match p, page after page from
// p.Page, until a page says there is no next one or comes back empty. It
// stops at the first error, yielding it once, and at the end of ctx.
func (c *Client) AllMedia(ctx context.Context, p *SearchMediaParams, opts ...Option) iter.Seq2[Media, error] {
	q := SearchMediaParams{}
	if p != nil {
		q = *p
	}
	return pages(ctx, c, searchMediaOp.Op, q.Page, func(n int) ([]Media, PageInfo, error) {
		q.Page = n
		pg, err := c.SearchMedia(ctx, &q, opts...)
		if err != nil {
			return nil, PageInfo{}, err
		}
		return pg.Media, pg.PageInfo, nil
	})
}

// pages walks a listing by page number with transport.Pages' guarantees.
func pages[T any](ctx context.Context, c *Client, op *transport.Op, first int, page func(n int) ([]T, PageInfo, error)) iter.Seq2[T, error] {
	return transport.Pages(ctx, c.t, op, strconv.Itoa(max(first, 1)), func(token string) ([]T, string, error) {
		n, _ := strconv.Atoi(token) // the iterator's own tokens
		items, info, err := page(n)
		if err != nil || !info.HasNextPage || len(items) == 0 {
			return items, "", err
		}
		return items, strconv.Itoa(n + 1), nil
	})
}

// Character returns a character by its id. An unknown id is ErrNotFound.
func (c *Client) Character(ctx context.Context, id int64, opts ...Option) (*Character, error) {
	if err := positiveID(characterOp.Op, id); err != nil {
		return nil, err
	}
	return read(ctx, c, characterOp, "Character", CharacterDocument, map[string]any{"id": id}, opts)
}

// Staff returns a person by their id. An unknown id is ErrNotFound.
func (c *Client) Staff(ctx context.Context, id int64, opts ...Option) (*Staff, error) {
	if err := positiveID(staffOp.Op, id); err != nil {
		return nil, err
	}
	return read(ctx, c, staffOp, "Staff", StaffDocument, map[string]any{"id": id}, opts)
}

// Studio returns a studio by its id, with its ten latest works. An unknown
// id is ErrNotFound.
func (c *Client) Studio(ctx context.Context, id int64, opts ...Option) (*Studio, error) {
	if err := positiveID(studioOp.Op, id); err != nil {
		return nil, err
	}
	return read(ctx, c, studioOp, "Studio", StudioDocument, map[string]any{"id": id}, opts)
}

// AiringScheduleParams are AiringSchedule's inputs; each one left zero
// filters nothing.
type AiringScheduleParams struct {
	PageParams
	// MediaID keeps one anime's episodes.
	MediaID int64
	// NotYetAired keeps the episodes still to come.
	NotYetAired bool
	// After and Before bound when the episodes air.
	After, Before time.Time
}

// vars checks p and returns AiringScheduleDocument's variables.
func (p *AiringScheduleParams) vars() (map[string]any, error) {
	op := airingScheduleOp.Op
	v := map[string]any{}
	if p == nil {
		return v, nil
	}
	if err := p.PageParams.vars(op, v); err != nil {
		return nil, err
	}
	if p.MediaID < 0 {
		return nil, op.Invalid("mediaId", "%d is negative", p.MediaID)
	}
	if p.MediaID > 0 {
		v["mediaId"] = p.MediaID
	}
	if p.NotYetAired {
		v["notYetAired"] = true
	}
	if !p.After.IsZero() {
		v["airingAt_greater"] = p.After.Unix()
	}
	if !p.Before.IsZero() {
		v["airingAt_lesser"] = p.Before.Unix()
	}
	if !p.After.IsZero() && !p.Before.IsZero() && !p.After.Before(p.Before) {
		return nil, op.Invalid("airingAt_lesser", "%s is not after %s", p.Before, p.After)
	}
	return v, nil
}

// AiringSchedule returns one page of episode airings that match p, soonest
// first. AllAiringSchedule walks every page.
func (c *Client) AiringSchedule(ctx context.Context, p *AiringScheduleParams, opts ...Option) (*AiringPage, error) {
	v, err := p.vars()
	if err != nil {
		return nil, err
	}
	return read(ctx, c, airingScheduleOp, "Page", AiringScheduleDocument, v, opts)
}

// AllAiringSchedule yields every episode airing that matches p, page after
// page, as AllMedia does.
func (c *Client) AllAiringSchedule(ctx context.Context, p *AiringScheduleParams, opts ...Option) iter.Seq2[AiringEpisode, error] {
	q := AiringScheduleParams{}
	if p != nil {
		q = *p
	}
	return pages(ctx, c, airingScheduleOp.Op, q.Page, func(n int) ([]AiringEpisode, PageInfo, error) {
		q.Page = n
		pg, err := c.AiringSchedule(ctx, &q, opts...)
		if err != nil {
			return nil, PageInfo{}, err
		}
		return pg.AiringSchedules, pg.PageInfo, nil
	})
}

// User returns a user's public profile and list statistics by user name.
// An unknown name is ErrNotFound.
func (c *Client) User(ctx context.Context, name string, opts ...Option) (*User, error) {
	if strings.TrimSpace(name) == "" || !utf8.ValidString(name) {
		return nil, userOp.Invalid("name", "%q is not a user name", name)
	}
	return read(ctx, c, userOp, "User", UserDocument, map[string]any{"name": name}, opts)
}
