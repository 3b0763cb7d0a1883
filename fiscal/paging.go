package fiscal

import (
	"context"
	"fmt"
	"iter"
	"net/url"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// all reads op's dataset page after page, each page validated and
// requested exactly as a page-at-a-time call would be.
func all[R any](ctx context.Context, c *Client, op *transport.Endpoint[Page[R]], p *PageParams, opts []Option) iter.Seq2[R, error] {
	first := PageParams{}
	if p != nil {
		first = *p
	}
	return walk(ctx, c, op, first, func(next *PageParams) (transport.Call, error) { return pageCall(op.Op, next) }, opts)
}

// walk reads op's pages from first on, building each page's call with
// build, through transport.Pages. It stops after a page whose links.next
// is null or whose data is empty, and refuses a next link that does not
// move forward, so a misbehaving server cannot make it loop: that page's
// records are yielded, then ErrMalformedResponse.
func walk[R any](ctx context.Context, c *Client, op *transport.Endpoint[Page[R]], first PageParams, build func(*PageParams) (transport.Call, error), opts []Option) iter.Seq2[R, error] {
	return transport.Pages(ctx, c.t, op.Op, pageToken(first.PageNumber, first.PageSize), func(token string) ([]R, string, error) {
		next := first
		next.PageNumber, next.PageSize = readPageToken(token)
		call, err := build(&next)
		if err != nil {
			return nil, "", err
		}
		pg, err := op.Do(ctx, c.t, call, opts)
		if err != nil {
			return nil, "", err
		}
		pg.typeRows()
		if pg.Links.Next == "" || len(pg.Data) == 0 {
			return pg.Data, "", nil
		}
		number, size, err := ParseLink(pg.Links.Next)
		if err == nil && number <= max(next.PageNumber, 1) {
			err = fmt.Errorf("links.next %q does not move past page %d", pg.Links.Next, max(next.PageNumber, 1))
		}
		if err != nil {
			return pg.Data, "", op.Fail(c.t, call, transport.Problem{Kind: conduit.ErrMalformedResponse, Message: err.Error()})
		}
		if size == 0 {
			size = next.PageSize
		}
		return pg.Data, pageToken(number, size), nil
	})
}

// pageToken is the walk's own token for a page: its number and size
// (either 0 when the caller left it to the service).
func pageToken(number, size int) string { return strconv.Itoa(number) + "," + strconv.Itoa(size) }

// readPageToken reads a token pageToken wrote.
func readPageToken(token string) (number, size int) {
	n, s, _ := strings.Cut(token, ",")
	number, _ = strconv.Atoi(n)
	size, _ = strconv.Atoi(s)
	return number, size
}

// ParseLink reads page[number] and page[size] from a links value, which the
// service sends as a query fragment ("&page%5Bnumber%5D=2&page%5Bsize%5D=100");
// a leading "?" or a whole URL is accepted too. page[number] must be there;
// size is 0 when page[size] is not.
func ParseLink(link string) (number, size int, err error) {
	if i := strings.IndexByte(link, '?'); i >= 0 {
		link = link[i+1:]
	}
	q, err := url.ParseQuery(link)
	if err != nil {
		return 0, 0, fmt.Errorf("links value %q is not a query: %w", link, err)
	}
	number, err = positive(q, "page[number]")
	if err != nil || number == 0 {
		return 0, 0, fmt.Errorf("links value %q has no valid page[number]", link)
	}
	if size, err = positive(q, "page[size]"); err != nil {
		return 0, 0, fmt.Errorf("links value %q has an invalid page[size]", link)
	}
	return number, size, nil
}

// positive reads a query value that must be a positive integer, or 0 when
// it is absent.
func positive(q url.Values, name string) (int, error) {
	vs, ok := q[name]
	if !ok {
		return 0, nil
	}
	n, err := strconv.Atoi(vs[0])
	if err != nil || n < 1 || len(vs) > 1 || strings.HasPrefix(vs[0], "+") {
		return 0, fmt.Errorf("%s %q is not one positive integer", name, vs)
	}
	return n, nil
}
