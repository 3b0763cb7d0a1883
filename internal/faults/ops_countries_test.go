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
	lists := map[string]func(context.Context, *countries.Client) error{
		"Countries":       func(ctx context.Context, c *countries.Client) error { return discard(c.Countries(ctx)) },
		"Currencies":      func(ctx context.Context, c *countries.Client) error { return discard(c.Currencies(ctx)) },
		"FlagImages":      func(ctx context.Context, c *countries.Client) error { return discard(c.FlagImages(ctx)) },
		"FlagUnicodes":    func(ctx context.Context, c *countries.Client) error { return discard(c.FlagUnicodes(ctx)) },
		"ISOCodes":        func(ctx context.Context, c *countries.Client) error { return discard(c.ISOCodes(ctx)) },
		"Positions":       func(ctx context.Context, c *countries.Client) error { return discard(c.Positions(ctx)) },
		"DialCodes":       func(ctx context.Context, c *countries.Client) error { return discard(c.DialCodes(ctx)) },
		"Populations":     func(ctx context.Context, c *countries.Client) error { return discard(c.Populations(ctx)) },
		"CityPopulations": func(ctx context.Context, c *countries.Client) error { return discard(c.CityPopulations(ctx)) },
		"States":          func(ctx context.Context, c *countries.Client) error { return discard(c.States(ctx)) },
	}
	for name, call := range lists {
		ops = append(ops, row("countries", name, countries.New, call))
	}
	lookups := map[string]func(*countries.Client, context.Context, string) error{
		"Capital":     func(c *countries.Client, ctx context.Context, n string) error { return discard(c.Capital(ctx, n)) },
		"Currency":    func(c *countries.Client, ctx context.Context, n string) error { return discard(c.Currency(ctx, n)) },
		"FlagImage":   func(c *countries.Client, ctx context.Context, n string) error { return discard(c.FlagImage(ctx, n)) },
		"FlagUnicode": func(c *countries.Client, ctx context.Context, n string) error { return discard(c.FlagUnicode(ctx, n)) },
		"ISOCode":     func(c *countries.Client, ctx context.Context, n string) error { return discard(c.ISOCode(ctx, n)) },
		"Position":    func(c *countries.Client, ctx context.Context, n string) error { return discard(c.Position(ctx, n)) },
		"DialCode":    func(c *countries.Client, ctx context.Context, n string) error { return discard(c.DialCode(ctx, n)) },
		"Population":  func(c *countries.Client, ctx context.Context, n string) error { return discard(c.Population(ctx, n)) },
		"CountryStates": func(c *countries.Client, ctx context.Context, n string) error {
			return discard(c.CountryStates(ctx, n))
		},
	}
	for name, call := range lookups {
		ops = append(ops, row("countries", name, countries.New, func(ctx context.Context, c *countries.Client) error {
			return call(c, ctx, "Nigeria")
		}).rejects("country", func(ctx context.Context, c *countries.Client) error {
			return call(c, ctx, " ")
		}))
	}
}
