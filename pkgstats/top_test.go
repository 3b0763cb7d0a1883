package pkgstats_test

import (
	"context"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/pkgstats"
)

func TestNewOperationsSendTheDocumentedRequests(t *testing.T) {
	cases := []struct {
		call  func(*pkgstats.Client) error
		path  string
		query url.Values
		body  string
	}{
		{func(c *pkgstats.Client) error {
			_, err := c.VersionStats(ctx, "npm", "@popperjs/core", "2.11.8", &pkgstats.StatsParams{Period: "2022-Q1"})
			return err
		}, "/v1/stats/packages/npm/@popperjs/core@2.11.8", url.Values{"period": {"2022-Q1"}}, `{}`},
		{func(c *pkgstats.Client) error {
			_, err := c.VersionStats(ctx, "gh", "twbs/bootstrap", "v5.2.2", nil)
			return err
		}, "/v1/stats/packages/gh/twbs/bootstrap@v5.2.2", url.Values{}, `{}`},
		{func(c *pkgstats.Client) error {
			_, err := c.TopVersions(ctx, "gh", "twbs/bootstrap", &pkgstats.TopParams{By: "bandwidth", Period: "s-month", Limit: 5, Page: 2})
			return err
		}, "/v1/stats/packages/gh/twbs/bootstrap/versions", url.Values{"by": {"bandwidth"}, "period": {"s-month"}, "limit": {"5"}, "page": {"2"}}, `[]`},
		{func(c *pkgstats.Client) error {
			_, err := c.Files(ctx, "npm", "jquery", "3.7.1", &pkgstats.FilesParams{Flat: true})
			return err
		}, "/v1/packages/npm/jquery@3.7.1", url.Values{"structure": {"flat"}}, `{}`},
		{func(c *pkgstats.Client) error {
			_, err := c.Files(ctx, "gh", "twbs/bootstrap", "5.2.2", nil)
			return err
		}, "/v1/packages/gh/twbs/bootstrap@5.2.2", url.Values{}, `{}`},
		{func(c *pkgstats.Client) error {
			_, err := c.Entrypoints(ctx, "@popperjs/core", "2.11.8")
			return err
		}, "/v1/packages/npm/@popperjs/core@2.11.8/entrypoints", url.Values{}, `{}`},
		{func(c *pkgstats.Client) error {
			_, err := c.TopPackages(ctx, &pkgstats.TopParams{Type: "gh", By: "hits", Period: "2022", Limit: 100, Page: 100})
			return err
		}, "/v1/stats/packages", url.Values{"type": {"gh"}, "by": {"hits"}, "period": {"2022"}, "limit": {"100"}, "page": {"100"}}, `[]`},
		{func(c *pkgstats.Client) error {
			_, err := c.Network(ctx, &pkgstats.NetworkParams{Period: "week", Country: "DE"})
			return err
		}, "/v1/stats/network", url.Values{"country": {"DE"}, "period": {"week"}}, `{}`},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Body: tc.body})
			require.NoError(t, tc.call(testkit.Client(t, pkgstats.New, conduit.WithBaseURL(srv.URL))))
			r := srv.Last(t)
			testkit.OpenGET(t, r)
			assert.Equal(t, tc.path, r.Path)
			q, err := url.ParseQuery(r.Query)
			require.NoError(t, err)
			assert.Equal(t, tc.query, q)
		})
	}
}

func TestAllTopPackagesStopsOnAShortPage(t *testing.T) {
	srv := testkit.Start(t,
		testkit.Reply{Body: `[{"name":"a"},{"name":"b"}]`},
		testkit.Reply{Body: `[{"name":"c"}]`},
		testkit.Reply{Body: `[{"name":"never"}]`})
	c := testkit.Client(t, pkgstats.New, conduit.WithBaseURL(srv.URL))
	var names []string
	for p, err := range c.AllTopPackages(ctx, &pkgstats.TopParams{Limit: 2}) {
		require.NoError(t, err)
		names = append(names, p.Name)
	}
	assert.Equal(t, []string{"a", "b", "c"}, names)
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	q, _ := url.ParseQuery(reqs[1].Query)
	assert.Equal(t, "2", q.Get("page"))
	assert.Equal(t, "2", q.Get("limit"))
}

