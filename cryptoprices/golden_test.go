package cryptoprices_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/cryptoprices"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// The documented currency lists and server time decode into these.
func TestCurrenciesAndTimeGoldens(t *testing.T) {
	c := testkit.Replay(t, "cryptoprices", cryptoprices.New)
	ctx := context.Background()
	fiat, err := c.Currencies(ctx)
	require.NoError(t, err)
	golden.JSON(t, "cryptoprices", "currencies", fiat)
	assets, err := c.CryptoCurrencies(ctx)
	require.NoError(t, err)
	golden.JSON(t, "cryptoprices", "crypto_currencies", assets)
	now, err := c.Time(ctx)
	require.NoError(t, err)
	golden.JSON(t, "cryptoprices", "time", now)
}
