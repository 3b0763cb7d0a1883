package conduit_test

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/fxref"
)

// WithCache keeps answers the service lets be cached: the second call for
// the same rates is served from memory, sends nothing and spends no rate
// budget. (The stand-in here adds the Cache-Control a feed sends.)
func ExampleWithCache() {
	srv := conduittest.Start()
	defer srv.Close()
	target, _ := url.Parse(srv.URL())
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = func(r *http.Response) error {
		r.Header.Set("Cache-Control", "public, max-age=300")
		return nil
	}
	feed := httptest.NewServer(proxy)
	defer feed.Close()

	c, err := fxref.New(append(srv.OptionsAt("fxref", feed.URL), conduit.WithCache(conduit.NewMemoryCache(32<<20)))...)
	if err != nil {
		log.Fatal(err)
	}
	for range 2 {
		var r conduit.Response
		if _, err := c.Latest(context.Background(), &fxref.RatesParams{Base: "EUR"}, conduit.WithResponse(&r)); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("status %d, attempts %d, cache %q\n", r.StatusCode, r.Attempts, r.Cache)
	}
	// Output:
	// status 200, attempts 1, cache "fetched"
	// status 200, attempts 0, cache "hit"
}
