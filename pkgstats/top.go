package pkgstats

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"strconv"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// The service pages its lists by number, 1 to 100, of at most 100 items.
const (
	maxPage  = 100
	maxLimit = 100
)

var (
	topPackagesOp = transport.Declare[[]TopPackage](service, transport.Op{Name: "TopPackages", Method: "GET",
		Path: "/stats/packages"}, nil)
	allTopPackagesOp = transport.Declare[[]TopPackage](service, transport.Op{Name: "AllTopPackages", Method: "GET",
		Path: "/stats/packages"}, nil)
	networkOp = transport.Declare[Network](service, transport.Op{Name: "Network", Method: "GET",
		Path: "/stats/network"}, nil)
)

// TopParams are the inputs of the ranked lists (TopPackages, TopVersions);
// zero values leave the choice to the service.
type TopParams struct {
	// Period is as in StatsParams; the service's default is "month".
	Period string
	// Type keeps packages of one registry type, "npm" or "gh"
	// (TopPackages only).
	Type string
	// By ranks by "hits" (the default) or "bandwidth".
	By string
	// Limit is the items a page, 1 to 100 (the default).
	Limit int
	// Page is the page, 1 (the default) to 100.
	Page int
}

// query validates p and renders it; withType says whether Type applies.
func (p *TopParams) query(op *transport.Op, withType bool) ([]string, error) {
	if p == nil {
		return nil, nil
	}
	var q []string
	if p.By != "" {
		if p.By != "hits" && p.By != "bandwidth" {
			return nil, op.Invalid("by", "%q is neither hits nor bandwidth", p.By)
		}
		q = append(q, "by", p.By)
	}
	if p.Type != "" {
		if !withType || (p.Type != "npm" && p.Type != "gh") {
			return nil, op.Invalid("type", "%q is not a type this list filters by (npm, gh on TopPackages)", p.Type)
		}
		q = append(q, "type", p.Type)
	}
	period, err := (&StatsParams{Period: p.Period}).query(op)
	if err != nil {
		return nil, err
	}
	q = append(q, period...)
	if p.Limit < 0 || p.Limit > maxLimit {
		return nil, op.Invalid("limit", "%d is outside 1..%d", p.Limit, maxLimit)
	}
	if p.Limit > 0 {
		q = append(q, "limit", strconv.Itoa(p.Limit))
	}
	if p.Page < 0 || p.Page > maxPage {
		return nil, op.Invalid("page", "%d is outside 1..%d", p.Page, maxPage)
	}
	if p.Page > 0 {
		q = append(q, "page", strconv.Itoa(p.Page))
	}
	return q, nil
}

// TopPackage is one package of TopPackages with its totals over the
// period. RawJSON returns it as sent.
type TopPackage struct {
	raw       `json:"-"`
	Type      string `json:"type"`
	Name      string `json:"name"`
	Hits      int64  `json:"hits"`
	Bandwidth int64  `json:"bandwidth"`
	// Prev holds the totals of the period before.
	Prev struct {
		Hits      int64 `json:"hits"`
		Bandwidth int64 `json:"bandwidth"`
	} `json:"prev"`
	// Links.Self leads to the package's stats, Links.Versions to its
	// versions' (TopVersions).
	Links Links `json:"links"`
}

// TopPackages returns one page of the most served packages of the period.
func (c *Client) TopPackages(ctx context.Context, p *TopParams, opts ...Option) ([]TopPackage, error) {
	q, err := p.query(topPackagesOp.Op, true)
	if err != nil {
		return nil, err
	}
	list, err := topPackagesOp.Do(ctx, c.t, transport.Call{Query: q}, opts)
	if err != nil {
		return nil, err
	}
	return *list, nil
}

// AllTopPackages yields the most served packages page after page, from
// p's page on. It stops after an empty page, a page shorter than the
// limit, or page 100, the last the service serves; at the first error,
// which it yields; and with an error when a page repeats the one before
// (a server ignoring page would otherwise loop). A cancelled ctx ends it
// with an *Error wrapping ctx's error before the next page or item.
func (c *Client) AllTopPackages(ctx context.Context, p *TopParams, opts ...Option) iter.Seq2[TopPackage, error] {
	return pages(ctx, c, allTopPackagesOp, p, true, nil, nil, opts)
}

