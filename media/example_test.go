package media_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/media"
)

func ExampleClient_ListImages() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := media.New(srv.Options("media")...)
	if err != nil {
		log.Fatal(err)
	}
	list, err := c.ListImages(context.Background(), &media.ListImagesParams{MaxResults: 10})
	if err != nil {
		log.Fatal(err)
	}
	for _, a := range list.Resources {
		fmt.Printf("%s.%s %dx%d v%d %s\n", a.PublicID, a.Format, a.Width, a.Height, a.Version, a.CreatedAt.Format("2006-01-02"))
	}
	// Output:
	// products/mug-blue.png 800x800 v1718000000 2024-06-10
	// banners/summer sale.jpg 1920x640 v1719304854 2024-06-25
}

func ExampleClient_ListByTag() {
	srv := conduittest.Start()
	defer srv.Close()

	// The public tag list needs only the cloud name and the delivery URL.
	cloud, _ := conduittest.Credential("media", "cloud_name")
	c, err := media.New(media.WithCloudName(cloud), media.WithDeliveryURL(srv.BaseURL("media", "media_delivery_url")))
	if err != nil {
		log.Fatal(err)
	}
	list, err := c.ListByTag(context.Background(), "products")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(list.Resources), "images, list updated", list.UpdatedAt.Format("2006-01-02 15:04 MST"))
	// Output:
	// 2 images, list updated 2024-06-26 11:02 UTC
}

func ExampleClient_AllImages() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := media.New(srv.Options("media")...)
	if err != nil {
		log.Fatal(err)
	}
	// Two assets a page: the iterator asks for the second page itself.
	for a, err := range c.AllImages(context.Background(), &media.ListImagesParams{MaxResults: 2}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(a.PublicID)
	}
	// Output:
	// products/mug-blue
	// banners/summer sale
	// products/teapot-white
}
