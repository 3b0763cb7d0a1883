package conduit_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/sunrise"
)

// Options applies every option it bundles, in order, at the level it is
// given at: here a header and a middleware that sees it, for one call.
func TestOptionsAppliesEachBundledOption(t *testing.T) {
	srv := conduittest.NewServer(t)
	c, err := sunrise.New(srv.Options("sunrise")...)
	if err != nil {
		t.Fatal(err)
	}
	var seen string
	look := func(req *http.Request, next conduit.Next) (*http.Response, error) {
		seen = req.Header.Get("X-Trace-Tag")
		return next(req)
	}
	bundle := conduit.Options(conduit.WithHeader("X-Trace-Tag", "first"), conduit.WithHeader("X-Trace-Tag", "second"), conduit.WithMiddleware(look))
	if _, err := c.Get(context.Background(), 51.4779, -0.0015, nil, bundle); err != nil {
		t.Fatal(err)
	}
	if seen != "second" {
		t.Errorf("the middleware saw X-Trace-Tag %q, want the later option's \"second\"", seen)
	}
	if _, err := sunrise.New(conduit.Options(conduit.WithResponse(&conduit.Response{}))); err == nil {
		t.Error("a bundled call-level option was accepted by New")
	}
}
