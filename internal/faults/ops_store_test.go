package faults

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/store"
)

func init() {
	ops = append(ops,
		row("store", "Product", store.New, func(ctx context.Context, c *store.Client) error {
			return discard(c.Product(ctx, 1))
		}).rejects("id", func(ctx context.Context, c *store.Client) error {
			return discard(c.Product(ctx, 0))
		}).rejects("id", func(ctx context.Context, c *store.Client) error {
			return discard(c.Product(ctx, -7))
		}),
		row("store", "ProductsByCategory", store.New, func(ctx context.Context, c *store.Client) error {
			return discard(c.ProductsByCategory(ctx, "men's clothing", &store.ProductsByCategoryParams{Limit: 3}))
		}).rejects("category", func(ctx context.Context, c *store.Client) error {
			return discard(c.ProductsByCategory(ctx, " ", nil))
		}).rejects("limit", func(ctx context.Context, c *store.Client) error {
			return discard(c.ProductsByCategory(ctx, "jewelery", &store.ProductsByCategoryParams{Limit: -1}))
		}),
		row("store", "CreateProduct", store.New, func(ctx context.Context, c *store.Client) error {
			return discard(c.CreateProduct(ctx, store.NewProduct{Title: "Linen camp-collar shirt", Price: conduit.MustParseDecimal("39.90"), Category: "men's clothing"}))
		}).writes().rejects("title", func(ctx context.Context, c *store.Client) error {
			return discard(c.CreateProduct(ctx, store.NewProduct{Price: conduit.MustParseDecimal("39.90"), Category: "men's clothing"}))
		}).rejects("price", func(ctx context.Context, c *store.Client) error {
			return discard(c.CreateProduct(ctx, store.NewProduct{Title: "Shirt", Price: conduit.MustParseDecimal("-1"), Category: "men's clothing"}))
		}).rejects("price", func(ctx context.Context, c *store.Client) error {
			return discard(c.CreateProduct(ctx, store.NewProduct{Title: "Shirt", Category: "men's clothing"}))
		}).rejects("category", func(ctx context.Context, c *store.Client) error {
			return discard(c.CreateProduct(ctx, store.NewProduct{Title: "Shirt", Price: conduit.MustParseDecimal("39.90")}))
		}),
	)
}
