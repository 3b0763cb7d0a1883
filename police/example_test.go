package police_test

import (
	"context"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/police"
)

func ExampleClient_StreetCrimes() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := police.New(srv.Options("police")...)
	if err != nil {
		log.Fatal(err)
	}
	crimes, err := c.StreetCrimes(context.Background(), 52.629729, -1.131592, &police.StreetCrimesParams{Month: "2024-01"})
	if err != nil {
		log.Fatal(err)
	}
	for _, cr := range crimes {
		outcome := "no outcome recorded"
		if cr.OutcomeStatus != nil {
			outcome = cr.OutcomeStatus.Category
		}
		fmt.Printf("%s, %s: %s\n", cr.Category, cr.Location.Street.Name, outcome)
	}
	// Output:
	// anti-social-behaviour, On or near Campbell Street: no outcome recorded
	// burglary, On or near Granby Street: Investigation complete; no suspect identified
	// vehicle-crime, On or near Leicester (station): Under investigation
	// shoplifting, On or near Shopping Area: Awaiting court outcome
}

// The crimes of a busy month read one by one as the answer arrives: the
// memory needed stays that of one crime, whatever the month holds.
func ExampleClient_EachStreetCrime() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := police.New(srv.Options("police")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	jan := &police.StreetCrimesParams{Month: "2024-01"}
	byCategory := map[string]int{}
	for cr, err := range c.EachStreetCrime(ctx, 52.629729, -1.131592, jan) {
		if err != nil {
			log.Fatal(err)
		}
		byCategory[cr.Category]++
	}
	fmt.Println(len(byCategory), "categories,", byCategory["burglary"], "burglary")
	area := []police.Point{{Lat: 52.268, Lng: 0.543}, {Lat: 52.794, Lng: 0.238}, {Lat: 52.130, Lng: 0.478}}
	for cr, err := range c.EachStreetCrimeInArea(ctx, area, jan) {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println("first in the area:", cr.Category, string(cr.RawJSON()[:1]))
		break // the rest of the answer is not read
	}
	// Output:
	// 4 categories, 1 burglary
	// first in the area: anti-social-behaviour {
}

// A neighbourhood from a point: its team, what it plans, and the crimes
// inside its boundary.
func ExampleClient_LocateNeighbourhood() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := police.New(srv.Options("police")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	at, err := c.LocateNeighbourhood(ctx, 52.629729, -1.131592)
	if err != nil {
		log.Fatal(err)
	}
	hood, err := c.Neighbourhood(ctx, at.Force, at.Neighbourhood)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s (%s), centre %s,%s\n", hood.Name, hood.ID, hood.Centre.Latitude, hood.Centre.Longitude)
	all, err := c.Neighbourhoods(ctx, at.Force)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(all), "neighbourhoods in", at.Force)
	team, err := c.NeighbourhoodTeam(ctx, at.Force, at.Neighbourhood)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("team:", team[0].Rank, team[0].Name)
	events, err := c.NeighbourhoodEvents(ctx, at.Force, at.Neighbourhood)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("next event:", events[0].Title, events[0].StartDate)
	priorities, err := c.NeighbourhoodPriorities(ctx, at.Force, at.Neighbourhood)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(priorities), "priorities, first raised", priorities[0].IssueDate)
	boundary, err := c.NeighbourhoodBoundary(ctx, at.Force, at.Neighbourhood)
	if err != nil {
		log.Fatal(err)
	}
	var area []police.Point
	for _, corner := range boundary {
		p, err := corner.Point()
		if err != nil {
			log.Fatal(err)
		}
		area = append(area, p)
	}
	crimes, err := c.StreetCrimesInArea(ctx, area, &police.StreetCrimesParams{Category: "burglary", Month: "2024-01"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(crimes), "crimes inside its", len(area), "corners")
	// Output:
	// City Centre (NC04), centre 52.6389,-1.13619
	// 4 neighbourhoods in leicestershire
	// team: Sgt Andy Cooper
	// next event: Drop In Beat Surgery 2016-09-17T12:00:00
	// 2 priorities, first raised 2016-04-25T00:00:00
	// 4 crimes inside its 4 corners
}

