package fiscal_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// pager serves page n with one record dated 2024-01-<n> and links.next set
// to next[n-1] (null when "" or past the end); it records each request.
type pager struct{ *testkit.Server }

func newPager(t *testing.T, next ...string) pager {
	return pager{testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := strconv.Atoi(r.URL.Query().Get("page[number]"))
		if err != nil {
			n = 1
		}
		link := "null"
		if n <= len(next) && next[n-1] != "" {
			link = strconv.Quote(next[n-1])
		}
		testkit.Reply{Body: fmt.Sprintf(`{"data":[{"record_date":"2024-01-%02d"}],"meta":{"count":1},"links":{"next":%s}}`, n, link)}.ServeHTTP(w, r)
	}))}
}

// seen is the raw query of each request, in order.
func (p pager) seen() []string {
	var qs []string
	for _, r := range p.Requests() {
		qs = append(qs, r.Query)
	}
	return qs
}

func (p pager) client(t *testing.T) *fiscal.Client {
	return testkit.Client(t, fiscal.New, conduit.WithBaseURL(p.URL), conduit.WithMaxRetries(0))
}

func dates(t *testing.T, seq func(func(fiscal.DebtRecord, error) bool)) ([]string, error) {
	var out []string
	for rec, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, string(rec.RecordDate))
	}
	return out, nil
}

func TestIteratorFollowsNext(t *testing.T) {
	p := newPager(t, "&page%5Bnumber%5D=2&page%5Bsize%5D=1", "?page%5Bnumber%5D=3&page%5Bsize%5D=1", "")
	got, err := dates(t, p.client(t).AllDebtToPenny(context.Background(), &fiscal.PageParams{Sort: "-record_date", PageSize: 50}))
	require.NoError(t, err)
	assert.Equal(t, []string{"2024-01-01", "2024-01-02", "2024-01-03"}, got)
	assert.Equal(t, []string{
		"sort=-record_date&page%5Bsize%5D=50",
		"sort=-record_date&page%5Bsize%5D=1&page%5Bnumber%5D=2",
		"sort=-record_date&page%5Bsize%5D=1&page%5Bnumber%5D=3",
	}, p.seen(), "each next page goes through the same typed request, sort kept")
}

func TestIteratorStartsAtPageNumber(t *testing.T) {
	p := newPager(t, "", "", "&page%5Bnumber%5D=4")
	got, err := dates(t, p.client(t).AllDebtToPenny(context.Background(), &fiscal.PageParams{PageNumber: 3}))
	require.NoError(t, err)
	assert.Equal(t, []string{"2024-01-03", "2024-01-04"}, got)
	assert.Equal(t, []string{"page%5Bnumber%5D=3", "page%5Bnumber%5D=4"}, p.seen())
}

func TestIteratorBreak(t *testing.T) {
	p := newPager(t, "&page%5Bnumber%5D=2", "&page%5Bnumber%5D=3", "")
	for range p.client(t).AllDebtToPenny(context.Background(), nil) {
		break
	}
	assert.Len(t, p.seen(), 1, "no page is read after the caller stops")
}

func TestIteratorContext(t *testing.T) {
	p := newPager(t, "&page%5Bnumber%5D=2", "&page%5Bnumber%5D=3", "")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []string
	var last error
	for rec, err := range p.client(t).AllDebtToPenny(ctx, nil) {
		if err != nil {
			last = err
			continue
		}
		got = append(got, string(rec.RecordDate))
		cancel()
	}
	assert.Equal(t, []string{"2024-01-01"}, got)
	assert.ErrorIs(t, last, context.Canceled, "stops with the context's error")
	var e *fiscal.Error
	require.ErrorAs(t, last, &e, "an *Error, as every walk of the core yields")
	assert.Equal(t, "AllDebtToPenny", e.Op)
	assert.Len(t, p.seen(), 1)

	_, err := dates(t, p.client(t).AllDebtToPenny(ctx, nil))
	assert.ErrorIs(t, err, context.Canceled, "a cancelled context reads nothing")
	require.ErrorAs(t, err, &e)
	assert.Len(t, p.seen(), 1)
}

