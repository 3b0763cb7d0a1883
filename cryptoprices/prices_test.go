package cryptoprices_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/cryptoprices"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func pricesClient(t *testing.T, replies ...testkit.Reply) (*cryptoprices.Client, *testkit.Server) {
	srv := testkit.Start(t, replies...)
	return testkit.Client(t, cryptoprices.New, conduit.WithBaseURL(srv.URL+"/v2"), testkit.Fast), srv
}

func TestPriceRequests(t *testing.T) {
	price := testkit.Reply{Body: `{"data":{"base":"ETH","currency":"EUR","amount":"2500.10"}}`}
	c, srv := pricesClient(t, price)
	ctx := context.Background()
	for _, tc := range []struct {
		call        func() (*cryptoprices.Response[cryptoprices.SpotPrice], error)
		path, query string
	}{
		{func() (*cryptoprices.Response[cryptoprices.SpotPrice], error) { return c.BuyPrice(ctx, "ETH", "EUR") }, "/v2/prices/ETH-EUR/buy", ""},
		{func() (*cryptoprices.Response[cryptoprices.SpotPrice], error) { return c.SellPrice(ctx, "ETH", "EUR") }, "/v2/prices/ETH-EUR/sell", ""},
		{func() (*cryptoprices.Response[cryptoprices.SpotPrice], error) {
			return c.SpotPriceOn(ctx, "ETH", "EUR", conduit.Date{Year: 2024, Month: 2, Day: 29})
		}, "/v2/prices/ETH-EUR/spot", "date=2024-02-29"},
	} {
		p, err := tc.call()
		require.NoError(t, err)
		assert.Equal(t, "2500.10", p.Data.Amount.String())
		r := srv.Last(t)
		testkit.OpenGET(t, r)
		assert.Equal(t, [2]string{tc.path, tc.query}, [2]string{r.Path, r.Query})
	}
}

func TestPricesRefuseAnotherPair(t *testing.T) {
	c, _ := pricesClient(t, testkit.Reply{Body: `{"data":{"base":"BTC","currency":"USD","amount":"1020.25"}}`})
	_, err := c.SellPrice(context.Background(), "ETH", "USD")
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse)
}

func TestSpotPriceOnChecksTheDay(t *testing.T) {
	c, srv := pricesClient(t)
	_, err := c.SpotPriceOn(context.Background(), "BTC", "USD", conduit.Date{})
	testkit.InvalidParam(t, err, "date")
	_, err = c.SpotPriceOn(context.Background(), "BTC", "USD", conduit.Date{Year: 2023, Month: 2, Day: 29})
	testkit.InvalidParam(t, err, "date")
	assert.Zero(t, srv.Hits())
}

func TestCurrenciesAndTimeDecode(t *testing.T) {
	c, srv := pricesClient(t,
		testkit.Reply{Body: testkit.Fixture(t, "cryptoprices", "currencies.json")},
		testkit.Reply{Body: testkit.Fixture(t, "cryptoprices", "crypto_currencies.json")},
		testkit.Reply{Body: testkit.Fixture(t, "cryptoprices", "time.json")},
	)
	ctx := context.Background()
	fiat, err := c.Currencies(ctx)
	require.NoError(t, err)
	assert.Equal(t, "/v2/currencies", srv.Last(t).Path)
	assert.Equal(t, "0.01000000", (*fiat.Data)[3].MinSize.String(), "min_size kept exactly")
	assets, err := c.CryptoCurrencies(ctx)
	require.NoError(t, err)
	assert.Equal(t, "/v2/currencies/crypto", srv.Last(t).Path)
	btc := (*assets.Data)[0]
	assert.Equal(t, [4]any{"BTC", 8, "crypto", "#F7931A"}, [4]any{btc.Code, btc.Exponent, btc.Type, btc.Color})
	now, err := c.Time(ctx)
	require.NoError(t, err)
	assert.Equal(t, "/v2/time", srv.Last(t).Path)
	assert.Equal(t, time.Unix(1435082571, 0).UTC(), now.Data.ISO)
	assert.Equal(t, int64(1435082571), now.Data.Epoch)
}

func TestListingsWithoutDataFail(t *testing.T) {
	c, _ := pricesClient(t, testkit.Reply{Body: `{"errors":[{"id":"not_found","message":"Not found"}]}`})
	_, err := c.CryptoCurrencies(context.Background())
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Status: 200, Code: "not_found", Message: "Not found"})
}
