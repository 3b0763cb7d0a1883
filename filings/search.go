package filings

import (
	"context"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// eftsURL is the placeholder of the SEC's full-text search host: the same
// contact rule and the same 10-per-second budget as the other two.
const eftsURL = "efts_url"

// WithSearchURL sets the base of FullTextSearch (the SEC's efts host),
// overriding CONDUIT_FILINGS_EFTS_URL.
func WithSearchURL(u string) Option { return service.SetBase(eftsURL, u) }

var searchOp = transport.Declare[SearchResults](service, transport.Op{Name: "FullTextSearch", Method: "GET",
	Base: eftsURL, Path: "/LATEST/search-index"}, nil)

// SearchPageSize is how many hits a page of FullTextSearch holds: the
// service's fixed page, which From moves through.
const SearchPageSize = 100

// SearchParams narrow FullTextSearch; each one left zero filters nothing.
type SearchParams struct {
	// Forms keeps filings of these form types ("10-K", "8-K").
	Forms []string
	// Start and End bound the filing date, both days included; either
	// alone leaves the other end open as far as the service searches
	// (filings since 2001).
	Start, End conduit.Date
	// From is the offset of the first hit, a multiple of SearchPageSize to
	// read page by page.
	From int
}

// query checks q and p and returns the request's query string.
func (p *SearchParams) query(q string) ([]string, error) {
	op := searchOp.Op
	if strings.TrimSpace(q) == "" {
		return nil, op.Invalid("q", "the search text is empty")
	}
	if !utf8.ValidString(q) {
		return nil, op.Invalid("q", "the search text is not valid UTF-8")
	}
	out := []string{"q", q}
	if p == nil {
		return out, nil
	}
	for _, f := range p.Forms {
		if strings.TrimSpace(f) == "" || strings.ContainsAny(f, ",\x00\r\n") {
			return nil, op.Invalid("forms", "%q is not a form type", f)
		}
	}
	if len(p.Forms) > 0 {
		out = append(out, "forms", strings.Join(p.Forms, ","))
	}
	for _, d := range []struct {
		name string
		d    conduit.Date
	}{{"startdt", p.Start}, {"enddt", p.End}} {
		if !d.d.IsZero() && !d.d.IsValid() {
			return nil, op.Invalid(d.name, "%s is not a date", d.d)
		}
	}
	if !p.Start.IsZero() && !p.End.IsZero() && p.End.Before(p.Start) {
		return nil, op.Invalid("enddt", "%s is before startdt %s", p.End, p.Start)
	}
	if !p.Start.IsZero() || !p.End.IsZero() {
		out = append(out, "dateRange", "custom")
		if !p.Start.IsZero() {
			out = append(out, "startdt", p.Start.String())
		}
		if !p.End.IsZero() {
			out = append(out, "enddt", p.End.String())
		}
	}
	if p.From < 0 {
		return nil, op.Invalid("from", "%d is negative", p.From)
	}
	if p.From > 0 {
		out = append(out, "from", strconv.Itoa(p.From))
	}
	return out, nil
}

// FullTextSearch returns one page of the filings whose text matches q, the
// service's full-text search syntax ("\"going concern\"" for a phrase),
// best match first, SearchPageSize hits a page. AllSearchHits walks the
// pages.
func (c *Client) FullTextSearch(ctx context.Context, q string, p *SearchParams, opts ...Option) (*SearchResults, error) {
	query, err := p.query(q)
	if err != nil {
		return nil, err
	}
	return searchOp.Do(ctx, c.t, transport.Call{Query: query}, opts)
}

// AllSearchHits yields every hit of FullTextSearch, page after page from
// p.From, until the hits reach the total the service counts or a page
// comes back empty. The service counts and serves at most 10,000 hits of
// one search (Total.Relation "gte" says there are more): narrow the
// search by Forms or dates to reach the rest. It stops at the first
// error, yielding it once.
func (c *Client) AllSearchHits(ctx context.Context, q string, p *SearchParams, opts ...Option) iter.Seq2[SearchHit, error] {
	sp := SearchParams{}
	if p != nil {
		sp = *p
	}
	if _, err := sp.query(q); err != nil {
		return transport.Refuse[SearchHit](err)
	}
	return transport.Pages(ctx, c.t, searchOp.Op, strconv.Itoa(sp.From), func(token string) ([]SearchHit, string, error) {
		sp.From, _ = strconv.Atoi(token) // the iterator's own tokens
		r, err := c.FullTextSearch(ctx, q, &sp, opts...)
		if err != nil {
			return nil, "", err
		}
		hits := r.Hits.Hits
		next := sp.From + len(hits)
		if len(hits) == 0 || next >= r.Hits.Total.Value {
			return hits, "", nil
		}
		return hits, strconv.Itoa(next), nil
	})
}

// SearchResults is a page of FullTextSearch, in the service's
// Elasticsearch shape. RawJSON returns it as sent, with the aggregations
// (hits by company, form, state) this package does not type.
type SearchResults struct {
	raw  `json:"-"`
	Hits struct {
		Total SearchTotal `json:"total"`
		Hits  []SearchHit `json:"hits"`
	} `json:"hits"`
}

// SearchTotal counts a search's hits: Value exactly when Relation is "eq",
// at least Value when it is "gte" (the service stops counting at 10,000).
type SearchTotal struct {
	Value    int    `json:"value"`
	Relation string `json:"relation"`
}

// SearchHit is one document of a filing that matched. RawJSON returns it
// as sent.
type SearchHit struct {
	raw `json:"-"`
	// ID is the filing's accession number and the document's file name,
	// joined by ":" ("0000320193-20-000096:aapl-20200926.htm").
	ID     string       `json:"_id"`
	Score  float64      `json:"_score"`
	Source SearchSource `json:"_source"`
}

// SearchSource describes the filing and document of a hit.
type SearchSource struct {
	// CIKs are the filers' 10-digit key numbers; DisplayNames their names
	// as shown, with ticker and CIK ("Apple Inc.  (AAPL)  (CIK 0000320193)"),
	// in the same order.
	CIKs         []string `json:"ciks"`
	DisplayNames []string `json:"display_names"`
	// ADSH is the filing's accession number.
	ADSH      string   `json:"adsh"`
	Form      string   `json:"form"`
	RootForms []string `json:"root_forms"`
	// FileType and FileDescription describe the matching document: the
	// form itself, or an exhibit ("EX-21.1").
	FileType        string       `json:"file_type"`
	FileDescription string       `json:"file_description"`
	FileDate        conduit.Date `json:"file_date"`
	// PeriodEnding is the end of the period reported on; nil or zero for
	// forms that report on none.
	PeriodEnding *conduit.Date `json:"period_ending"`
	FileNum      []string      `json:"file_num"`
	FilmNum      []string      `json:"film_num"`
	// Items are the 8-K items reported ("2.02").
	Items        []string `json:"items"`
	SICs         []string `json:"sics"`
	BizStates    []string `json:"biz_states"`
	BizLocations []string `json:"biz_locations"`
	IncStates    []string `json:"inc_states"`
}