func TestAllTopPackagesStopsOnAnEmptyPage(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[{"name":"a"}]`}, testkit.Reply{Body: `[]`})
	c := testkit.Client(t, pkgstats.New, conduit.WithBaseURL(srv.URL))
	n := 0
	for _, err := range c.AllTopPackages(ctx, &pkgstats.TopParams{Limit: 1}) {
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, 1, n)
	assert.Equal(t, 2, srv.Hits())
}

func TestAllTopPackagesRefusesARepeatedPage(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[{"name":"a"}]`})
	c := testkit.Client(t, pkgstats.New, conduit.WithBaseURL(srv.URL))
	var last error
	n := 0
	for _, err := range c.AllTopPackages(ctx, &pkgstats.TopParams{Limit: 1}) {
		if err != nil {
			last = err
			break
		}
		n++
	}
	assert.Equal(t, 1, n)
	assert.ErrorIs(t, last, conduit.ErrMalformedResponse)
	assert.Equal(t, 2, srv.Hits())
}

func TestAllTopPackagesStopsAtTheLastPageTheServiceServes(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[{"name":"a"}]`}, testkit.Reply{Body: `[{"name":"b"}]`})
	c := testkit.Client(t, pkgstats.New, conduit.WithBaseURL(srv.URL))
	n := 0
	for _, err := range c.AllTopPackages(ctx, &pkgstats.TopParams{Limit: 1, Page: 99}) {
		require.NoError(t, err)
		n++
	}
	assert.Equal(t, 2, n, "pages 99 and 100, then no page 101")
}

func TestAllTopPackagesAfterCancelSendsNothing(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[]`})
	c := testkit.Client(t, pkgstats.New, conduit.WithBaseURL(srv.URL))
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	var errs []error
	for _, err := range c.AllTopPackages(cctx, nil) {
		errs = append(errs, err)
	}
	require.Len(t, errs, 1)
	assert.ErrorIs(t, errs[0], context.Canceled)
	assert.Zero(t, srv.Hits())
	var e *pkgstats.Error
	require.ErrorAs(t, errs[0], &e, "an *Error, as every walk of the core yields")
	assert.Equal(t, "AllTopPackages", e.Op)
}

func TestGitHubPackagesAreUserSlashRepo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{}`})
	c := testkit.Client(t, pkgstats.New, conduit.WithBaseURL(srv.URL))
	for _, name := range []string{"bootstrap", "@twbs/bootstrap", "twbs/", "/bootstrap", "a/b/c"} {
		_, err := c.Stats(ctx, "gh", name, nil)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam, name)
	}
	_, err := c.Stats(ctx, "gh", "twbs/bootstrap", nil)
	require.NoError(t, err)
	assert.Equal(t, "/v1/stats/packages/gh/twbs/bootstrap", srv.Last(t).Path)
}

func TestFilesTreeAndFlatGiveTheSamePaths(t *testing.T) {
	c := onReplay(t)
	tree, err := c.Files(ctx, "npm", "jquery", "2.2.1", nil)
	require.NoError(t, err)
	flat, err := c.Files(ctx, "npm", "jquery", "2.2.1", &pkgstats.FilesParams{Flat: true})
	require.NoError(t, err)
	paths := func(v *pkgstats.VersionFiles) map[string]string {
		out := map[string]string{}
		for p, f := range v.Paths() {
			out[p] = f.Hash
		}
		return out
	}
	assert.Equal(t, paths(flat), paths(tree))
	assert.Len(t, paths(tree), 2)
	assert.Equal(t, "directory", tree.Files[0].Type)
	assert.Empty(t, flat.Files[0].Type)
}
