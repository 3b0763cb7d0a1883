// Command observability checks an API key, lists its datasets, sends one
// event, then a hundred through the batching Sender, and marks the run on
// the dataset's graphs.
//
//	go run ./examples/observability -fake  # against conduittest's fake of the service
//	CONDUIT_OBSERVABILITY_OBS_URL=https://… CONDUIT_OBSERVABILITY_API_KEY=… go run ./examples/observability -dataset checkout
//	CONDUIT_OBSERVABILITY_REGION=eu CONDUIT_OBSERVABILITY_OBS_EU_URL=https://… … go run ./examples/observability
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"sync/atomic"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/observability"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	dataset := flag.String("dataset", "conduit-example", "dataset to send the event to")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := observability.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	key, err := c.Auth(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("region %s: team %s, environment %s\n", c.Region(), key.Team.Name, key.Environment.Name)
	datasets, err := c.ListDatasets(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range datasets {
		fmt.Printf("dataset %-20s created %s\n", d.Slug, d.CreatedAt.Format(time.DateOnly))
	}
	event := observability.Event{"example": "conduit", "sent_at_unix": time.Now().Unix()}
	if err := c.SendEvent(ctx, *dataset, event); err != nil {
		log.Fatal(err)
	}
	fmt.Println("sent one event to", *dataset)

	start := time.Now()
	var refused atomic.Int64
	s, err := c.NewSender(*dataset, observability.WithGzip(), observability.WithCallback(func(r observability.Result) {
		if r.Err != nil {
			refused.Add(1)
			log.Printf("event %v not stored: %v", r.Metadata, r.Err)
		}
	}))
	if err != nil {
		log.Fatal(err)
	}
	for i := range 100 {
		if err := s.SendWithMetadata(ctx, observability.Event{"example": "conduit", "n": i}, i); err != nil {
			log.Fatal(err)
		}
	}
	if err := s.Close(ctx); err != nil {
		log.Fatal(err)
	}
	st := s.Stats()
	fmt.Printf("sent %d events in batches, %d stored, %d refused\n", st.Accepted, st.Sent, refused.Load())

	m, err := c.CreateMarker(ctx, *dataset, &observability.MarkerParams{
		Message: "conduit example run", Type: "example", StartTime: start, EndTime: time.Now(),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("marked the run as marker", m.ID)
}
