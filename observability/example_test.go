package observability_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/observability"
)

func Example() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := observability.New(srv.Options("observability")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	key, err := c.Auth(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("team", key.Team.Name, "environment", key.Environment.Slug, "can send events:", key.APIKeyAccess["events"])
	err = c.SendEvent(ctx, "checkout", observability.Event{"route": "/cart", "status": 200, "duration_ms": 41.5})
	fmt.Println("sent:", err == nil)
	// Output:
	// team Acme Payments environment production can send events: true
	// sent: true
}

func ExampleWithRegion() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := observability.New(append(srv.Options("observability"), observability.WithRegion(observability.EU))...)
	if err != nil {
		log.Fatal(err)
	}
	key, err := c.Auth(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.Region(), key.Environment.Name)
	// Output:
	// eu Production EU
}
