// Command museum searches the collection and prints the first few objects.
//
//	go run ./examples/museum -fake  # against conduittest's fake of the service
//	go run ./examples/museum -q "wheat field"
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/museum"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	q := flag.String("q", "cypresses", "search text")
	images := flag.Bool("images", true, "only objects with a photo")
	n := flag.Int("n", 3, "how many objects to fetch")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := museum.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	found, err := c.Search(ctx, *q, &museum.SearchParams{HasImages: *images})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d objects match %q\n", found.Total, *q)
	for i, id := range found.ObjectIDs {
		if i == *n {
			break
		}
		o, err := c.Object(ctx, id)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%d  %s  [%s]  %s\n", o.ObjectID, o.Title, o.Department, o.PrimaryImageSmall)
	}
}
