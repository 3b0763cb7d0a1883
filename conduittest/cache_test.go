package conduittest_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/fxref"
	"github.com/conduit-sdk/conduit/pkgstats"
)

// The open feeds whose caching headers are known send them under the
// fake, so a second call of a client with WithCache is served from the
// store: one request for two calls.
func TestFakeFeedsAnswerWithCacheHeaders(t *testing.T) {
	srv := conduittest.NewServer(t)
	cache := func() conduit.Option { return conduit.WithCache(conduit.NewMemoryCache(1 << 20)) }

	fx, err := fxref.New(append(srv.Options("fxref"), cache())...)
	require.NoError(t, err)
	pk, err := pkgstats.New(append(srv.Options("pkgstats"), cache())...)
	require.NoError(t, err)
	ex, err := explorer.New(append(srv.Options("explorer"), cache())...)
	require.NoError(t, err)
	for _, c := range []struct {
		pkg, op string
		call    func(r *conduit.Response) error
	}{
		{"fxref", "Latest", func(r *conduit.Response) error {
			_, err := fx.Latest(t.Context(), &fxref.RatesParams{Base: "EUR"}, conduit.WithResponse(r))
			return err
		}},
		{"pkgstats", "Package", func(r *conduit.Response) error {
			_, err := pk.Package(t.Context(), "npm", "jquery", conduit.WithResponse(r))
			return err
		}},
		{"explorer", "RecommendedFees", func(r *conduit.Response) error {
			_, err := ex.RecommendedFees(t.Context(), conduit.WithResponse(r))
			return err
		}},
	} {
		var first, second conduit.Response
		require.NoError(t, c.call(&first), c.pkg)
		require.NoError(t, c.call(&second), c.pkg)
		assert.Equal(t, conduit.CacheFetched, first.Cache, c.pkg)
		assert.Equal(t, conduit.CacheHit, second.Cache, c.pkg)
		assert.Equal(t, 0, second.Attempts, c.pkg)
		assert.Len(t, srv.Requests(c.pkg, c.op), 1, "%s: the second call was sent", c.pkg)
	}
}

// A script's Header replaces the fake's caching headers: here no-store,
// so every call is sent.
func TestScriptedCacheHeadersWin(t *testing.T) {
	srv := conduittest.NewServer(t)
	fx, err := fxref.New(append(srv.Options("fxref"), conduit.WithCache(conduit.NewMemoryCache(1<<20)))...)
	require.NoError(t, err)
	srv.On("fxref", "Latest").Reply(conduittest.Reply{Header: http.Header{"Cache-Control": {"no-store"}}})
	for range 2 {
		_, err := fx.Latest(t.Context(), nil)
		require.NoError(t, err)
	}
	assert.Len(t, srv.Requests("fxref", "Latest"), 2)
}

// An answer with an ETag is revalidated: a stale entry sends
// If-None-Match and the fake's 304 makes the stored body the result.
func TestFakeAnswersIfNoneMatchWith304(t *testing.T) {
	srv := conduittest.NewServer(t)
	fx, err := fxref.New(append(srv.Options("fxref"), conduit.WithCache(conduit.NewMemoryCache(1<<20)))...)
	require.NoError(t, err)
	srv.On("fxref", "Currencies").Reply(conduittest.Reply{Header: http.Header{"Cache-Control": {"no-cache"}}})
	var first, second conduit.Response
	a, err := fx.Currencies(t.Context(), conduit.WithResponse(&first))
	require.NoError(t, err)
	b, err := fx.Currencies(t.Context(), conduit.WithResponse(&second))
	require.NoError(t, err)
	assert.Equal(t, conduit.CacheRevalidated, second.Cache)
	assert.Equal(t, a.Names, b.Names)
	sent := srv.Requests("fxref", "Currencies")
	require.Len(t, sent, 2)
	assert.NotEmpty(t, sent[1].Header.Get("If-None-Match"))
}
