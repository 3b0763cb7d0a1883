package imageedit_test

import (
	"context"
	"fmt"
	"image"
	_ "image/png" // registers the PNG decoder
	"log"
	"strings"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/imageedit"
)

func ExampleClient_Edit() {
	srv := conduittest.Start() // a local stand-in for the live service
	defer srv.Close()

	c, err := imageedit.New(srv.Options("imageedit")...)
	if err != nil {
		log.Fatal(err)
	}
	img, err := c.Edit(context.Background(), "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{RemoveBackground: true})
	if err != nil {
		log.Fatal(err)
	}
	defer img.Body.Close()
	cfg, format, err := image.DecodeConfig(img.Body) // reads only the header of the stream
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(img.ContentType, format, cfg.Width, "x", cfg.Height)
	// Output:
	// image/png png 8 x 6
}

func ExampleClient_Account() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := imageedit.New(srv.Options("imageedit")...)
	if err != nil {
		log.Fatal(err)
	}
	a, err := c.Account(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("credits left:", a.Credits.Available, "of", a.Credits.Subscription)
	// Output:
	// credits left: 97.75 of 100
}

func ExampleClient_Segment() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := imageedit.New(srv.Options("imageedit")...)
	if err != nil {
		log.Fatal(err)
	}
	// Any io.Reader: an *os.File, a request body, bytes in memory.
	img, err := c.Segment(context.Background(), strings.NewReader("\x89PNG…"), &imageedit.SegmentParams{FileName: "shoe.png"})
	if err != nil {
		log.Fatal(err)
	}
	defer img.Body.Close()
	cfg, _, err := image.DecodeConfig(img.Body)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(img.ContentType, cfg.Width, "x", cfg.Height)
	// Output:
	// image/png 5 x 5
}

func ExampleClient_EditFile() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := imageedit.New(srv.Options("imageedit")...)
	if err != nil {
		log.Fatal(err)
	}
	// An image without a URL: uploaded as imageFile, streamed from the reader.
	photo := strings.NewReader("\x89PNG…")
	img, err := c.EditFile(context.Background(), photo, "shoe.png", &imageedit.EditParams{
		RemoveBackground: true,
		Background:       imageedit.Background{Prompt: "on a marble table, soft daylight"},
		Shadow:           imageedit.ShadowPresetSoft,
		OutputSize:       imageedit.Size(1000, 1000),
		Padding:          imageedit.Sides{All: imageedit.Ratio(0.1)},
		Export:           imageedit.Export{Format: imageedit.WebP, DPI: 300},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer img.Body.Close()
	// The seed reproduces the generated background in a later edit.
	fmt.Println(img.ContentType, "background seed", img.AIBackgroundSeed)
	// Output:
	// image/png background seed 123456
}
