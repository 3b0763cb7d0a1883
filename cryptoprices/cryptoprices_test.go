package cryptoprices_test

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/cryptoprices"
	"github.com/conduit-sdk/conduit/internal/check"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
)

func rat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	require.True(t, ok, s)
	return r
}

func TestSpotPrice(t *testing.T) {
	c, err := cryptoprices.New(replay.TestOptions(t, "cryptoprices")...)
	require.NoError(t, err)
	p, err := c.SpotPrice(context.Background(), "BTC", "USD")
	require.NoError(t, err)
	assert.Equal(t, cryptoprices.Decimal("64123.4500000001"), p.Data.Amount, "the exact string is kept")
	amount, err := p.Data.Amount.Rat()
	require.NoError(t, err)
	assert.Zero(t, amount.Cmp(rat(t, "641234500000001/10000000000")), "parsed exactly, got %s", amount.RatString())
	assert.Equal(t, "BTC", p.Data.Base)
	assert.Equal(t, "USD", p.Data.Currency)
	var extra struct {
		Warnings []struct{ ID string } `json:"warnings"`
	}
	require.NoError(t, p.Decode(&extra))
	require.Len(t, extra.Warnings, 1, "fields the spec does not show stay reachable")
	assert.Equal(t, "missing_version", extra.Warnings[0].ID)
	golden.JSON(t, "cryptoprices", "spot_price", p)
}

func TestExchangeRates(t *testing.T) {
	c, err := cryptoprices.New(replay.TestOptions(t, "cryptoprices")...)
	require.NoError(t, err)
	r, err := c.ExchangeRates(context.Background(), "USD")
	require.NoError(t, err)
	assert.Equal(t, "USD", r.Data.Currency)
	assert.Len(t, r.Data.Rates, 10)
	assert.Equal(t, cryptoprices.Decimal("0.0000155948"), r.Data.Rates["BTC"])
	assert.Equal(t, cryptoprices.Decimal("1.0"), r.Data.Rates["USD"], "trailing zeros are kept")
	shib, err := r.Data.Rates["SHIB"].Rat()
	require.NoError(t, err)
	assert.Equal(t, "42372.881355932203", shib.FloatString(12), "no float rounding on the way in")
	assert.Contains(t, string(r.RawJSON()), `"warnings"`)
	golden.JSON(t, "cryptoprices", "exchange_rates", r)
}

func TestRequestShape(t *testing.T) {
	srv := replay.NewFixtureStub("cryptoprices", "spot_price.json")
	c := check.StubClient(t, cryptoprices.New, srv, "/v2/")
	_, err := c.SpotPrice(context.Background(), "eth", "EUR")
	require.NoError(t, err)
	got := srv.Last()
	check.OpenGET(t, got)
	assert.Equal(t, "/v2/prices/eth-EUR/spot", got.URL.EscapedPath())
	assert.Empty(t, got.URL.RawQuery)

	srv2 := replay.NewFixtureStub("cryptoprices", "exchange_rates.json")
	c = check.StubClient(t, cryptoprices.New, srv2, "/v2")
	_, err = c.ExchangeRates(context.Background(), "USDC")
	require.NoError(t, err)
	check.OpenGET(t, srv2.Last())
	assert.Equal(t, "/v2/exchange-rates", srv2.Last().URL.EscapedPath())
	assert.Equal(t, "currency=USDC", srv2.Last().URL.RawQuery)
}

func TestErrors(t *testing.T) {
	notFound := `{"errors":[{"id":"not_found","message":"Invalid base currency"}]}`
	cases := append(check.CommonErrors(),
		check.ErrorCase{Name: "404 errors list", Status: 404, ContentType: "application/json", Body: notFound, Is: conduit.ErrNotFound, WantStatus: 404, Code: "not_found", Message: "Invalid base currency"},
		check.ErrorCase{Name: "errors list at 200", Status: 200, ContentType: "application/json", Body: notFound, Is: conduit.ErrAPI, WantStatus: 200, Code: "not_found", Message: "Invalid base currency"},
		check.ErrorCase{Name: "null data at 200", Status: 200, ContentType: "application/json", Body: `{"data":null}`, Is: conduit.ErrAPI, WantStatus: 200, Message: "response has no data"},
		check.ErrorCase{Name: "empty object at 200", Status: 200, ContentType: "application/json", Body: `{}`, Is: conduit.ErrAPI, WantStatus: 200, Message: "response has no data"},
		check.ErrorCase{Name: "429 plain", Status: 429, ContentType: "text/plain", Body: "slow down", Is: conduit.ErrRateLimited, WantStatus: 429, Message: "slow down"},
		check.ErrorCase{Name: "empty 200", Status: 200, ContentType: "application/json", Is: conduit.ErrMalformedResponse, Message: "empty or null body where a record was expected"},
	)
	check.Errors(t, "cryptoprices", cryptoprices.New, cases,
		check.Call[*cryptoprices.Client]{Op: "SpotPrice", Endpoint: "GET /prices/{pair}/spot", Run: func(ctx context.Context, c *cryptoprices.Client) error {
			_, err := c.SpotPrice(ctx, "BTC", "USD")
			return err
		}},
		check.Call[*cryptoprices.Client]{Op: "ExchangeRates", Endpoint: "GET /exchange-rates", Run: func(ctx context.Context, c *cryptoprices.Client) error {
			_, err := c.ExchangeRates(ctx, "BTC")
			return err
		}},
	)
}

