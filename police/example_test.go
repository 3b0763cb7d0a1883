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
