package store_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/store"
)

func ExampleClient_ProductsByCategory() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := store.New(srv.Options("store")...)
	if err != nil {
		log.Fatal(err)
	}
	products, err := c.ProductsByCategory(context.Background(), "men's clothing", &store.ProductsByCategoryParams{Limit: 3})
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range products {
		fmt.Printf("%d %s %s\n", p.ID, p.Price, p.Title)
	}
	// Output:
	// 1 109.95 Trailhead 20L Daypack, fits 15-inch laptops
	// 2 22.3 Slim-fit crew T-shirt, heather grey
	// 3 55.99 Quilted cotton field jacket
}
