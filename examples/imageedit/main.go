// Command imageedit edits an image by URL, or removes the background of a
// local file, and writes the result to a file; it also prints the credits
// left on the key.
//
//	go run ./examples/imageedit -fake  # against conduittest's fake of the service
//	CONDUIT_IMAGEEDIT_API_KEY=… \
//	  go run ./examples/imageedit -image https://example.com/shoe.jpg -out shoe.png
//	CONDUIT_IMAGEEDIT_API_KEY=… \
//	  go run ./examples/imageedit -file shoe.jpg -out shoe.png
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net/url"
	"os"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/imageedit"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	imageURL := flag.String("image", "https://cdn.example.com/shoe.jpg", "URL of the image to edit")
	file := flag.String("file", "", "a local image to cut out with Segment instead of editing -image")
	removeBG := flag.Bool("remove-background", true, "remove the background (Edit)")
	bg := flag.String("background-color", "", "an Extra parameter passed as background.color (Edit)")
	out := flag.String("out", "edited.png", "where to write the result")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := imageedit.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	if a, err := c.Account(ctx); err != nil {
		log.Print("account: ", err)
	} else {
		fmt.Printf("credits left: %s of %s\n", a.Credits.Available, a.Credits.Subscription)
	}

	var img *imageedit.Image
	if *file != "" {
		f, err := os.Open(*file)
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		img, err = c.Segment(ctx, f, nil) // streamed from the file, rewound if a retry is needed
		if err != nil {
			log.Fatal(err)
		}
	} else {
		p := &imageedit.EditParams{RemoveBackground: *removeBG, Extra: url.Values{}}
		if *bg != "" {
			p.Extra.Set("background.color", *bg)
		}
		img, err = c.Edit(ctx, *imageURL, p)
		if err != nil {
			log.Fatal(err)
		}
	}
	defer img.Body.Close()
	w, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	n, err := io.Copy(w, img.Body)
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("wrote %s: %d bytes of %s\n", *out, n, img.ContentType)
}
