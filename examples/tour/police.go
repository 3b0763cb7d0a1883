package main

import (
	"context"

	"github.com/conduit-sdk/conduit/police"
)

func init() {
	register("police", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := police.New()
		if err != nil {
			return err
		}
		forces, err := c.Forces(ctx)
		if err != nil {
			return err
		}
		say("Forces", "%d forces, first %s (%s)", len(forces), forces[0].Name, forces[0].ID)
		force, err := c.Force(ctx, "leicestershire")
		if err != nil {
			return err
		}
		say("Force", "%s, telephone %s", force.Name, force.Telephone)
		officers, err := c.SeniorOfficers(ctx, force.ID)
		if err != nil {
			return err
		}
		say("SeniorOfficers", "%s: %s", officers[0].Rank, officers[0].Name)
		cats, err := c.CrimeCategories(ctx, &police.CrimeCategoriesParams{Month: "2024-01"})
		if err != nil {
			return err
		}
		say("CrimeCategories", "%d categories, first %s", len(cats), cats[0].Name)
		updated, err := c.LastUpdated(ctx)
		if err != nil {
			return err
		}
		say("LastUpdated", "crime data updated %s", updated.Date)
		months, err := c.Availability(ctx)
		if err != nil {
			return err
		}
		say("Availability", "latest month %s, stop and searches from %d forces", months[0].Month, len(months[0].StopAndSearch))

		jan := &police.StreetCrimesParams{Month: "2024-01"}
		crimes, err := c.StreetCrimes(ctx, 52.629729, -1.131592, jan)
		if err != nil {
			return err
		}
		lat, lng, err := crimes[1].Location.Coordinates()
		if err != nil {
			return err
		}
		say("StreetCrimes", "%d crimes in %s, %s at %.6f,%.6f", len(crimes), crimes[1].Month, crimes[1].Category, lat, lng)
		area := []police.Point{{Lat: 52.268, Lng: 0.543}, {Lat: 52.794, Lng: 0.238}, {Lat: 52.130, Lng: 0.478}}
		inArea, err := c.StreetCrimesInArea(ctx, area, jan)
		if err != nil {
			return err
		}
		say("StreetCrimesInArea", "%d crimes inside a triangle", len(inArea))
		streamed := 0
		for _, err := range c.EachStreetCrime(ctx, 52.629729, -1.131592, jan) {
			if err != nil {
				return err
			}
			streamed++
		}
		say("EachStreetCrime", "%d crimes read one by one as the answer arrived", streamed)
		for cr, err := range c.EachStreetCrimeInArea(ctx, area, jan) {
			if err != nil {
				return err
			}
			say("EachStreetCrimeInArea", "first crime in the triangle %s, the rest left unread", cr.Category)
			break
		}
		month := &police.MonthParams{Month: "2024-01"}
		nearest, err := c.CrimesAtNearestLocation(ctx, 52.629729, -1.131592, month)
		if err != nil {
			return err
		}
		say("CrimesAtNearestLocation", "%d crimes %s", len(nearest), nearest[0].Location.Street.Name)
		at, err := c.CrimesAtLocation(ctx, nearest[0].Location.Street.ID, month)
		if err != nil {
			return err
		}
		say("CrimesAtLocation", "%d crimes at location %d", len(at), nearest[0].Location.Street.ID)
		unmapped, err := c.CrimesNoLocation(ctx, "leicestershire", jan)
		if err != nil {
			return err
		}
		say("CrimesNoLocation", "%d unmapped crimes, first %s", len(unmapped), unmapped[0].Category)
		history, err := c.OutcomesForCrime(ctx, "e11dade0a92a912d12329b9b2abb856ac9520434ad6845c30f503e9901d140f1")
		if err != nil {
			return err
		}
		last := history.Outcomes[len(history.Outcomes)-1]
		say("OutcomesForCrime", "%s: %d outcomes, last %s (%s)", history.Crime.Category, len(history.Outcomes), last.Category.Name, last.Date)
		outcomes, err := c.StreetOutcomes(ctx, 52.629729, -1.131592, month)
		if err != nil {
			return err
		}
		say("StreetOutcomes", "%d outcomes, first %s", len(outcomes), outcomes[0].Category.Name)
		if outcomes, err = c.StreetOutcomesInArea(ctx, area, month); err != nil {
			return err
		}
		say("StreetOutcomesInArea", "%d outcomes inside a triangle", len(outcomes))
		if outcomes, err = c.StreetOutcomesAtLocation(ctx, 1737432, month); err != nil {
			return err
		}
		say("StreetOutcomesAtLocation", "%d outcomes %s", len(outcomes), outcomes[0].Crime.Location.Street.Name)

		where, err := c.LocateNeighbourhood(ctx, 52.629729, -1.131592)
		if err != nil {
			return err
		}
		say("LocateNeighbourhood", "52.629729,-1.131592 is %s/%s", where.Force, where.Neighbourhood)
		hoods, err := c.Neighbourhoods(ctx, where.Force)
		if err != nil {
			return err
		}
		say("Neighbourhoods", "%d neighbourhoods, first %s", len(hoods), hoods[0].Name)
		hood, err := c.Neighbourhood(ctx, where.Force, where.Neighbourhood)
		if err != nil {
			return err
		}
		say("Neighbourhood", "%s, %d stations, call %s", hood.Name, len(hood.Locations), hood.ContactDetails.Telephone)
		boundary, err := c.NeighbourhoodBoundary(ctx, where.Force, where.Neighbourhood)
		if err != nil {
			return err
		}
		say("NeighbourhoodBoundary", "%d corners", len(boundary))
		team, err := c.NeighbourhoodTeam(ctx, where.Force, where.Neighbourhood)
		if err != nil {
			return err
		}
		say("NeighbourhoodTeam", "%d officers, first %s %s", len(team), team[0].Rank, team[0].Name)
		events, err := c.NeighbourhoodEvents(ctx, where.Force, where.Neighbourhood)
		if err != nil {
			return err
		}
		say("NeighbourhoodEvents", "%s at %s", events[0].Title, events[0].StartDate)
		priorities, err := c.NeighbourhoodPriorities(ctx, where.Force, where.Neighbourhood)
		if err != nil {
			return err
		}
		say("NeighbourhoodPriorities", "%d priorities, first raised %s", len(priorities), priorities[0].IssueDate)

		stops, err := c.StopSearches(ctx, 52.629729, -1.131592, month)
		if err != nil {
			return err
		}
		say("StopSearches", "%d stop and searches, first %s for %s", len(stops), stops[0].Type, stops[0].ObjectOfSearch)
		if stops, err = c.StopSearchesInArea(ctx, area, month); err != nil {
			return err
		}
		say("StopSearchesInArea", "%d inside a triangle", len(stops))
		if stops, err = c.StopSearchesAtLocation(ctx, 1738552, month); err != nil {
			return err
		}
		say("StopSearchesAtLocation", "%d at location 1738552", len(stops))
		if stops, err = c.StopSearchesNoLocation(ctx, "leicestershire", month); err != nil {
			return err
		}
		say("StopSearchesNoLocation", "%d unmapped", len(stops))
		if stops, err = c.StopSearchesByForce(ctx, "leicestershire", month); err != nil {
			return err
		}
		say("StopSearchesByForce", "%d by leicestershire, outcome %q", len(stops), stops[0].Outcome)
		return nil
	})
}
