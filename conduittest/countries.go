package conduittest

import "net/http"

func init() {
	fakes["countries"] = &fake{answers: map[string]answer{
		// An unknown country gets the error envelope with status 200, the
		// case a client must not mistake for success.
		"Cities": {pick: func(_ *http.Request, body []byte) string {
			if jsonString(body, "country") == "Nigeria" {
				return "cities.json"
			}
			return "cities_not_found.json"
		}},
		"Countries":       {fixture: "countries.json"},
		"Currencies":      {fixture: "currencies.json"},
		"FlagImages":      {fixture: "flag_images.json"},
		"FlagUnicodes":    {fixture: "flag_unicodes.json"},
		"ISOCodes":        {fixture: "iso_codes.json"},
		"Positions":       {fixture: "positions.json"},
		"DialCodes":       {fixture: "dial_codes.json"},
		"Populations":     {fixture: "populations.json"},
		"CityPopulations": {fixture: "city_populations.json"},
		"States":          {fixture: "states.json"},
		"Capital":         {handle: countryLookup("country", "Nigeria", "capital.json")},
		"Currency":        {handle: countryLookup("country", "Nigeria", "currency.json")},
		"FlagImage":       {handle: countryLookup("country", "Nigeria", "flag_image.json")},
		"FlagUnicode":     {handle: countryLookup("country", "Nigeria", "flag_unicode.json")},
		"ISOCode":         {handle: countryLookup("country", "Nigeria", "iso_code.json")},
		"Position":        {handle: countryLookup("country", "Nigeria", "position.json")},
		"DialCode":        {handle: countryLookup("country", "Nigeria", "dial_code.json")},
		"Population":      {handle: countryLookup("country", "Nigeria", "population.json")},
		"CityPopulation":  {handle: countryLookup("city", "Lagos", "city_population.json")},
		"CountryStates":   {handle: countryLookup("country", "Nigeria", "country_states.json")},
		"StateCities": {handle: func(w http.ResponseWriter, r *http.Request, body []byte) {
			if jsonString(body, "state") != "Lagos" {
				serveFixture(w, "countries", "state_not_found.json", http.StatusNotFound)
				return
			}
			countryLookup("country", "Nigeria", "state_cities.json")(w, r, body)
		}},
	}}
}

// countryLookup answers a POST lookup whose body member field names the one
// place the fixture holds, and the service's 404 envelope for any other.
func countryLookup(field, known, fixture string) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, _ *http.Request, body []byte) {
		if jsonString(body, field) != known {
			serveFixture(w, "countries", "country_not_found.json", http.StatusNotFound)
			return
		}
		serveFixture(w, "countries", fixture, 0)
	}
}
