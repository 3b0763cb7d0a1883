package samples

import (
	"context"

	"github.com/conduit-sdk/conduit/countries"
)

func init() {
	add("countries", countries.New, []row[*countries.Client]{
		{"Countries", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.Countries(ctx)
			return answer(r, func() any { return r.Data[1].Cities[0] }), err
		}},
		{"Capital", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.Capital(ctx, "Nigeria")
			return answer(r, func() any { return r.Data.Capital }), err
		}},
		{"Currencies", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.Currencies(ctx)
			return answer(r, func() any { return r.Data[1].Currency }), err
		}},
		{"Currency", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.Currency(ctx, "Nigeria")
			return answer(r, func() any { return r.Data.Currency }), err
		}},
		{"FlagImages", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.FlagImages(ctx)
			return answer(r, func() any { return r.Data[0].Flag }), err
		}},
		{"FlagImage", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.FlagImage(ctx, "Nigeria")
			return answer(r, func() any { return r.Data.Flag }), err
		}},
		{"FlagUnicodes", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.FlagUnicodes(ctx)
			return answer(r, func() any { return r.Data[0].UnicodeFlag }), err
		}},
		{"FlagUnicode", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.FlagUnicode(ctx, "Nigeria")
			return answer(r, func() any { return r.Data.UnicodeFlag }), err
		}},
		{"ISOCodes", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.ISOCodes(ctx)
			return answer(r, func() any { return r.Data[0].ISO3 }), err
		}},
		{"ISOCode", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.ISOCode(ctx, "Nigeria")
			return answer(r, func() any { return r.Data.ISO2 }), err
		}},
		{"Positions", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.Positions(ctx)
			return answer(r, func() any { return r.Data[0].Lat }), err
		}},
		{"Position", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.Position(ctx, "Nigeria")
			return answer(r, func() any { return r.Data.Long }), err
		}},
		{"DialCodes", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.DialCodes(ctx)
			return answer(r, func() any { return r.Data[1].DialCode }), err
		}},
		{"DialCode", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.DialCode(ctx, "Nigeria")
			return answer(r, func() any { return r.Data.DialCode }), err
		}},
		{"Populations", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.Populations(ctx)
			return answer(r, func() any { return r.Data[1].PopulationCounts[2].Value }), err
		}},
		{"Population", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.Population(ctx, "Nigeria")
			return answer(r, func() any { return r.Data.PopulationCounts[0].Year }), err
		}},
		{"CityPopulations", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.CityPopulations(ctx)
			return answer(r, func() any { return r.Data[1].City }), err
		}},
		{"CityPopulation", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.CityPopulation(ctx, "Lagos")
			return answer(r, func() any { return r.Data.PopulationCounts[0].Value }), err
		}},
		{"States", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.States(ctx)
			return answer(r, func() any { return r.Data[1].States[1].StateCode }), err
		}},
		{"CountryStates", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.CountryStates(ctx, "Nigeria")
			return answer(r, func() any { return r.Data.States[2].Name }), err
		}},
		{"StateCities", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.StateCities(ctx, "Nigeria", "Lagos")
			return answer(r, func() any { return r.Data[0] }), err
		}},
		{"Capitals", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.Capitals(ctx)
			return answer(r, func() any { return r.Data[0].Capital }), err
		}},
		{"Cities", func(ctx context.Context, c *countries.Client) (Answer, error) {
			r, err := c.Cities(ctx, "Nigeria")
			return answer(r, func() any { return len(r.Data) }), err
		}},
	})
}
