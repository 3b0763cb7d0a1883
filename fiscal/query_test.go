package fiscal_test

import (
	"context"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const onePage = `{"data":[{"record_date":"2024-12-31","country_currency_desc":"Canada-Dollar","exchange_rate":"1.437","src_line_nbr":"1","effective_date":"null"}],
"meta":{"count":1,"dataTypes":{"record_date":"DATE","country_currency_desc":"STRING","exchange_rate":"NUMBER","src_line_nbr":"INTEGER","effective_date":"DATE"},"total-count":1,"total-pages":1},
"links":{"self":"&page%5Bnumber%5D=1&page%5Bsize%5D=100","next":null}}`

func TestQuerySendsEveryPartAsTheServiceDocumentsIt(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: onePage})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL+"/services/api/fiscal_service"))
	_, err := c.Query(context.Background(), "/v1/accounting/od/rates_of_exchange", &fiscal.Query{
		Fields: []string{"record_date", "exchange_rate"},
		Filters: []fiscal.Filter{fiscal.Gte("record_date", "2024-01-01"), fiscal.Lt("exchange_rate", "2"),
			fiscal.Lte("src_line_nbr", "9"), fiscal.Gt("record_fiscal_year", "2023"), fiscal.Eq("currency", "Dollar"),
			fiscal.In("country", "Canada", "Euro Zone")},
		Sort:       []string{"-record_date", "country"},
		PageSize:   10000,
		PageNumber: 3,
	})
	require.NoError(t, err)
	r := srv.Last(t)
	assert.Equal(t, "/services/api/fiscal_service/v1/accounting/od/rates_of_exchange", r.Path)
	q, err := url.ParseQuery(r.Query)
	require.NoError(t, err)
	assert.Equal(t, url.Values{
		"fields":       {"record_date,exchange_rate"},
		"filter":       {"record_date:gte:2024-01-01,exchange_rate:lt:2,src_line_nbr:lte:9,record_fiscal_year:gt:2023,currency:eq:Dollar,country:in:(Canada,Euro Zone)"},
		"sort":         {"-record_date,country"},
		"format":       {"json"},
		"page[size]":   {"10000"},
		"page[number]": {"3"},
	}, q)
	assert.Contains(t, r.Query, "page%5Bsize%5D=10000", "brackets are sent encoded")
}

func TestQueryRowsReadByTheirColumnTypes(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: onePage})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL))
	p, err := c.Query(context.Background(), "v1/accounting/od/rates_of_exchange", nil)
	require.NoError(t, err)
	require.Len(t, p.Data, 1)
	row := p.Data[0]
	assert.Equal(t, fiscal.Value("1.437"), row.Values["exchange_rate"])
	assert.Equal(t, "NUMBER", row.DataType("exchange_rate"))
	typed, err := row.Typed()
	require.NoError(t, err)
	date, err := conduit.ParseDate("2024-12-31")
	require.NoError(t, err)
	assert.Equal(t, date, typed["record_date"])
	assert.Equal(t, "1.437", typed["exchange_rate"].(conduit.Decimal).String())
	assert.Equal(t, int64(1), typed["src_line_nbr"])
	assert.Equal(t, "Canada-Dollar", typed["country_currency_desc"])
	assert.Nil(t, typed["effective_date"], `"null" is nil, not a zero date`)
	assert.JSONEq(t, `{"record_date":"2024-12-31","country_currency_desc":"Canada-Dollar","exchange_rate":"1.437","src_line_nbr":"1","effective_date":"null"}`, string(row.RawJSON()))
	var mine struct {
		Rate fiscal.Value `json:"exchange_rate"`
	}
	require.NoError(t, row.Decode(&mine))
	assert.Equal(t, fiscal.Value("1.437"), mine.Rate)
}

func TestTypedNamesAValueItsTypeCannotRead(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":[{"amt":"1e5"}],"meta":{"dataTypes":{"amt":"CURRENCY"}},"links":{}}`})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL))
	p, err := c.Query(context.Background(), "v2/x/y", nil)
	require.NoError(t, err)
	_, err = p.Data[0].Typed()
	assert.ErrorContains(t, err, "field amt")
}

func TestValueAs(t *testing.T) {
	for _, tc := range []struct {
		v    fiscal.Value
		typ  string
		want any
	}{
		{"34831240048132.68", "CURRENCY", conduit.MustParseDecimal("34831240048132.68")},
		{"3.375", "PERCENTAGE", conduit.MustParseDecimal("3.375")},
		{"2024", "YEAR", int64(2024)},
		{"06", "MONTH", int64(6)},
		{"Marketable", "STRING", "Marketable"},
		{"x", "", "x"},
		{"null", "CURRENCY", nil},
		{"", "DATE", nil},
	} {
		got, err := tc.v.As(tc.typ)
		require.NoError(t, err, "%s %s", tc.v, tc.typ)
		assert.Equal(t, tc.want, got, "%s %s", tc.v, tc.typ)
	}
	_, err := fiscal.Value("June").As("DATE")
	assert.Error(t, err)
}

func TestAllQueryFollowsLinksAndKeepsTheQuery(t *testing.T) {
	srv := testkit.Start(t,
		testkit.Reply{Body: `{"data":[{"a":"1"}],"meta":{"dataTypes":{"a":"INTEGER"}},"links":{"next":"&page%5Bnumber%5D=2&page%5Bsize%5D=1"}}`},
		testkit.Reply{Body: `{"data":[{"a":"2"}],"meta":{"dataTypes":{"a":"INTEGER"}},"links":{"next":null}}`})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL))
	var got []any
	for row, err := range c.AllQuery(context.Background(), "v2/accounting/od/x", &fiscal.Query{Filters: []fiscal.Filter{fiscal.Eq("a", "b")}, PageSize: 1}) {
		require.NoError(t, err)
		typed, err := row.Typed()
		require.NoError(t, err)
		got = append(got, typed["a"])
	}
	assert.Equal(t, []any{int64(1), int64(2)}, got, "rows of later pages are typed too")
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	q, _ := url.ParseQuery(reqs[1].Query)
	assert.Equal(t, "a:eq:b", q.Get("filter"))
	assert.Equal(t, "2", q.Get("page[number]"))
}

func TestQueryRefusesBadInputBeforeSending(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: onePage})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL))
	for field, q := range map[string]*fiscal.Query{
		"filter":     {Filters: []fiscal.Filter{fiscal.Eq("country", "Korea, South")}},
		"fields":     {Fields: []string{"record date"}},
		"page[size]": {PageSize: 10001},
	} {
		_, err := c.Query(context.Background(), "v1/accounting/od/rates_of_exchange", q)
		var e *conduit.Error
		require.ErrorAs(t, err, &e, field)
		assert.Equal(t, field, e.Field)
	}
	for _, ep := range []string{"", "v1", "accounting/od/x", "v2/accounting/od/../x", "v2/od/x?y=1"} {
		_, err := c.Query(context.Background(), ep, nil)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam, ep)
	}
	assert.Zero(t, srv.Hits())
}
