package fiscal_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Do reaches a dataset the package does not type, of either version, below
// the same base, credential-free like the typed calls; a write is sent
// once.
func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":[{"record_date":"2024-06-30","country_currency_desc":"Euro Zone-Euro","exchange_rate":"0.933"}],"meta":{"count":1},"links":{"next":null}}`})
	c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(srv.URL+"/services/api/fiscal_service/v2/"))
	var rates fiscal.Page[struct {
		fiscal.Record
		ExchangeRate fiscal.Value `json:"exchange_rate"`
	}]
	require.NoError(t, c.Do(context.Background(), "GET", "/v1/accounting/od/rates_of_exchange?page[size]=1", nil, &rates))
	rate, err := rates.Data[0].ExchangeRate.Amount()
	require.NoError(t, err)
	assert.Equal(t, "0.933", rate.String())
	r := srv.Last(t)
	testkit.OpenGET(t, r)
	assert.Equal(t, "/services/api/fiscal_service/v1/accounting/od/rates_of_exchange", r.Path, "the base's /v2 is not kept for a /v1 path")
	assert.Equal(t, "page%5Bsize%5D=1", r.Query)

	down := testkit.Start(t, testkit.Reply{Status: http.StatusInternalServerError, Body: `{"error":"Internal Server Error","message":"try later"}`})
	w := testkit.Client(t, fiscal.New, conduit.WithBaseURL(down.URL), testkit.Fast)
	err = w.Do(context.Background(), "DELETE", "/v2/accounting/od/debt_to_penny", nil, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "fiscal", Op: "Do", Status: 500, Code: "Internal Server Error", Message: "try later"})
	assert.Equal(t, 1, down.Hits(), "a write is not retried")
}

// Per-call options reach the wire for that call, on every page of an
// iterator, and WithResponse reports the answer.
func TestPerCallOptions(t *testing.T) {
	p := newPager(t, "&page%5Bnumber%5D=2", "")
	c := p.client(t)
	filter := conduit.WithQuery("filter", "record_date:gte:2024-01-01")
	var resp conduit.Response
	_, err := c.DebtToPenny(context.Background(), nil, filter, conduit.WithHeader("X-Trace", "t-9"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	got := p.Last(t)
	assert.Equal(t, "t-9", got.Header.Get("X-Trace"))
	assert.Equal(t, "filter=record_date%3Agte%3A2024-01-01", got.Query)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	assert.Equal(t, p.URL+"/v2/accounting/od/debt_to_penny?filter=record_date%3Agte%3A2024-01-01", resp.URL)
	assert.Equal(t, 1, resp.Attempts)

	got2, err := dates(t, c.AllDebtToPenny(context.Background(), nil, filter))
	require.NoError(t, err)
	assert.Equal(t, []string{"2024-01-01", "2024-01-02"}, got2)
	assert.Equal(t, []string{
		"filter=record_date%3Agte%3A2024-01-01",
		"filter=record_date%3Agte%3A2024-01-01",
		"page%5Bnumber%5D=2&filter=record_date%3Agte%3A2024-01-01",
	}, p.seen())
	assert.Empty(t, p.Last(t).Header.Get("X-Trace"), "a call's options stay with that call")

	_, err = c.AvgInterestRates(context.Background(), nil, conduit.WithBodyField("x", 1))
	testkit.InvalidParam(t, err, "options")
	assert.Len(t, p.seen(), 3, "a GET takes no body fields, and says so before sending")
}

// A base pasted with or without the v2 segment reaches the same URL: the
// segment belongs to the dataset paths, and is never doubled.
func TestBaseVersionSegment(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":[]}`})
	root := srv.URL + "/services/api/fiscal_service"
	for _, base := range []string{root, root + "/", root + "/v2", root + "/v2/", root + "/V2"} {
		c := testkit.Client(t, fiscal.New, conduit.WithBaseURL(base))
		_, err := c.DebtToPenny(context.Background(), nil)
		require.NoError(t, err, base)
		assert.Equal(t, "/services/api/fiscal_service/v2/accounting/od/debt_to_penny", srv.Last(t).Path, base)
	}
}