// A crime's case history, from a crime found at a location.
func ExampleClient_OutcomesForCrime() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := police.New(srv.Options("police")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	jan := &police.MonthParams{Month: "2024-01"}
	here, err := c.CrimesAtNearestLocation(ctx, 52.629729, -1.131592, jan)
	if err != nil {
		log.Fatal(err)
	}
	street := here[0].Location.Street
	there, err := c.CrimesAtLocation(ctx, street.ID, jan)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(there), "crimes", street.Name)
	unmapped, err := c.CrimesNoLocation(ctx, "leicestershire", &police.StreetCrimesParams{Month: "2024-01"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(unmapped), "crimes could not be mapped")
	history, err := c.OutcomesForCrime(ctx, "e11dade0a92a912d12329b9b2abb856ac9520434ad6845c30f503e9901d140f1")
	if err != nil {
		log.Fatal(err)
	}
	for _, o := range history.Outcomes {
		fmt.Println(o.Date, o.Category.Name)
	}
	for _, find := range []func() ([]police.StreetOutcome, error){
		func() ([]police.StreetOutcome, error) { return c.StreetOutcomes(ctx, 52.629729, -1.131592, jan) },
		func() ([]police.StreetOutcome, error) {
			return c.StreetOutcomesInArea(ctx, []police.Point{{Lat: 52.268, Lng: 0.543}, {Lat: 52.794, Lng: 0.238}, {Lat: 52.130, Lng: 0.478}}, jan)
		},
		func() ([]police.StreetOutcome, error) { return c.StreetOutcomesAtLocation(ctx, 1737432, jan) },
	} {
		outcomes, err := find()
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(outcomes[0].Category.Name, "for", outcomes[0].Crime.Category)
	}
	// Output:
	// 2 crimes On or near Marquis Street
	// 2 crimes could not be mapped
	// 2023-12 Under investigation
	// 2024-01 Unable to prosecute suspect
	// Local resolution for public-order
	// Local resolution for public-order
	// Local resolution for public-order
}

// Stop and searches, by place and by force.
func ExampleClient_StopSearches() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := police.New(srv.Options("police")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	jan := &police.MonthParams{Month: "2024-01"}
	near, err := c.StopSearches(ctx, 52.629729, -1.131592, jan)
	if err != nil {
		log.Fatal(err)
	}
	s := near[0]
	fmt.Println(s.Datetime.Format("2006-01-02 15:04"), s.Type, s.ObjectOfSearch+":", s.Outcome)
	area := []police.Point{{Lat: 52.278, Lng: 0.563}, {Lat: 52.794, Lng: 0.238}, {Lat: 52.130, Lng: 0.478}}
	inArea, err := c.StopSearchesInArea(ctx, area, jan)
	if err != nil {
		log.Fatal(err)
	}
	atStreet, err := c.StopSearchesAtLocation(ctx, s.Location.Street.ID, jan)
	if err != nil {
		log.Fatal(err)
	}
	byForce, err := c.StopSearchesByForce(ctx, "leicestershire", jan)
	if err != nil {
		log.Fatal(err)
	}
	unmapped, err := c.StopSearchesNoLocation(ctx, "leicestershire", jan)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(inArea), len(atStreet), len(byForce), "searches; unmapped:", len(unmapped))
	fmt.Printf("an older record's false outcome reads as %q\n", unmapped[1].Outcome)
	// Output:
	// 2024-01-04 07:41 Person search Article for use in theft: A no further action disposal
	// 2 2 2 searches; unmapped: 2
	// an older record's false outcome reads as ""
}

// What the service holds: forces, their officers, crime categories and
// the months covered.
func ExampleClient_Force() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := police.New(srv.Options("police")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	f, err := c.Force(ctx, "leicestershire")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(f.Name, f.Telephone, len(f.EngagementMethods), "channels")
	officers, err := c.SeniorOfficers(ctx, f.ID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(officers[0].Rank+":", officers[0].Name)
	cats, err := c.CrimeCategories(ctx, &police.CrimeCategoriesParams{Month: "2024-01"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(cats), "categories, such as", cats[3].URL)
	updated, err := c.LastUpdated(ctx)
	if err != nil {
		log.Fatal(err)
	}
	months, err := c.Availability(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("updated", updated.Date, "; latest month", months[0].Month, "with searches from", len(months[0].StopAndSearch), "forces")
	// Output:
	// Leicestershire Police 101 2 channels
	// Chief Constable: Rob Nixon
	// 15 categories, such as burglary
	// updated 2024-03-01 ; latest month 2024-01 with searches from 5 forces
}
