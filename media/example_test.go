package media_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
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
	cloud := conduittest.Credential("media", "cloud_name")
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

func ExampleClient_Upload() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := media.New(srv.Options("media")...)
	if err != nil {
		log.Fatal(err)
	}
	// Any io.Reader streams as the file; media.FromURL sends an address instead.
	file := strings.NewReader("…the bytes of a JPEG…")
	a, err := c.Upload(context.Background(), media.FromReader("teapot.jpg", file), &media.UploadParams{
		PublicID: "products/teapot-white",
		Tags:     []string{"products", "kitchen"},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(a.PublicID, a.Format, a.Width, a.Height, a.Bytes, a.Tags)
	// Output:
	// products/teapot-white jpg 1920 1441 896838 [products kitchen]
}

func ExampleClient_Destroy() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := media.New(srv.Options("media")...)
	if err != nil {
		log.Fatal(err)
	}
	d, err := c.Destroy(context.Background(), "products/teapot-white", &media.DestroyParams{Invalidate: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(d.Result)
	_, err = c.Destroy(context.Background(), "products/gone", nil)
	fmt.Println(errors.Is(err, conduit.ErrNotFound))
	// Output:
	// ok
	// true
}

func ExampleClient_AddTag() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := media.New(srv.Options("media")...)
	if err != nil {
		log.Fatal(err)
	}
	ids := []string{"products/mug-blue", "products/teapot-white"}
	added, err := c.AddTag(context.Background(), "sale", ids, nil)
	if err != nil {
		log.Fatal(err)
	}
	removed, err := c.RemoveTag(context.Background(), "sale", ids, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(added.PublicIDs, removed.PublicIDs)
	// Output:
	// [products/mug-blue products/teapot-white] [products/mug-blue products/teapot-white]
}

func ExampleClient_Resource() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := media.New(srv.Options("media")...)
	if err != nil {
		log.Fatal(err)
	}
	var resp conduit.Response
	a, err := c.Resource(context.Background(), "products/mug-blue", nil, conduit.WithResponse(&resp))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(a.PublicID, a.Bytes, a.Tags)
	// Every admin call reports the hourly budget.
	fmt.Println(resp.RateLimit.Requests.Limit, resp.RateLimit.Requests.Remaining)
	// Output:
	// products/mug-blue 482113 [products mugs]
	// 500 499
}

func ExampleClient_Search() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := media.New(srv.Options("media")...)
	if err != nil {
		log.Fatal(err)
	}
	page, err := c.Search(context.Background(), &media.SearchParams{
		Expression: "resource_type:image AND tags=products",
		SortBy:     []media.SortField{{Field: "created_at", Descending: true}},
		MaxResults: 2,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(page.TotalCount, "matches;", len(page.Resources), "on this page")
	// AllSearch follows next_cursor itself.
	for a, err := range c.AllSearch(context.Background(), &media.SearchParams{Expression: "resource_type:image", MaxResults: 2}) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(a.PublicID)
	}
	// Output:
	// 3 matches; 2 on this page
	// products/teapot-white
	// banners/summer sale
	// products/mug-blue
}

func ExampleClient_URL() {
	c, err := media.New(media.WithCloudName("demo"), media.WithDeliveryURL("https://res.cloudinary.com"), media.WithAPISecret("a-secret"))
	if err != nil {
		log.Fatal(err)
	}
	u, err := c.URL("products/teapot-white", &media.URLParams{
		Transformations: []media.Transformation{
			{Width: 400, Height: 300, Crop: "fill", Gravity: "auto"},
			{Quality: "auto", Format: "auto"},
		},
		Version: 1719307544,
		Format:  "jpg",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(u)
	signed, err := c.URL("sample", &media.URLParams{Type: "authenticated", Format: "jpg", Sign: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.Contains(signed, "/image/authenticated/s--"), len(strings.Split(signed, "/s--")[1]) > 10)
	// Output:
	// https://res.cloudinary.com/demo/image/upload/c_fill,g_auto,h_300,w_400/f_auto,q_auto/v1719307544/products/teapot-white.jpg
	// true true
}

func ExampleClient_VerifyNotification() {
	c, err := media.New(media.WithCloudName("demo"), media.WithAPISecret("a-secret"))
	if err != nil {
		log.Fatal(err)
	}
	// In the handler of a notification_url: the raw body and two headers.
	body := []byte(`{"notification_type":"upload","public_id":"products/teapot-white"}`)
	timestamp := strconv.FormatInt(time.Now().Unix(), 10)
	forged := "29a383e289bc569310a8ca9899019a3167b4909e"
	err = c.VerifyNotification(body, timestamp, forged, 0)
	fmt.Println(errors.Is(err, conduit.ErrInvalidParam))
	// Output:
	// true
}
