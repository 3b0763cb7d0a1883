// Command media lists a cloud's images by tag (no credentials needed), and
// with an API key and secret also all its image assets, page after page,
// and its usage.
//
//	go run ./examples/media -fake  # against conduittest's fake of the service
//	CONDUIT_MEDIA_CLOUD_NAME=demo go run ./examples/media -tag products
//	CONDUIT_MEDIA_CLOUD_NAME=demo \
//	  CONDUIT_MEDIA_API_KEY=… CONDUIT_MEDIA_API_SECRET=… go run ./examples/media -tag products -max 20
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/media"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	tag := flag.String("tag", "products", "tag whose public image list to print")
	maxResults := flag.Int("max", 10, "max_results: the admin image list's page size")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := media.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	tagged, err := c.ListByTag(ctx, *tag)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("tag %q (updated %s):\n", *tag, tagged.UpdatedAt.Format(time.RFC3339))
	for _, a := range tagged.Resources {
		fmt.Printf("  %s.%s %dx%d\n", a.PublicID, a.Format, a.Width, a.Height)
	}

	fmt.Println("images:")
	for a, err := range c.AllImages(ctx, &media.ListImagesParams{MaxResults: *maxResults}) {
		if errors.Is(err, conduit.ErrMissingCredential) {
			fmt.Println("no admin credentials: skipping the image list and usage")
			return
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("  %s.%s %dx%d created %s\n", a.PublicID, a.Format, a.Width, a.Height, a.CreatedAt.Format(time.DateOnly))
	}
	u, err := c.Usage(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("plan %s, usage as of %s\n", u.Plan, u.LastUpdated)
}
