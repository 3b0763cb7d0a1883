package main

import (
	"context"
	"github.com/conduit-sdk/conduit"

	"github.com/conduit-sdk/conduit/store"
)

func init() {
	register("store", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := store.New()
		if err != nil {
			return err
		}
		p, err := c.Product(ctx, 1)
		if err != nil {
			return err
		}
		say("Product", "#%d %q at %s, rated %.1f by %d", p.ID, p.Title, p.Price, p.Rating.Rate, p.Rating.Count)
		list, err := c.ProductsByCategory(ctx, "men's clothing", &store.ProductsByCategoryParams{Limit: 3})
		if err != nil {
			return err
		}
		say("ProductsByCategory", "%d in men's clothing, first %q at %s", len(list), list[0].Title, list[0].Price)
		made, err := c.CreateProduct(ctx, store.NewProduct{Title: "Linen camp-collar shirt", Price: conduit.MustParseDecimal("39.90"), Category: "men's clothing"})
		if err != nil {
			return err
		}
		say("CreateProduct", "echoed #%d %q at %s (nothing stored)", made.ID, made.Title, made.Price)
		return nil
	})
}
