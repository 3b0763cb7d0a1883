package observability_test

import (
	"context"
	"fmt"
	"log"
	"slices"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/observability"
)

func ExampleClient_NewSender() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := observability.New(srv.Options("observability")...)
	if err != nil {
		log.Fatal(err)
	}
	s, err := c.NewSender("checkout", observability.WithConcurrency(4), observability.WithGzip(), observability.WithResults(100))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	for i, route := range []string{"/cart", "/pay", "/receipt"} {
		// The metadata (here the index) comes back in the event's Result.
		if err := s.SendWithMetadata(ctx, observability.Event{"route": route, "status": 200}, i); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Println(s.Send(ctx, observability.Event{"cached": true}))

	if err := s.Close(ctx); err != nil {
		log.Fatal(err)
	}
	var stored []int
	for r := range s.Results() { // Close has closed the channel
		if r.Err == nil {
			stored = append(stored, r.Metadata.(int))
		}
	}
	slices.Sort(stored)
	fmt.Println("stored:", stored)
	st := s.Stats()
	fmt.Printf("accepted %d, sent %d, failed %d, dropped %d\n", st.Accepted, st.Sent, st.Failed, st.Dropped)
	// Output:
	// observability.Sender.Send: invalid parameter cached: is a bool; values must be strings or numbers
	// stored: [0 1 2]
	// accepted 3, sent 3, failed 0, dropped 0
}
