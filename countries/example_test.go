package countries_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/countries"
)

func ExampleClient_Cities() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := countries.New(srv.Options("countries")...)
	if err != nil {
		log.Fatal(err)
	}
	r, err := c.Cities(context.Background(), "Nigeria")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(r.Msg)
	fmt.Println(len(r.Data), "cities, from", r.Data[0], "to", r.Data[len(r.Data)-1])

	// An envelope with error: true is an error carrying the service's msg.
	_, err = c.Cities(context.Background(), "Atlantis")
	var e *countries.Error
	if errors.As(err, &e) {
		fmt.Println("error:", e.Message)
	}
	// Output:
	// cities in Nigeria retrieved
	// 12 cities, from Aba to Port Harcourt
	// error: country not found
}

func ExampleClient_Capital() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := countries.New(srv.Options("countries")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	capital, err := c.Capital(ctx, "Nigeria")
	if err != nil {
		log.Fatal(err)
	}
	currency, err := c.Currency(ctx, "Nigeria")
	if err != nil {
		log.Fatal(err)
	}
	flag, err := c.FlagImage(ctx, "Nigeria")
	if err != nil {
		log.Fatal(err)
	}
	emoji, err := c.FlagUnicode(ctx, "Nigeria")
	if err != nil {
		log.Fatal(err)
	}
	iso, err := c.ISOCode(ctx, "Nigeria")
	if err != nil {
		log.Fatal(err)
	}
	pos, err := c.Position(ctx, "Nigeria")
	if err != nil {
		log.Fatal(err)
	}
	dial, err := c.DialCode(ctx, "Nigeria")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(capital.Data.Capital, currency.Data.Currency, emoji.Data.UnicodeFlag, iso.Data.ISO3, pos.Data.Lat, pos.Data.Long, dial.Data.DialCode)
	fmt.Println(flag.Data.Flag)
	_, err = c.Capital(ctx, "Atlantis")
	fmt.Println(errors.Is(err, conduit.ErrNotFound))
	// Output:
	// Abuja NGN 🇳🇬 NGA 10 8 +234
	// https://upload.wikimedia.org/wikipedia/commons/7/79/Flag_of_Nigeria.svg
	// true
}

func ExampleClient_Population() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := countries.New(srv.Options("countries")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	pop, err := c.Population(ctx, "Nigeria")
	if err != nil {
		log.Fatal(err)
	}
	for _, y := range pop.Data.PopulationCounts {
		fmt.Println(y.Year, y.Value)
	}
	lagos, err := c.CityPopulation(ctx, "Lagos")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(lagos.Data.City, lagos.Data.PopulationCounts[0].Year, lagos.Data.PopulationCounts[0].Value)
	// Output:
	// 1960 45138458
	// 2017 190886311
	// 2018 195874740
	// Lagos 2006 9013534
}

func ExampleClient_CountryStates() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := countries.New(srv.Options("countries")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	ng, err := c.CountryStates(ctx, "Nigeria")
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range ng.Data.States {
		fmt.Println(s.StateCode, s.Name)
	}
	lagos, err := c.StateCities(ctx, "Nigeria", "Lagos")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(lagos.Data), "cities in Lagos state")
	// Output:
	// AB Abia
	// FC Abuja Federal Capital Territory
	// LA Lagos
	// 8 cities in Lagos state
}

// The listings answer for every country at once.
func ExampleClient_Countries() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := countries.New(srv.Options("countries")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	all, err := c.Countries(ctx)
	if err != nil {
		log.Fatal(err)
	}
	cur, err := c.Currencies(ctx)
	if err != nil {
		log.Fatal(err)
	}
	flags, err := c.FlagImages(ctx)
	if err != nil {
		log.Fatal(err)
	}
	emojis, err := c.FlagUnicodes(ctx)
	if err != nil {
		log.Fatal(err)
	}
	isos, err := c.ISOCodes(ctx)
	if err != nil {
		log.Fatal(err)
	}
	pos, err := c.Positions(ctx)
	if err != nil {
		log.Fatal(err)
	}
	dials, err := c.DialCodes(ctx)
	if err != nil {
		log.Fatal(err)
	}
	pops, err := c.Populations(ctx)
	if err != nil {
		log.Fatal(err)
	}
	cityPops, err := c.CityPopulations(ctx)
	if err != nil {
		log.Fatal(err)
	}
	states, err := c.States(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(all.Data[0].Country, len(all.Data[0].Cities), "cities")
	fmt.Println(len(cur.Data), len(flags.Data), len(emojis.Data), len(isos.Data), len(pos.Data), len(dials.Data), len(pops.Data), len(cityPops.Data), len(states.Data))
	// Output:
	// Afghanistan 8 cities
	// 2 2 2 2 2 2 2 2 2
}