func TestIteratorBadNext(t *testing.T) {
	for _, next := range []string{"&page%5Bnumber%5D=1", "&page%5Bsize%5D=10", "&page%5Bnumber%5D=two", "&page%5Bnumber%5D=2&page%5Bsize%5D=-5", "%zz"} {
		p := newPager(t, next)
		got, err := dates(t, p.client(t).AllDebtToPenny(context.Background(), nil))
		assert.Equal(t, []string{"2024-01-01"}, got, next)
		var e *fiscal.Error
		require.ErrorAs(t, err, &e, next)
		assert.ErrorIs(t, err, conduit.ErrMalformedResponse, next)
		assert.Equal(t, "AllDebtToPenny", e.Op, next)
		assert.Contains(t, e.Message, "links", next)
		assert.Len(t, p.seen(), 1, next)
	}
}

func TestIteratorErrorMidway(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":[{"record_date":"2024-01-01"},{"record_date":"2024-01-02"}],"links":{"next":"&page%5Bnumber%5D=2"}}`},
		testkit.Reply{Status: http.StatusBadGateway, ContentType: "text/plain; charset=utf-8", Body: "upstream down\n"})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL), conduit.WithMaxRetries(0))
	got, err := dates(t, c.AllDebtToPenny(context.Background(), nil))
	assert.Equal(t, []string{"2024-01-01", "2024-01-02"}, got)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "fiscal", Op: "AllDebtToPenny", Status: 502, Message: "upstream down"})
}

func TestParseLink(t *testing.T) {
	good := []struct {
		in           string
		number, size int
	}{
		{"&page%5Bnumber%5D=2&page%5Bsize%5D=100", 2, 100},
		{"&page%5Bsize%5D=3&page%5Bnumber%5D=7", 7, 3},
		{"page[number]=5", 5, 0},
		{"?page%5Bnumber%5D=9&page%5Bsize%5D=1&sort=-record_date", 9, 1},
		{"https://example.com/v2/accounting/od/debt_to_penny?page%5Bnumber%5D=4&page%5Bsize%5D=20", 4, 20},
	}
	for _, tc := range good {
		n, s, err := fiscal.ParseLink(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.number, n, tc.in)
		assert.Equal(t, tc.size, s, tc.in)
	}
	for _, in := range []string{"", "&", "&page%5Bsize%5D=1", "&page%5Bnumber%5D=0", "&page%5Bnumber%5D=-2", "&page%5Bnumber%5D=+2",
		"&page%5Bnumber%5D=1&page%5Bnumber%5D=2", "&page%5Bnumber%5D=2&page%5Bsize%5D=0", "&page%5Bnumber%5D=2&page%5Bsize%5D=x",
		"&page%5Bnumber%5D=99999999999999999999", "&page%5Bnumber%5D=%zz", "&page[number]=1;x=2"} {
		_, _, err := fiscal.ParseLink(in)
		assert.Error(t, err, in)
	}
}

func FuzzParseLink(f *testing.F) {
	for _, s := range []string{"&page%5Bnumber%5D=2&page%5Bsize%5D=100", "page[number]=1", "?a=b", "%", "&page%5Bnumber%5D=0", "http://x/?page[number]=3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		n, s, err := fiscal.ParseLink(in)
		if err != nil {
			if n != 0 || s != 0 {
				t.Fatalf("%q: values with an error", in)
			}
			return
		}
		if n < 1 || s < 0 {
			t.Fatalf("%q: page %d size %d", in, n, s)
		}
		back := fmt.Sprintf("&page%%5Bnumber%%5D=%d", n)
		if s > 0 {
			back += fmt.Sprintf("&page%%5Bsize%%5D=%d", s)
		}
		if n2, s2, err := fiscal.ParseLink(back); err != nil || n2 != n || s2 != s {
			t.Fatalf("%q: %d/%d does not round-trip: %d/%d %v", in, n, s, n2, s2, err)
		}
	})
}
