package samples

import (
	"context"

	"github.com/conduit-sdk/conduit/police"
)

// area is a triangle of points around Leicester; jan the month asked for.
var (
	area = []police.Point{{Lat: 52.268, Lng: 0.543}, {Lat: 52.794, Lng: 0.238}, {Lat: 52.130, Lng: 0.478}}
	jan  = &police.MonthParams{Month: "2024-01"}
)

func crimes(cs []police.Crime, err error) (Answer, error) {
	return answer(cs, func() any { return cs[0].Category }), err
}

func outcomes(os []police.StreetOutcome, err error) (Answer, error) {
	return answer(os, func() any { return os[0].Crime.PersistentID }), err
}

func stops(ss []police.StopSearch, err error) (Answer, error) {
	return answer(ss, func() any { return ss[0].Type }), err
}

func init() {
	add("police", police.New, []row[*police.Client]{
		{"Force", func(ctx context.Context, cl *police.Client) (Answer, error) {
			f, err := cl.Force(ctx, "leicestershire")
			return answer(f, func() any { return f.Telephone }), err
		}},
		{"SeniorOfficers", func(ctx context.Context, cl *police.Client) (Answer, error) {
			o, err := cl.SeniorOfficers(ctx, "leicestershire")
			return answer(o, func() any { return o[0].Rank }), err
		}},
		{"CrimeCategories", func(ctx context.Context, cl *police.Client) (Answer, error) {
			cs, err := cl.CrimeCategories(ctx, &police.CrimeCategoriesParams{Month: "2024-01"})
			return answer(cs, func() any { return cs[1].URL }), err
		}},
		{"LastUpdated", func(ctx context.Context, cl *police.Client) (Answer, error) {
			u, err := cl.LastUpdated(ctx)
			return answer(u, func() any { return u.Date }), err
		}},
		{"Availability", func(ctx context.Context, cl *police.Client) (Answer, error) {
			a, err := cl.Availability(ctx)
			return answer(a, func() any { return a[0].StopAndSearch[0] }), err
		}},
		{"StreetCrimesInArea", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return crimes(cl.StreetCrimesInArea(ctx, area, &police.StreetCrimesParams{Month: "2024-01"}))
		}},
		{"EachStreetCrime", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return each(cl.EachStreetCrime(ctx, 52.629729, -1.131592, &police.StreetCrimesParams{Month: "2024-01"}))
		}},
		{"EachStreetCrimeInArea", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return each(cl.EachStreetCrimeInArea(ctx, area, &police.StreetCrimesParams{Month: "2024-01"}))
		}},
		{"CrimesAtLocation", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return crimes(cl.CrimesAtLocation(ctx, 1738423, jan))
		}},
		{"CrimesAtNearestLocation", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return crimes(cl.CrimesAtNearestLocation(ctx, 52.629729, -1.131592, jan))
		}},
		{"CrimesNoLocation", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return crimes(cl.CrimesNoLocation(ctx, "leicestershire", &police.StreetCrimesParams{Month: "2024-01"}))
		}},
		{"OutcomesForCrime", func(ctx context.Context, cl *police.Client) (Answer, error) {
			o, err := cl.OutcomesForCrime(ctx, "e11dade0a92a912d12329b9b2abb856ac9520434ad6845c30f503e9901d140f1")
			return answer(o, func() any { return o.Outcomes[1].Category.Code }), err
		}},
		{"StreetOutcomes", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return outcomes(cl.StreetOutcomes(ctx, 52.629729, -1.131592, jan))
		}},
		{"StreetOutcomesInArea", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return outcomes(cl.StreetOutcomesInArea(ctx, area, jan))
		}},
		{"StreetOutcomesAtLocation", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return outcomes(cl.StreetOutcomesAtLocation(ctx, 1737432, jan))
		}},
		{"Neighbourhoods", func(ctx context.Context, cl *police.Client) (Answer, error) {
			n, err := cl.Neighbourhoods(ctx, "leicestershire")
			return answer(n, func() any { return n[0].ID }), err
		}},
		{"Neighbourhood", func(ctx context.Context, cl *police.Client) (Answer, error) {
			n, err := cl.Neighbourhood(ctx, "leicestershire", "NC04")
			return answer(n, func() any { return n.Centre.Latitude }), err
		}},
		{"NeighbourhoodBoundary", func(ctx context.Context, cl *police.Client) (Answer, error) {
			b, err := cl.NeighbourhoodBoundary(ctx, "leicestershire", "NC04")
			return answer(b, func() any { return b[0].Latitude }), err
		}},
		{"NeighbourhoodTeam", func(ctx context.Context, cl *police.Client) (Answer, error) {
			o, err := cl.NeighbourhoodTeam(ctx, "leicestershire", "NC04")
			return answer(o, func() any { return o[0].Name }), err
		}},
		{"NeighbourhoodEvents", func(ctx context.Context, cl *police.Client) (Answer, error) {
			e, err := cl.NeighbourhoodEvents(ctx, "leicestershire", "NC04")
			return answer(e, func() any { return e[0].Title }), err
		}},
		{"NeighbourhoodPriorities", func(ctx context.Context, cl *police.Client) (Answer, error) {
			p, err := cl.NeighbourhoodPriorities(ctx, "leicestershire", "NC04")
			return answer(p, func() any { return p[0].IssueDate }), err
		}},
		{"LocateNeighbourhood", func(ctx context.Context, cl *police.Client) (Answer, error) {
			l, err := cl.LocateNeighbourhood(ctx, 52.629729, -1.131592)
			return answer(l, func() any { return l.Neighbourhood }), err
		}},
		{"StopSearches", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return stops(cl.StopSearches(ctx, 52.629729, -1.131592, jan))
		}},
		{"StopSearchesInArea", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return stops(cl.StopSearchesInArea(ctx, area, jan))
		}},
		{"StopSearchesAtLocation", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return stops(cl.StopSearchesAtLocation(ctx, 1609590, jan))
		}},
		{"StopSearchesNoLocation", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return stops(cl.StopSearchesNoLocation(ctx, "leicestershire", jan))
		}},
		{"StopSearchesByForce", func(ctx context.Context, cl *police.Client) (Answer, error) {
			return stops(cl.StopSearchesByForce(ctx, "leicestershire", jan))
		}},
		{"Forces", func(ctx context.Context, cl *police.Client) (Answer, error) {
			f, err := cl.Forces(ctx)
			return answer(f, func() any { return f[0].Name }), err
		}},
		{"StreetCrimes", func(ctx context.Context, cl *police.Client) (Answer, error) {
			c, err := cl.StreetCrimes(ctx, 52.629729, -1.131592, &police.StreetCrimesParams{Month: "2024-01"})
			return answer(c, func() any { return c[0].Category }), err
		}},
	})
}
