package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/countries"
)

func init() {
	notes = append(notes,
		noted("countries", "Cities", countries.New).rejects("country", func(ctx context.Context, c *countries.Client) error {
			return discard(c.Cities(ctx, ""))
		}),
		noted("countries", "StateCities", countries.New).rejects("country", func(ctx context.Context, c *countries.Client) error {
			return discard(c.StateCities(ctx, " ", "Lagos"))
		}).rejects("state", func(ctx context.Context, c *countries.Client) error {
			return discard(c.StateCities(ctx, "Nigeria", ""))
		}),
		noted("countries", "CityPopulation", countries.New).rejects("city", func(ctx context.Context, c *countries.Client) error {
			return discard(c.CityPopulation(ctx, ""))
		}),
	)
	// The lookups take one country name.
	lookups := []struct {
		name string
		call func(context.Context, *countries.Client, string) error
	}{
		{"Capital", func(ctx context.Context, c *countries.Client, n string) error { return discard(c.Capital(ctx, n)) }},
		{"Currency", func(ctx context.Context, c *countries.Client, n string) error { return discard(c.Currency(ctx, n)) }},
		{"FlagImage", func(ctx context.Context, c *countries.Client, n string) error { return discard(c.FlagImage(ctx, n)) }},
		{"FlagUnicode", func(ctx context.Context, c *countries.Client, n string) error { return discard(c.FlagUnicode(ctx, n)) }},
		{"ISOCode", func(ctx context.Context, c *countries.Client, n string) error { return discard(c.ISOCode(ctx, n)) }},
		{"Position", func(ctx context.Context, c *countries.Client, n string) error { return discard(c.Position(ctx, n)) }},
		{"DialCode", func(ctx context.Context, c *countries.Client, n string) error { return discard(c.DialCode(ctx, n)) }},
		{"Population", func(ctx context.Context, c *countries.Client, n string) error { return discard(c.Population(ctx, n)) }},
		{"CountryStates", func(ctx context.Context, c *countries.Client, n string) error {
			return discard(c.CountryStates(ctx, n))
		}},
	}
	for _, l := range lookups {
		notes = append(notes, noted("countries", l.name, countries.New).rejects("country", func(ctx context.Context, c *countries.Client) error {
			return l.call(ctx, c, " ")
		}))
	}
}
