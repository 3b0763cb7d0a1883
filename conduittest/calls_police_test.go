package conduittest_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/police"
)

// The police operations beyond the seeds' Forces and StreetCrimes.
func init() {
	packageCalls = append(packageCalls, func(t *testing.T, srv *conduittest.Server) map[string]opCall {
		cops := newClient(t, police.New, srv.Options("police"))
		area := []police.Point{{Lat: 52.268, Lng: 0.543}, {Lat: 52.794, Lng: 0.238}, {Lat: 52.130, Lng: 0.478}}
		jan := &police.MonthParams{Month: "2024-01"}
		crimes := func(cs []police.Crime, err error) (any, error) {
			return field(cs, func() any { return cs[0].Category }), err
		}
		outcomes := func(os []police.StreetOutcome, err error) (any, error) {
			return field(os, func() any { return os[0].Crime.PersistentID }), err
		}
		stops := func(ss []police.StopSearch, err error) (any, error) {
			return field(ss, func() any { return ss[0].Type }), err
		}
		return map[string]opCall{
			"police.Force": {do: func(ctx context.Context) (any, error) {
				f, err := cops.Force(ctx, "leicestershire")
				return field(f, func() any { return f.Telephone }), err
			}},
			"police.SeniorOfficers": {do: func(ctx context.Context) (any, error) {
				o, err := cops.SeniorOfficers(ctx, "leicestershire")
				return field(o, func() any { return o[0].Rank }), err
			}},
			"police.CrimeCategories": {do: func(ctx context.Context) (any, error) {
				cs, err := cops.CrimeCategories(ctx, &police.CrimeCategoriesParams{Month: "2024-01"})
				return field(cs, func() any { return cs[1].URL }), err
			}},
			"police.LastUpdated": {do: func(ctx context.Context) (any, error) {
				u, err := cops.LastUpdated(ctx)
				return field(u, func() any { return u.Date }), err
			}},
			"police.Availability": {do: func(ctx context.Context) (any, error) {
				a, err := cops.Availability(ctx)
				return field(a, func() any { return a[0].StopAndSearch[0] }), err
			}},
			"police.StreetCrimesInArea": {do: func(ctx context.Context) (any, error) {
				return crimes(cops.StreetCrimesInArea(ctx, area, &police.StreetCrimesParams{Month: "2024-01"}))
			}},
			"police.EachStreetCrime": {as: "StreetCrimes", do: func(ctx context.Context) (any, error) {
				return count(cops.EachStreetCrime(ctx, 52.629729, -1.131592, &police.StreetCrimesParams{Month: "2024-01"}))
			}},
			"police.EachStreetCrimeInArea": {as: "StreetCrimesInArea", do: func(ctx context.Context) (any, error) {
				return count(cops.EachStreetCrimeInArea(ctx, area, &police.StreetCrimesParams{Month: "2024-01"}))
			}},
			"police.CrimesAtLocation": {do: func(ctx context.Context) (any, error) {
				return crimes(cops.CrimesAtLocation(ctx, 1738423, jan))
			}},
			"police.CrimesAtNearestLocation": {do: func(ctx context.Context) (any, error) {
				return crimes(cops.CrimesAtNearestLocation(ctx, 52.629729, -1.131592, jan))
			}},
			"police.CrimesNoLocation": {do: func(ctx context.Context) (any, error) {
				return crimes(cops.CrimesNoLocation(ctx, "leicestershire", &police.StreetCrimesParams{Month: "2024-01"}))
			}},
			"police.OutcomesForCrime": {do: func(ctx context.Context) (any, error) {
				o, err := cops.OutcomesForCrime(ctx, "e11dade0a92a912d12329b9b2abb856ac9520434ad6845c30f503e9901d140f1")
				return field(o, func() any { return o.Outcomes[1].Category.Code }), err
			}},
			"police.StreetOutcomes": {do: func(ctx context.Context) (any, error) {
				return outcomes(cops.StreetOutcomes(ctx, 52.629729, -1.131592, jan))
			}},
			"police.StreetOutcomesInArea": {do: func(ctx context.Context) (any, error) {
				return outcomes(cops.StreetOutcomesInArea(ctx, area, jan))
			}},
			"police.StreetOutcomesAtLocation": {do: func(ctx context.Context) (any, error) {
				return outcomes(cops.StreetOutcomesAtLocation(ctx, 1737432, jan))
			}},
			"police.Neighbourhoods": {do: func(ctx context.Context) (any, error) {
				n, err := cops.Neighbourhoods(ctx, "leicestershire")
				return field(n, func() any { return n[0].ID }), err
			}},
			"police.Neighbourhood": {do: func(ctx context.Context) (any, error) {
				n, err := cops.Neighbourhood(ctx, "leicestershire", "NC04")
				return field(n, func() any { return n.Centre.Latitude }), err
			}},
			"police.NeighbourhoodBoundary": {do: func(ctx context.Context) (any, error) {
				b, err := cops.NeighbourhoodBoundary(ctx, "leicestershire", "NC04")
				return field(b, func() any { return b[0].Latitude }), err
			}},
			"police.NeighbourhoodTeam": {do: func(ctx context.Context) (any, error) {
				o, err := cops.NeighbourhoodTeam(ctx, "leicestershire", "NC04")
				return field(o, func() any { return o[0].Name }), err
			}},
			"police.NeighbourhoodEvents": {do: func(ctx context.Context) (any, error) {
				e, err := cops.NeighbourhoodEvents(ctx, "leicestershire", "NC04")
				return field(e, func() any { return e[0].Title }), err
			}},
			"police.NeighbourhoodPriorities": {do: func(ctx context.Context) (any, error) {
				p, err := cops.NeighbourhoodPriorities(ctx, "leicestershire", "NC04")
				return field(p, func() any { return p[0].IssueDate }), err
			}},
			"police.LocateNeighbourhood": {do: func(ctx context.Context) (any, error) {
				l, err := cops.LocateNeighbourhood(ctx, 52.629729, -1.131592)
				return field(l, func() any { return l.Neighbourhood }), err
			}},
			"police.StopSearches": {do: func(ctx context.Context) (any, error) {
				return stops(cops.StopSearches(ctx, 52.629729, -1.131592, jan))
			}},
			"police.StopSearchesInArea": {do: func(ctx context.Context) (any, error) {
				return stops(cops.StopSearchesInArea(ctx, area, jan))
			}},
			"police.StopSearchesAtLocation": {do: func(ctx context.Context) (any, error) {
				return stops(cops.StopSearchesAtLocation(ctx, 1609590, jan))
			}},
			"police.StopSearchesNoLocation": {do: func(ctx context.Context) (any, error) {
				return stops(cops.StopSearchesNoLocation(ctx, "leicestershire", jan))
			}},
			"police.StopSearchesByForce": {do: func(ctx context.Context) (any, error) {
				return stops(cops.StopSearchesByForce(ctx, "leicestershire", jan))
			}},
		}
	})
}
