package main

import (
	"context"

	"github.com/conduit-sdk/conduit/countries"
)

func init() {
	register("countries", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := countries.New()
		if err != nil {
			return err
		}
		caps, err := c.Capitals(ctx)
		if err != nil {
			return err
		}
		first := caps.Data[0]
		say("Capitals", "%d countries, first %s (%s/%s) with capital %s", len(caps.Data), first.Name, first.ISO2, first.ISO3, first.Capital)
		cities, err := c.Cities(ctx, "Nigeria")
		if err != nil {
			return err
		}
		say("Cities", "%q: %d names, %s … %s", cities.Msg, len(cities.Data), cities.Data[0], cities.Data[len(cities.Data)-1])

		all, err := c.Countries(ctx)
		if err != nil {
			return err
		}
		say("Countries", "%d countries with their cities, %s has %d", len(all.Data), all.Data[1].Country, len(all.Data[1].Cities))
		capital, err := c.Capital(ctx, "Nigeria")
		if err != nil {
			return err
		}
		say("Capital", "%s: %s", capital.Data.Name, capital.Data.Capital)
		currencies, err := c.Currencies(ctx)
		if err != nil {
			return err
		}
		say("Currencies", "%d currencies, first %s", len(currencies.Data), currencies.Data[0].Currency)
		currency, err := c.Currency(ctx, "Nigeria")
		if err != nil {
			return err
		}
		say("Currency", "%s pays in %s", currency.Data.Name, currency.Data.Currency)
		flags, err := c.FlagImages(ctx)
		if err != nil {
			return err
		}
		say("FlagImages", "%d flag images", len(flags.Data))
		flag, err := c.FlagImage(ctx, "Nigeria")
		if err != nil {
			return err
		}
		say("FlagImage", "%s", flag.Data.Flag)
		emojis, err := c.FlagUnicodes(ctx)
		if err != nil {
			return err
		}
		say("FlagUnicodes", "%d flags, first %s", len(emojis.Data), emojis.Data[0].UnicodeFlag)
		emoji, err := c.FlagUnicode(ctx, "Nigeria")
		if err != nil {
			return err
		}
		say("FlagUnicode", "%s %s", emoji.Data.Name, emoji.Data.UnicodeFlag)
		isos, err := c.ISOCodes(ctx)
		if err != nil {
			return err
		}
		say("ISOCodes", "%d code pairs", len(isos.Data))
		iso, err := c.ISOCode(ctx, "Nigeria")
		if err != nil {
			return err
		}
		say("ISOCode", "%s is %s/%s", iso.Data.Name, iso.Data.ISO2, iso.Data.ISO3)
		positions, err := c.Positions(ctx)
		if err != nil {
			return err
		}
		say("Positions", "%d positions", len(positions.Data))
		pos, err := c.Position(ctx, "Nigeria")
		if err != nil {
			return err
		}
		say("Position", "%s lies at %g, %g", pos.Data.Name, pos.Data.Lat, pos.Data.Long)
		dials, err := c.DialCodes(ctx)
		if err != nil {
			return err
		}
		say("DialCodes", "%d dial codes", len(dials.Data))
		dial, err := c.DialCode(ctx, "Nigeria")
		if err != nil {
			return err
		}
		say("DialCode", "%s dials %s", dial.Data.Name, dial.Data.DialCode)
		pops, err := c.Populations(ctx)
		if err != nil {
			return err
		}
		say("Populations", "%d population series", len(pops.Data))
		pop, err := c.Population(ctx, "Nigeria")
		if err != nil {
			return err
		}
		latest := pop.Data.PopulationCounts[len(pop.Data.PopulationCounts)-1]
		say("Population", "%s: %d people in %d", pop.Data.Country, latest.Value, latest.Year)
		cityPops, err := c.CityPopulations(ctx)
		if err != nil {
			return err
		}
		say("CityPopulations", "%d cities counted", len(cityPops.Data))
		lagos, err := c.CityPopulation(ctx, "Lagos")
		if err != nil {
			return err
		}
		say("CityPopulation", "%s: %s in %s (%s)", lagos.Data.City, lagos.Data.PopulationCounts[0].Value, lagos.Data.PopulationCounts[0].Year, lagos.Data.PopulationCounts[0].Reliability)
		states, err := c.States(ctx)
		if err != nil {
			return err
		}
		say("States", "%d countries with states", len(states.Data))
		ng, err := c.CountryStates(ctx, "Nigeria")
		if err != nil {
			return err
		}
		say("CountryStates", "%s has %d states, first %s (%s)", ng.Data.Name, len(ng.Data.States), ng.Data.States[0].Name, ng.Data.States[0].StateCode)
		lagosCities, err := c.StateCities(ctx, "Nigeria", "Lagos")
		if err != nil {
			return err
		}
		say("StateCities", "%d cities in Lagos state, first %s", len(lagosCities.Data), lagosCities.Data[0])
		return nil
	})
}