func TestBadInput(t *testing.T) {
	srv := replay.NewStub(200, "application/json", `{}`)
	c := check.StubClient(t, cryptoprices.New, srv, "")
	spot := func(base, cur string) func() error {
		return func() error { _, err := c.SpotPrice(context.Background(), base, cur); return err }
	}
	rates := func(cur string) func() error {
		return func() error { _, err := c.ExchangeRates(context.Background(), cur); return err }
	}
	cases := []struct {
		field string
		call  func() error
	}{
		{"base", spot("", "USD")},
		{"base", spot("B", "USD")},
		{"base", spot("BTC-EUR", "USD")},
		{"base", spot("BTC/..", "USD")},
		{"base", spot("ABCDEFGHIJK", "USD")},
		{"base", spot("BT C", "USD")},
		{"base", spot("ÄÖÜ", "USD")},
		{"currency", spot("BTC", "")},
		{"currency", spot("BTC", "US$")},
		{"currency", spot("BTC", "usd\n")},
		{"currency", rates("")},
		{"currency", rates("E")},
		{"currency", rates("EUR&x=1")},
	}
	for i, tc := range cases {
		check.InvalidParam(t, tc.call(), tc.field, "case %d", i)
	}
	assert.Empty(t, srv.Requests(), "bad input must not reach the server")
}

func TestMissingBaseURL(t *testing.T) {
	check.MissingBaseURL(t, "CONDUIT_CRYPTO_URL", cryptoprices.New, func(ctx context.Context, c *cryptoprices.Client) error {
		_, err := c.SpotPrice(ctx, "BTC", "USD")
		return err
	})
}

func TestDecimal(t *testing.T) {
	for in, want := range map[string]string{`"-0.5"`: "-1/2", `"123"`: "123", `"0.000001"`: "1/1000000", `0.1`: "1/10"} {
		var d cryptoprices.Decimal
		require.NoError(t, d.UnmarshalJSON([]byte(in)), in)
		r, err := d.Rat()
		require.NoError(t, err, in)
		assert.Zero(t, r.Cmp(rat(t, want)), in)
	}
	var d cryptoprices.Decimal
	require.NoError(t, d.UnmarshalJSON([]byte(`1e5`)))
	assert.Equal(t, cryptoprices.Decimal("1e5"), d, "a number keeps its literal text")
	for in, want := range map[cryptoprices.Decimal]string{"1e5": "exponent", "": "empty", "1/3": "unexpected", "+2": "unexpected", "12.": "after the point", "NaN": "unexpected"} {
		_, err := in.Rat()
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want, in)
		assert.True(t, strings.HasPrefix(err.Error(), "cryptoprices: "), err.Error())
	}
	assert.Error(t, d.UnmarshalJSON([]byte(`{"amount":"1"}`)))
	require.NoError(t, d.UnmarshalJSON([]byte(`null`)))
	assert.Equal(t, cryptoprices.Decimal(""), d)
}

// Decoding never fails on a string and never alters it; whatever Rat then
// accepts is plain decimal notation.
func FuzzDecimal(f *testing.F) {
	for _, s := range []string{`"64123.45"`, `"-0.5"`, `1.5`, `1e5`, `null`, `""`, `"1e5"`, `"\u0031"`, `true`, `{}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var d cryptoprices.Decimal
		if err := d.UnmarshalJSON([]byte(in)); err != nil {
			return
		}
		r, err := d.Rat()
		if err != nil {
			return
		}
		if strings.Trim(string(d), "-0123456789.") != "" {
			t.Fatalf("%q: Rat accepted %q", in, d)
		}
		if r.Sign() != 0 && strings.HasPrefix(string(d), "-") != (r.Sign() < 0) {
			t.Fatalf("%q: sign of %q lost", in, d)
		}
	})
}
