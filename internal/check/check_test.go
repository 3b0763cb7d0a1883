package check_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/check"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/sunrise"
)

// The helpers pass on a package known to behave: sunrise.
func TestHelpersOnSunrise(t *testing.T) {
	get := func(ctx context.Context, c *sunrise.Client) error { _, err := c.Get(ctx, 0, 0, nil); return err }
	check.Errors(t, "sunrise", sunrise.New, check.CommonErrors(), check.Call[*sunrise.Client]{Op: "Get", Endpoint: "GET /json", Run: get})
	check.MissingBaseURL(t, "CONDUIT_SUN_URL", sunrise.New, get)

	srv := replay.NewFixtureStub("sunrise", "get.json")
	defer srv.Close()
	c, err := sunrise.New(conduit.WithBaseURL(srv.URL))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Get(context.Background(), 91, 0, nil)
	check.InvalidParam(t, err, "lat")
	if err := get(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	check.OpenGET(t, srv.Last())
}
