package conduittest_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/countries"
)

func init() {
	packageCalls = append(packageCalls, countriesCalls)
}

// countriesCalls are the calls of the countries listings and lookups.
func countriesCalls(t *testing.T, srv *conduittest.Server) map[string]opCall {
	geo := newClient(t, countries.New, srv.Options("countries"))
	return map[string]opCall{
		"countries.Countries": {do: func(ctx context.Context) (any, error) {
			r, err := geo.Countries(ctx)
			return field(r, func() any { return r.Data[1].Cities[0] }), err
		}},
		"countries.Capital": {do: func(ctx context.Context) (any, error) {
			r, err := geo.Capital(ctx, "Nigeria")
			return field(r, func() any { return r.Data.Capital }), err
		}},
		"countries.Currencies": {do: func(ctx context.Context) (any, error) {
			r, err := geo.Currencies(ctx)
			return field(r, func() any { return r.Data[1].Currency }), err
		}},
		"countries.Currency": {do: func(ctx context.Context) (any, error) {
			r, err := geo.Currency(ctx, "Nigeria")
			return field(r, func() any { return r.Data.Currency }), err
		}},
		"countries.FlagImages": {do: func(ctx context.Context) (any, error) {
			r, err := geo.FlagImages(ctx)
			return field(r, func() any { return r.Data[0].Flag }), err
		}},
		"countries.FlagImage": {do: func(ctx context.Context) (any, error) {
			r, err := geo.FlagImage(ctx, "Nigeria")
			return field(r, func() any { return r.Data.Flag }), err
		}},
		"countries.FlagUnicodes": {do: func(ctx context.Context) (any, error) {
			r, err := geo.FlagUnicodes(ctx)
			return field(r, func() any { return r.Data[0].UnicodeFlag }), err
		}},
		"countries.FlagUnicode": {do: func(ctx context.Context) (any, error) {
			r, err := geo.FlagUnicode(ctx, "Nigeria")
			return field(r, func() any { return r.Data.UnicodeFlag }), err
		}},
		"countries.ISOCodes": {do: func(ctx context.Context) (any, error) {
			r, err := geo.ISOCodes(ctx)
			return field(r, func() any { return r.Data[0].ISO3 }), err
		}},
		"countries.ISOCode": {do: func(ctx context.Context) (any, error) {
			r, err := geo.ISOCode(ctx, "Nigeria")
			return field(r, func() any { return r.Data.ISO2 }), err
		}},
		"countries.Positions": {do: func(ctx context.Context) (any, error) {
			r, err := geo.Positions(ctx)
			return field(r, func() any { return r.Data[0].Lat }), err
		}},
		"countries.Position": {do: func(ctx context.Context) (any, error) {
			r, err := geo.Position(ctx, "Nigeria")
			return field(r, func() any { return r.Data.Long }), err
		}},
		"countries.DialCodes": {do: func(ctx context.Context) (any, error) {
			r, err := geo.DialCodes(ctx)
			return field(r, func() any { return r.Data[1].DialCode }), err
		}},
		"countries.DialCode": {do: func(ctx context.Context) (any, error) {
			r, err := geo.DialCode(ctx, "Nigeria")
			return field(r, func() any { return r.Data.DialCode }), err
		}},
		"countries.Populations": {do: func(ctx context.Context) (any, error) {
			r, err := geo.Populations(ctx)
			return field(r, func() any { return r.Data[1].PopulationCounts[2].Value }), err
		}},
		"countries.Population": {do: func(ctx context.Context) (any, error) {
			r, err := geo.Population(ctx, "Nigeria")
			return field(r, func() any { return r.Data.PopulationCounts[0].Year }), err
		}},
		"countries.CityPopulations": {do: func(ctx context.Context) (any, error) {
			r, err := geo.CityPopulations(ctx)
			return field(r, func() any { return r.Data[1].City }), err
		}},
		"countries.CityPopulation": {do: func(ctx context.Context) (any, error) {
			r, err := geo.CityPopulation(ctx, "Lagos")
			return field(r, func() any { return r.Data.PopulationCounts[0].Value }), err
		}},
		"countries.States": {do: func(ctx context.Context) (any, error) {
			r, err := geo.States(ctx)
			return field(r, func() any { return r.Data[1].States[1].StateCode }), err
		}},
		"countries.CountryStates": {do: func(ctx context.Context) (any, error) {
			r, err := geo.CountryStates(ctx, "Nigeria")
			return field(r, func() any { return r.Data.States[2].Name }), err
		}},
		"countries.StateCities": {do: func(ctx context.Context) (any, error) {
			r, err := geo.StateCities(ctx, "Nigeria", "Lagos")
			return field(r, func() any { return r.Data[0] }), err
		}},
	}
}
