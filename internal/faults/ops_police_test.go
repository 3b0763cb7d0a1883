package faults

import (
	"context"
	"math"

	"github.com/conduit-sdk/conduit/police"
)

var policeArea = []police.Point{{Lat: 52.268, Lng: 0.543}, {Lat: 52.794, Lng: 0.238}, {Lat: 52.130, Lng: 0.478}}

// policeHood notes a neighbourhood method: force and neighbourhood are
// checked before any I/O.
func policeHood[T any](name string, call func(c *police.Client, ctx context.Context, force, hood string, opts ...police.Option) (T, error)) op {
	return noted("police", name, police.New).rejects("force", func(ctx context.Context, c *police.Client) error {
		return discard(call(c, ctx, "", "NC04"))
	}).rejects("neighbourhood", func(ctx context.Context, c *police.Client) error {
		return discard(call(c, ctx, "leicestershire", ".."))
	})
}

func init() {
	notes = append(notes,
		noted("police", "Force", police.New).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.Force(ctx, " "))
		}).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.Force(ctx, ".."))
		}),
		noted("police", "SeniorOfficers", police.New).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.SeniorOfficers(ctx, ""))
		}),
		noted("police", "CrimeCategories", police.New).rejects("date", func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimeCategories(ctx, &police.CrimeCategoriesParams{Month: "January"}))
		}),
		noted("police", "StreetCrimes", police.New).rejects("lat", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimes(ctx, -91, 0, nil))
		}).rejects("lng", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimes(ctx, 52.6, math.Inf(-1), nil))
		}).rejects("date", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimes(ctx, 52.6, -1.1, &police.StreetCrimesParams{Month: "2024-13"}))
		}).rejects("date", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimes(ctx, 52.6, -1.1, &police.StreetCrimesParams{Month: "2024-01-15"}))
		}).rejects("category", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimes(ctx, 52.6, -1.1, &police.StreetCrimesParams{Category: ".."}))
		}),
		noted("police", "StreetCrimesInArea", police.New).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimesInArea(ctx, policeArea[:2], nil))
		}).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimesInArea(ctx, []police.Point{{Lat: 52, Lng: 0}, {Lat: math.NaN(), Lng: 0}, {Lat: 51, Lng: 1}}, nil))
		}).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimesInArea(ctx, make([]police.Point, 1000), nil))
		}),
		noted("police", "EachStreetCrime", police.New).rejects("lat", func(ctx context.Context, c *police.Client) error {
			return drain(c.EachStreetCrime(ctx, -91, 0, nil))
		}).rejects("date", func(ctx context.Context, c *police.Client) error {
			return drain(c.EachStreetCrime(ctx, 52.6, -1.1, &police.StreetCrimesParams{Month: "2024-13"}))
		}).rejects("category", func(ctx context.Context, c *police.Client) error {
			return drain(c.EachStreetCrime(ctx, 52.6, -1.1, &police.StreetCrimesParams{Category: ".."}))
		}),
		noted("police", "EachStreetCrimeInArea", police.New).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return drain(c.EachStreetCrimeInArea(ctx, policeArea[:2], nil))
		}).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return drain(c.EachStreetCrimeInArea(ctx, make([]police.Point, 1000), nil))
		}),
		noted("police", "CrimesAtLocation", police.New).rejects("location_id", func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimesAtLocation(ctx, 0, nil))
		}).rejects("date", func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimesAtLocation(ctx, 1738423, &police.MonthParams{Month: "24-01"}))
		}),
		noted("police", "CrimesAtNearestLocation", police.New).rejects("lat", func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimesAtNearestLocation(ctx, math.NaN(), 0, nil))
		}),
		noted("police", "CrimesNoLocation", police.New).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimesNoLocation(ctx, "", nil))
		}),
		noted("police", "OutcomesForCrime", police.New).rejects("persistent_id", func(ctx context.Context, c *police.Client) error {
			return discard(c.OutcomesForCrime(ctx, ""))
		}).rejects("persistent_id", func(ctx context.Context, c *police.Client) error {
			return discard(c.OutcomesForCrime(ctx, "."))
		}),
		noted("police", "StreetOutcomes", police.New).rejects("lng", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetOutcomes(ctx, 52.6, 181, nil))
		}),
		noted("police", "StreetOutcomesInArea", police.New).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetOutcomesInArea(ctx, nil, nil))
		}),
		noted("police", "StreetOutcomesAtLocation", police.New).rejects("location_id", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetOutcomesAtLocation(ctx, -1, nil))
		}),
		noted("police", "Neighbourhoods", police.New).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.Neighbourhoods(ctx, ".."))
		}),
		policeHood("Neighbourhood", (*police.Client).Neighbourhood),
		policeHood("NeighbourhoodBoundary", (*police.Client).NeighbourhoodBoundary),
		policeHood("NeighbourhoodTeam", (*police.Client).NeighbourhoodTeam),
		policeHood("NeighbourhoodEvents", (*police.Client).NeighbourhoodEvents),
		policeHood("NeighbourhoodPriorities", (*police.Client).NeighbourhoodPriorities),
		noted("police", "LocateNeighbourhood", police.New).rejects("lat", func(ctx context.Context, c *police.Client) error {
			return discard(c.LocateNeighbourhood(ctx, 90.5, 0))
		}),
		noted("police", "StopSearches", police.New).rejects("date", func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearches(ctx, 52.6, -1.1, &police.MonthParams{Month: "2024-1"}))
		}),
		noted("police", "StopSearchesInArea", police.New).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearchesInArea(ctx, policeArea[:1], nil))
		}),
		noted("police", "StopSearchesAtLocation", police.New).rejects("location_id", func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearchesAtLocation(ctx, 0, nil))
		}),
		noted("police", "StopSearchesNoLocation", police.New).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearchesNoLocation(ctx, "", nil))
		}),
		noted("police", "StopSearchesByForce", police.New).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearchesByForce(ctx, "", nil))
		}),
	)
}
