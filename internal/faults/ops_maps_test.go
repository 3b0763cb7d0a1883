package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/maps"
)

func init() {
	ops = append(ops,
		row("maps", "Geocode", maps.New, func(ctx context.Context, c *maps.Client) error {
			return discard(c.Geocode(ctx, "1600 Amphitheatre Parkway, Mountain View, CA"))
		}).auth("query key").rejects("address", func(ctx context.Context, c *maps.Client) error {
			return discard(c.Geocode(ctx, ""))
		}),
		row("maps", "SearchText", maps.New, func(ctx context.Context, c *maps.Client) error {
			return discard(c.SearchText(ctx, "pizza in New York", nil))
		}).auth("header X-Provider-Api-Key").rejects("textQuery", func(ctx context.Context, c *maps.Client) error {
			return discard(c.SearchText(ctx, "\t", nil))
		}).rejects("field_mask", func(ctx context.Context, c *maps.Client) error {
			return discard(c.SearchText(ctx, "pizza", &maps.SearchTextParams{FieldMask: maps.FieldMask{}}))
		}).rejects("field_mask", func(ctx context.Context, c *maps.Client) error {
			return discard(c.SearchText(ctx, "pizza", &maps.SearchTextParams{FieldMask: maps.FieldMask{"places.id,places.name"}}))
		}),
		row("maps", "ComputeRoutes", maps.New, func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", nil))
		}).auth("header X-Provider-Api-Key").rejects("origin", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "", "Lyon, France", nil))
		}).rejects("destination", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "Paris, France", " ", nil))
		}).rejects("travelMode", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", &maps.ComputeRoutesParams{TravelMode: "drive"}))
		}).rejects("field_mask", func(ctx context.Context, c *maps.Client) error {
			return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", &maps.ComputeRoutesParams{FieldMask: maps.FieldMask{""}}))
		}),
	)
}
