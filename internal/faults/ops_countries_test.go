package faults

import (
	"context"

	"github.com/conduit-sdk/conduit/countries"
)

func init() {
	ops = append(ops,
		row("countries", "Capitals", countries.New, func(ctx context.Context, c *countries.Client) error {
			return discard(c.Capitals(ctx))
		}),
		row("countries", "Cities", countries.New, func(ctx context.Context, c *countries.Client) error {
			return discard(c.Cities(ctx, "Nigeria"))
		}).rejects("country", func(ctx context.Context, c *countries.Client) error {
			return discard(c.Cities(ctx, ""))
		}),
		row("countries", "StateCities", countries.New, func(ctx context.Context, c *countries.Client) error {
			return discard(c.StateCities(ctx, "Nigeria", "Lagos"))
		}).rejects("country", func(ctx context.Context, c *countries.Client) error {
			return discard(c.StateCities(ctx, " ", "Lagos"))
		}).rejects("state", func(ctx context.Context, c *countries.Client) error {
			return discard(c.StateCities(ctx, "Nigeria", ""))
		}),
		row("countries", "CityPopulation", countries.New, func(ctx context.Context, c *countries.Client) error {
			return discard(c.CityPopulation(ctx, "Lagos"))
		}).rejects("city", func(ctx context.Context, c *countries.Client) error {
			return discard(c.CityPopulation(ctx, ""))
		}),
	)
	// The listings take no input; the lookups take one country name.
	lists := []struct {
		name string
		call func(context.Context, *countries.Client) error
	}{
		{"Countries", func(ctx context.Context, c *countries.Client) error { return discard(c.Countries(ctx)) }},
		{"Currencies", func(ctx context.Context, c *countries.Client) error { return discard(c.Currencies(ctx)) }},
		{"FlagImages", func(ctx context.Context, c *countries.Client) error { return discard(c.FlagImages(ctx)) }},
		{"FlagUnicodes", func(ctx context.Context, c *countries.Client) error { return discard(c.FlagUnicodes(ctx)) }},
		{"ISOCodes", func(ctx context.Context, c *countries.Client) error { return discard(c.ISOCodes(ctx)) }},
		{"Positions", func(ctx context.Context, c *countries.Client) error { return discard(c.Positions(ctx)) }},
		{"DialCodes", func(ctx context.Context, c *countries.Client) error { return discard(c.DialCodes(ctx)) }},
		{"Populations", func(ctx context.Context, c *countries.Client) error { return discard(c.Populations(ctx)) }},
		{"CityPopulations", func(ctx context.Context, c *countries.Client) error { return discard(c.CityPopulations(ctx)) }},
		{"States", func(ctx context.Context, c *countries.Client) error { return discard(c.States(ctx)) }},
	}
	for _, l := range lists {
		ops = append(ops, row("countries", l.name, countries.New, l.call))
	}
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
		ops = append(ops, row("countries", l.name, countries.New, func(ctx context.Context, c *countries.Client) error {
			return l.call(ctx, c, "Nigeria")
		}).rejects("country", func(ctx context.Context, c *countries.Client) error {
			return l.call(ctx, c, " ")
		}))
	}
}
