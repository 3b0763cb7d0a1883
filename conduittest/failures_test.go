package conduittest_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/countries"
	"github.com/conduit-sdk/conduit/cryptoprices"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/fxopen"
	"github.com/conduit-sdk/conduit/fxref"
	"github.com/conduit-sdk/conduit/media"
	"github.com/conduit-sdk/conduit/museum"
	"github.com/conduit-sdk/conduit/pkgstats"
	"github.com/conduit-sdk/conduit/store"
)

// The fakes answer the inputs a service refuses as the service does, so
// code under test meets its real failures: a missing product, an unknown
// currency, a company the filings store does not hold, a wrong cloud.
func TestFakesFailAsTheServicesDo(t *testing.T) {
	srv := conduittest.NewServer(t)
	ctx := context.Background()
	opts := func(pkg string) []conduit.Option { return append(srv.Options(pkg), conduit.WithMaxRetries(0)) }
	shop := newClient(t, store.New, opts("store"))
	geo := newClient(t, countries.New, opts("countries"))
	ref := newClient(t, fxref.New, opts("fxref"))
	crypto := newClient(t, cryptoprices.New, opts("cryptoprices"))
	sec := newClient(t, filings.New, opts("filings"))
	met := newClient(t, museum.New, opts("museum"))
	stats := newClient(t, pkgstats.New, opts("pkgstats"))
	open := newClient(t, fxopen.New, opts("fxopen"))
	treasury := newClient(t, fiscal.New, opts("fiscal"))
	otherCloud := newClient(t, media.New, append(opts("media"), media.WithCloudName("someone-else")))

	for _, tc := range []struct {
		name string
		call func() error
		want error
	}{
		{"store.Product of an unknown id (null under 200)", func() error { _, err := shop.Product(ctx, 999); return err }, conduit.ErrNotFound},
		{"countries.Cities of an unknown country (error:true under 200)", func() error { _, err := geo.Cities(ctx, "Atlantis"); return err }, conduit.ErrNotFound},
		{"fxref.Latest in an unknown currency", func() error {
			_, err := ref.Latest(ctx, &fxref.RatesParams{Base: "XYZ"})
			return err
		}, conduit.ErrNotFound},
		{"cryptoprices.ExchangeRates of an unknown currency", func() error { _, err := crypto.ExchangeRates(ctx, "XYZ"); return err }, conduit.ErrAPI},
		{"filings.Submissions of a company the store lacks", func() error { _, err := sec.Submissions(ctx, 42); return err }, conduit.ErrNotFound},
		{"filings.CompanyConcept of a concept the store lacks", func() error {
			_, err := sec.CompanyConcept(ctx, 320193, "us-gaap", "Revenues")
			return err
		}, conduit.ErrNotFound},
		{"museum.Object the collection lacks", func() error { _, err := met.Object(ctx, 999999999); return err }, conduit.ErrNotFound},
		{"pkgstats.Package of a version that does not exist", func() error { _, err := stats.Package(ctx, "npm", "is-even@1.99.0"); return err }, conduit.ErrNotFound},
		{"fxopen.Latest of an unsupported code (result error under 200)", func() error { _, err := open.Latest(ctx, "ABC"); return err }, conduit.ErrAPI},
		{"fiscal.DebtToPenny sorted on a field the dataset lacks", func() error {
			_, err := treasury.DebtToPenny(ctx, &fiscal.PageParams{Sort: "-record_dat"})
			return err
		}, conduit.ErrAPI},
		{"media.Usage of another cloud", func() error { _, err := otherCloud.Usage(ctx); return err }, conduit.ErrUnauthorized},
	} {
		err := tc.call()
		require.Error(t, err, tc.name)
		assert.ErrorIs(t, err, tc.want, tc.name)
	}

	// Answers that are empty, not failures.
	r, err := stats.Resolve(ctx, "npm", "@babel/core", "^9")
	require.NoError(t, err)
	assert.Empty(t, r.Version, "a specifier nothing matches resolves to a null version")
	found, err := met.Search(ctx, "no such thing", nil)
	require.NoError(t, err)
	assert.Zero(t, found.Total)
}