// pages walks a numbered list through transport.Pages; err is a failed
// check of the inputs, yielded before any request.
func pages[T any](ctx context.Context, c *Client, op *transport.Endpoint[[]T], p *TopParams, withType bool, err error, args []string, opts []Option) iter.Seq2[T, error] {
	if err != nil {
		return transport.Refuse[T](err)
	}
	start := TopParams{}
	if p != nil {
		start = *p
	}
	limit := cmpOr(start.Limit, maxLimit)
	return func(yield func(T, error) bool) {
		var prev []byte // the first item of the page before, which a repeat repeats
		for it, err := range transport.Pages(ctx, c.t, op.Op, strconv.Itoa(cmpOr(start.Page, 1)), func(token string) ([]T, string, error) {
			next := start
			next.Page, _ = strconv.Atoi(token) // the walk's own tokens
			q, err := next.query(op.Op, withType)
			if err != nil {
				return nil, "", err
			}
			call := transport.Call{Args: args, Query: q}
			list, err := op.Do(ctx, c.t, call, opts)
			if err != nil {
				return nil, "", err
			}
			items := *list
			if len(items) == 0 {
				return nil, "", nil
			}
			first := firstRaw(items)
			if prev != nil && string(first) == string(prev) {
				return nil, "", op.Fail(c.t, call, transport.Problem{Kind: conduit.ErrMalformedResponse,
					Message: fmt.Sprintf("page %d repeats page %d: the list would never end", next.Page, next.Page-1)})
			}
			prev = first
			if len(items) < limit || next.Page == maxPage {
				return items, "", nil
			}
			return items, strconv.Itoa(next.Page + 1), nil
		}) {
			if !yield(it, err) {
				return
			}
		}
	}
}

// firstRaw is the bytes of a page's first item, which a repeated page
// repeats.
func firstRaw[T any](items []T) []byte {
	if r, ok := any(&items[0]).(interface{ RawJSON() json.RawMessage }); ok {
		return r.RawJSON()
	}
	return nil
}

func cmpOr(n, def int) int {
	if n == 0 {
		return def
	}
	return n
}

// NetworkParams are Network's optional inputs.
type NetworkParams struct {
	// Period is as in StatsParams.
	Period string
	// Continent ("EU") or Country ("DE", ISO 3166-1 alpha-2) limits the
	// figures to one place; the two exclude each other.
	Continent, Country string
}

// Network is the result of Network: the whole CDN's hits and bandwidth
// over the period, by provider. RawJSON returns it as sent.
type Network struct {
	raw       `json:"-"`
	Hits      NetworkUsage `json:"hits"`
	Bandwidth NetworkUsage `json:"bandwidth"`
}

// NetworkUsage is one measure of Network.
type NetworkUsage struct {
	Total int64 `json:"total"`
	// Providers are the CDNs that served traffic in the period ("CF"
	// Cloudflare, "FY" Fastly, "BN" Bunny, "GC" Gcore…).
	Providers []Provider `json:"providers"`
	Prev      struct {
		Total int64 `json:"total"`
	} `json:"prev"`
}

// Provider is one CDN's share of a NetworkUsage.
type Provider struct {
	Code  string `json:"code"`
	Name  string `json:"name"`
	Total int64  `json:"total"`
	// Dates maps each day of the period to the provider's total.
	Dates map[conduit.Date]struct {
		Total int64 `json:"total"`
	} `json:"dates"`
	Prev struct {
		Total int64 `json:"total"`
	} `json:"prev"`
}

// Network returns the hits and bandwidth the whole network served in the
// period, by provider and day.
func (c *Client) Network(ctx context.Context, p *NetworkParams, opts ...Option) (*Network, error) {
	var q []string
	if p != nil {
		switch {
		case p.Continent != "" && p.Country != "":
			return nil, networkOp.Invalid("country", "continent and country exclude each other")
		case p.Continent != "" && !upper(p.Continent, 2):
			return nil, networkOp.Invalid("continent", "%q is not a two-letter continent code such as EU", p.Continent)
		case p.Country != "" && !upper(p.Country, 2):
			return nil, networkOp.Invalid("country", "%q is not an ISO 3166-1 alpha-2 code such as DE", p.Country)
		}
		if p.Continent != "" {
			q = append(q, "continent", p.Continent)
		}
		if p.Country != "" {
			q = append(q, "country", p.Country)
		}
		period, err := (&StatsParams{Period: p.Period}).query(networkOp.Op)
		if err != nil {
			return nil, err
		}
		q = append(q, period...)
	}
	return networkOp.Do(ctx, c.t, transport.Call{Query: q}, opts)
}

// upper reports whether s is n upper-case ASCII letters.
func upper(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < n; i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
