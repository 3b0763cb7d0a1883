package faults

import (
	"context"
	"math"

	"github.com/conduit-sdk/conduit/police"
)

var (
	policeArea = []police.Point{{Lat: 52.268, Lng: 0.543}, {Lat: 52.794, Lng: 0.238}, {Lat: 52.130, Lng: 0.478}}
	policeJan  = &police.MonthParams{Month: "2024-01"}
)

// policeHood is a row of a neighbourhood method: force and neighbourhood
// are checked before any I/O.
func policeHood[T any](name string, call func(c *police.Client, ctx context.Context, force, hood string, opts ...police.Option) (T, error)) op {
	return row("police", name, police.New, func(ctx context.Context, c *police.Client) error {
		return discard(call(c, ctx, "leicestershire", "NC04"))
	}).rejects("force", func(ctx context.Context, c *police.Client) error {
		return discard(call(c, ctx, "", "NC04"))
	}).rejects("neighbourhood", func(ctx context.Context, c *police.Client) error {
		return discard(call(c, ctx, "leicestershire", ".."))
	})
}

func init() {
	ops = append(ops,
		row("police", "Forces", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.Forces(ctx))
		}),
		row("police", "Force", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.Force(ctx, "leicestershire"))
		}).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.Force(ctx, " "))
		}).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.Force(ctx, ".."))
		}),
		row("police", "SeniorOfficers", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.SeniorOfficers(ctx, "leicestershire"))
		}).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.SeniorOfficers(ctx, ""))
		}),
		row("police", "CrimeCategories", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimeCategories(ctx, &police.CrimeCategoriesParams{Month: "2024-01"}))
		}).rejects("date", func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimeCategories(ctx, &police.CrimeCategoriesParams{Month: "January"}))
		}),
		row("police", "LastUpdated", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.LastUpdated(ctx))
		}),
		row("police", "Availability", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.Availability(ctx))
		}),
		row("police", "StreetCrimes", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimes(ctx, 52.629729, -1.131592, &police.StreetCrimesParams{Month: "2024-01"}))
		}).rejects("lat", func(ctx context.Context, c *police.Client) error {
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
		row("police", "StreetCrimesInArea", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimesInArea(ctx, policeArea, &police.StreetCrimesParams{Category: "burglary"}))
		}).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimesInArea(ctx, policeArea[:2], nil))
		}).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimesInArea(ctx, []police.Point{{Lat: 52, Lng: 0}, {Lat: math.NaN(), Lng: 0}, {Lat: 51, Lng: 1}}, nil))
		}).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetCrimesInArea(ctx, make([]police.Point, 1000), nil))
		}),
		row("police", "EachStreetCrime", police.New, func(ctx context.Context, c *police.Client) error {
			return drain(c.EachStreetCrime(ctx, 52.629729, -1.131592, &police.StreetCrimesParams{Month: "2024-01"}))
		}).rejects("lat", func(ctx context.Context, c *police.Client) error {
			return drain(c.EachStreetCrime(ctx, -91, 0, nil))
		}).rejects("date", func(ctx context.Context, c *police.Client) error {
			return drain(c.EachStreetCrime(ctx, 52.6, -1.1, &police.StreetCrimesParams{Month: "2024-13"}))
		}).rejects("category", func(ctx context.Context, c *police.Client) error {
			return drain(c.EachStreetCrime(ctx, 52.6, -1.1, &police.StreetCrimesParams{Category: ".."}))
		}),
		row("police", "EachStreetCrimeInArea", police.New, func(ctx context.Context, c *police.Client) error {
			return drain(c.EachStreetCrimeInArea(ctx, policeArea, &police.StreetCrimesParams{Category: "burglary"}))
		}).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return drain(c.EachStreetCrimeInArea(ctx, policeArea[:2], nil))
		}).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return drain(c.EachStreetCrimeInArea(ctx, make([]police.Point, 1000), nil))
		}),
		row("police", "CrimesAtLocation", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimesAtLocation(ctx, 1738423, policeJan))
		}).rejects("location_id", func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimesAtLocation(ctx, 0, nil))
		}).rejects("date", func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimesAtLocation(ctx, 1738423, &police.MonthParams{Month: "24-01"}))
		}),
		row("police", "CrimesAtNearestLocation", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimesAtNearestLocation(ctx, 52.629729, -1.131592, nil))
		}).rejects("lat", func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimesAtNearestLocation(ctx, math.NaN(), 0, nil))
		}),
		row("police", "CrimesNoLocation", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimesNoLocation(ctx, "leicestershire", &police.StreetCrimesParams{Month: "2024-01"}))
		}).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.CrimesNoLocation(ctx, "", nil))
		}),
		row("police", "OutcomesForCrime", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.OutcomesForCrime(ctx, "e11dade0a92a912d12329b9b2abb856ac9520434ad6845c30f503e9901d140f1"))
		}).rejects("persistent_id", func(ctx context.Context, c *police.Client) error {
			return discard(c.OutcomesForCrime(ctx, ""))
		}).rejects("persistent_id", func(ctx context.Context, c *police.Client) error {
			return discard(c.OutcomesForCrime(ctx, "."))
		}),
		row("police", "StreetOutcomes", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetOutcomes(ctx, 52.629729, -1.131592, policeJan))
		}).rejects("lng", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetOutcomes(ctx, 52.6, 181, nil))
		}),
		row("police", "StreetOutcomesInArea", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetOutcomesInArea(ctx, policeArea, policeJan))
		}).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetOutcomesInArea(ctx, nil, nil))
		}),
		row("police", "StreetOutcomesAtLocation", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetOutcomesAtLocation(ctx, 1737432, policeJan))
		}).rejects("location_id", func(ctx context.Context, c *police.Client) error {
			return discard(c.StreetOutcomesAtLocation(ctx, -1, nil))
		}),
		row("police", "Neighbourhoods", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.Neighbourhoods(ctx, "leicestershire"))
		}).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.Neighbourhoods(ctx, ".."))
		}),
		policeHood("Neighbourhood", (*police.Client).Neighbourhood),
		policeHood("NeighbourhoodBoundary", (*police.Client).NeighbourhoodBoundary),
		policeHood("NeighbourhoodTeam", (*police.Client).NeighbourhoodTeam),
		policeHood("NeighbourhoodEvents", (*police.Client).NeighbourhoodEvents),
		policeHood("NeighbourhoodPriorities", (*police.Client).NeighbourhoodPriorities),
		row("police", "LocateNeighbourhood", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.LocateNeighbourhood(ctx, 52.629729, -1.131592))
		}).rejects("lat", func(ctx context.Context, c *police.Client) error {
			return discard(c.LocateNeighbourhood(ctx, 90.5, 0))
		}),
		row("police", "StopSearches", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearches(ctx, 52.629729, -1.131592, policeJan))
		}).rejects("date", func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearches(ctx, 52.6, -1.1, &police.MonthParams{Month: "2024-1"}))
		}),
		row("police", "StopSearchesInArea", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearchesInArea(ctx, policeArea, policeJan))
		}).rejects("poly", func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearchesInArea(ctx, policeArea[:1], nil))
		}),
		row("police", "StopSearchesAtLocation", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearchesAtLocation(ctx, 1609590, policeJan))
		}).rejects("location_id", func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearchesAtLocation(ctx, 0, nil))
		}),
		row("police", "StopSearchesNoLocation", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearchesNoLocation(ctx, "leicestershire", policeJan))
		}).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearchesNoLocation(ctx, "", nil))
		}),
		row("police", "StopSearchesByForce", police.New, func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearchesByForce(ctx, "leicestershire", policeJan))
		}).rejects("force", func(ctx context.Context, c *police.Client) error {
			return discard(c.StopSearchesByForce(ctx, "", nil))
		}),
	)
}
