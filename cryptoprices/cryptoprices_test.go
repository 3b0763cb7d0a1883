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
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func rat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	require.True(t, ok, s)
	return r
}

func TestSpotPrice(t *testing.T) {
	c := testkit.Replay(t, "cryptoprices", cryptoprices.New)
	p, err := c.SpotPrice(context.Background(), "BTC", "USD")
	require.NoError(t, err)
	assert.Equal(t, "64123.4500000001", p.Data.Amount.String(), "the exact string is kept")
	amount := p.Data.Amount.Rat()
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
	c := testkit.Replay(t, "cryptoprices", cryptoprices.New)
	r, err := c.ExchangeRates(context.Background(), "USD")
	require.NoError(t, err)
	assert.Equal(t, "USD", r.Data.Currency)
	assert.Len(t, r.Data.Rates, 10)
	assert.Equal(t, "0.0000155948", r.Data.Rates["BTC"].String())
	assert.Equal(t, "1.0", r.Data.Rates["USD"].String(), "trailing zeros are kept")
	shib := r.Data.Rates["SHIB"].Rat()
	assert.Equal(t, "42372.881355932203", shib.FloatString(12), "no float rounding on the way in")
	assert.Contains(t, string(r.RawJSON()), `"warnings"`)
	golden.JSON(t, "cryptoprices", "exchange_rates", r)
}

func TestRequestShape(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"data":{"amount":"3501.07","base":"ETH","currency":"EUR"}}`})
	_, err := testkit.Client(t, cryptoprices.New, conduit.WithBaseURL(srv.URL+"/v2/")).SpotPrice(context.Background(), "eth", "EUR")
	require.NoError(t, err)
	got := srv.Last(t)
	testkit.OpenGET(t, got)
	assert.Equal(t, "/v2/prices/eth-EUR/spot", got.Path)
	assert.Empty(t, got.Query)

	srv2 := testkit.Start(t, testkit.Reply{Body: `{"data":{"currency":"USDC","rates":{"USD":"1.0001"}}}`})
	_, err = testkit.Client(t, cryptoprices.New, conduit.WithBaseURL(srv2.URL+"/v2")).ExchangeRates(context.Background(), "USDC")
	require.NoError(t, err)
	got = srv2.Last(t)
	testkit.OpenGET(t, got)
	assert.Equal(t, "/v2/exchange-rates", got.Path)
	assert.Equal(t, "currency=USDC", got.Query)
}

func TestErrors(t *testing.T) {
	notFound := `{"errors":[{"id":"not_found","message":"Invalid base currency"}]}`
	cases := append(testkit.CommonErrors(),
		testkit.Case{Name: "404 errors list", Reply: testkit.Reply{Status: 404, Body: notFound}, Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "not_found", Message: "Invalid base currency"}},
		testkit.Case{Name: "errors list at 200", Reply: testkit.Reply{Body: notFound}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: "not_found", Message: "Invalid base currency"}},
		testkit.Case{Name: "null data at 200", Reply: testkit.Reply{Body: `{"data":null}`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 200, Message: "response has no data"}},
		testkit.Case{Name: "empty object at 200", Reply: testkit.Reply{Body: `{}`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 200, Message: "response has no data"}},
		testkit.Case{Name: "429 plain", Reply: testkit.Reply{Status: 429, ContentType: "text/plain", Body: "slow down"}, Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Message: "slow down"}},
		testkit.Case{Name: "empty 200", Reply: testkit.Reply{}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse, Message: "empty or null body where a record was expected"}},
	)
	client := func(t *testing.T, url string) *cryptoprices.Client {
		return testkit.Client(t, cryptoprices.New, conduit.WithBaseURL(url), testkit.Fast)
	}
	testkit.Errors(t, cases, nil,
		testkit.Op{Service: "cryptoprices", Op: "SpotPrice", Endpoint: "GET /prices/{pair}/spot", Call: func(t *testing.T, url string) error {
			_, err := client(t, url).SpotPrice(context.Background(), "BTC", "USD")
			return err
		}},
		testkit.Op{Service: "cryptoprices", Op: "ExchangeRates", Endpoint: "GET /exchange-rates", Call: func(t *testing.T, url string) error {
			_, err := client(t, url).ExchangeRates(context.Background(), "BTC")
			return err
		}},
	)
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{}`})
	c := testkit.Client(t, cryptoprices.New, conduit.WithBaseURL(srv.URL))
	spot := func(base, cur string) func() error {
		return func() error { _, err := c.SpotPrice(context.Background(), base, cur); return err }
	}
	rates := func(cur string) func() error {
		return func() error { _, err := c.ExchangeRates(context.Background(), cur); return err }
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "cryptoprices"}, []testkit.Input{
		{Field: "base", Call: spot("", "USD")},
		{Field: "base", Call: spot("B", "USD")},
		{Field: "base", Call: spot("BTC-EUR", "USD")},
		{Field: "base", Call: spot("BTC/..", "USD")},
		{Field: "base", Call: spot("ABCDEFGHIJK", "USD")},
		{Field: "base", Call: spot("BT C", "USD")},
		{Field: "base", Call: spot("ÄÖÜ", "USD")},
		{Field: "currency", Call: spot("BTC", "")},
		{Field: "currency", Call: spot("BTC", "US$")},
		{Field: "currency", Call: spot("BTC", "usd\n")},
		{Field: "currency", Call: rates("")},
		{Field: "currency", Call: rates("E")},
		{Field: "currency", Call: rates("EUR&x=1")},
	})
}

