// Command store looks up a product, lists a category and submits a product
// to the demo store (which stores nothing).
//
//	go run ./examples/store -fake  # against conduittest's fake of the service
//	go run ./examples/store -category "women's clothing"
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/store"
)

func main() {
	fake := flag.Bool("fake", false, "run against conduittest's fake of the service")
	id := flag.Int64("id", 1, "product id")
	category := flag.String("category", "men's clothing", "category name")
	limit := flag.Int("limit", 3, "at most this many products of the category")
	newPrice := flag.String("price", "39.90", "price of the product to submit, an exact decimal")
	flag.Parse()
	if *fake {
		srv := conduittest.Start()
		defer srv.Close()
		srv.Export()
	}
	c, err := store.New()
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	p, err := c.Product(ctx, *id)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("product %d: %s, %s (rated %.1f by %d)\n", p.ID, p.Title, p.Price, p.Rating.Rate, p.Rating.Count)

	list, err := c.ProductsByCategory(ctx, *category, &store.ProductsByCategoryParams{Limit: *limit})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d products in %q\n", len(list), *category)
	for _, p := range list {
		fmt.Printf("  %3d %8s  %s\n", p.ID, p.Price, p.Title)
	}

	price, err := conduit.ParseDecimal(*newPrice)
	if err != nil {
		log.Fatal(err)
	}
	made, err := c.CreateProduct(ctx, store.NewProduct{Title: "Linen camp-collar shirt", Price: price, Category: *category})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("created (not stored) product %d: %s at %s\n", made.ID, made.Title, made.Price)
}