func TestMissingBaseURL(t *testing.T) {
	testkit.ClearEnv(t, "CONDUIT_CRYPTO_URL")
	testkit.DefaultBaseURL(t, "CONDUIT_CRYPTOPRICES_CRYPTO_URL", "https://api.coinbase.com/v2/", cryptoprices.New, func(c *cryptoprices.Client) error {
		_, err := c.SpotPrice(context.Background(), "BTC", "USD")
		return err
	})
}

// Amounts are conduit.Decimal: exact from a string or a number, the text
// kept as sent.
func TestDecimal(t *testing.T) {
	for in, want := range map[string]string{`"-0.5"`: "-1/2", `"123"`: "123", `"0.000001"`: "1/1000000", `0.1`: "1/10"} {
		var d conduit.Decimal
		require.NoError(t, d.UnmarshalJSON([]byte(in)), in)
		assert.Zero(t, d.Rat().Cmp(rat(t, want)), in)
	}
	var d conduit.Decimal
	require.NoError(t, d.UnmarshalJSON([]byte(`1e5`)))
	assert.Equal(t, "1e5", d.String(), "a number keeps its literal text")
	for in, want := range map[string]string{"1e101": "exponent", "": "empty", "1/3": "unexpected", "+2": "unexpected", "12.": "after the '.'", "NaN": "unexpected"} {
		_, err := conduit.ParseDecimal(in)
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want, in)
		assert.True(t, strings.HasPrefix(err.Error(), "conduit: "), err.Error())
	}
	assert.Error(t, d.UnmarshalJSON([]byte(`{"amount":"1"}`)))
	require.NoError(t, d.UnmarshalJSON([]byte(`null`)))
	assert.True(t, d.IsZero())
}

// Whatever decodes is decimal notation, and Rat keeps its sign.
func FuzzDecimal(f *testing.F) {
	for _, s := range []string{`"64123.45"`, `"-0.5"`, `1.5`, `1e5`, `null`, `""`, `"1e5"`, `"\u0031"`, `true`, `{}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var d conduit.Decimal
		if err := d.UnmarshalJSON([]byte(in)); err != nil || d.IsZero() {
			return
		}
		s := d.String()
		if strings.Trim(s, "-+0123456789.eE") != "" {
			t.Fatalf("%q: decoded to %q", in, s)
		}
		r := d.Rat()
		if r.Sign() != 0 && strings.HasPrefix(s, "-") != (r.Sign() < 0) {
			t.Fatalf("%q: sign of %q lost", in, s)
		}
	})
}
