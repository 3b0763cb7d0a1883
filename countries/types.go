package countries

import "github.com/conduit-sdk/conduit"

// Envelope is the shape of every countries response. RawJSON returns it as
// sent, for fields the spec does not show.
type Envelope[T any] struct {
	raw `json:"-"`
	// Error is the service's failure flag. A result handed back by a Client
	// method always has it false: a true one becomes an *Error.
	Error bool   `json:"error"`
	Msg   string `json:"msg"` // what the service says about the result
	Data  T      `json:"data"`
}

// CapitalsResponse is Capitals' answer; Data is empty when the service lists
// none.
type CapitalsResponse = Envelope[[]Capital]

// CitiesResponse is Cities' answer: Data holds the city names.
type CitiesResponse = Envelope[[]string]

// Capital is one country and its capital.
type Capital struct {
	Name    string `json:"name"`
	Capital string `json:"capital"`
	ISO2    string `json:"iso2"`
	ISO3    string `json:"iso3"`
}

type citiesRequest struct {
	Country string `json:"country"`
}

// CountryCities is one country of Countries: its ISO codes and the names
// of its cities.
type CountryCities struct {
	Country string   `json:"country"`
	ISO2    string   `json:"iso2"`
	ISO3    string   `json:"iso3"`
	Cities  []string `json:"cities"`
}

// Currency is a country's currency (an ISO 4217 code such as "NGN").
type Currency struct {
	Name     string `json:"name"`
	Currency string `json:"currency"`
	ISO2     string `json:"iso2"`
	ISO3     string `json:"iso3"`
}

// FlagImage is the address of a country's flag image.
type FlagImage struct {
	Name string `json:"name"`
	Flag string `json:"flag"` // a URL of an SVG file
	ISO2 string `json:"iso2"`
	ISO3 string `json:"iso3"`
}

// FlagUnicode is a country's flag as a Unicode emoji (two regional
// indicator symbols).
type FlagUnicode struct {
	Name        string `json:"name"`
	ISO2        string `json:"iso2"`
	ISO3        string `json:"iso3"`
	UnicodeFlag string `json:"unicodeFlag"`
}

// ISOCode is a country's ISO 3166 codes; the service capitalises these
// two members' names.
type ISOCode struct {
	Name string `json:"name"`
	ISO2 string `json:"Iso2"`
	ISO3 string `json:"Iso3"`
}

// Position is where a country lies, in whole or decimal degrees.
type Position struct {
	Name string  `json:"name"`
	ISO2 string  `json:"iso2"`
	Long float64 `json:"long"`
	Lat  float64 `json:"lat"`
}

// DialCode is a country's international dialling code.
type DialCode struct {
	Name     string `json:"name"`
	Code     string `json:"code"`      // ISO 3166 alpha-2 ("NG")
	DialCode string `json:"dial_code"` // "+234"
}

// Population is a country's (or region's) population series.
type Population struct {
	Country          string            `json:"country"`
	Code             string            `json:"code"`
	ISO3             string            `json:"iso3"`
	PopulationCounts []PopulationCount `json:"populationCounts"`
}

// PopulationCount is one year of a country's population.
type PopulationCount struct {
	Year  int   `json:"year"`
	Value int64 `json:"value"`
}

// CityPopulation is a city's population counts, as national statistics
// offices reported them.
type CityPopulation struct {
	City             string                `json:"city"`
	Country          string                `json:"country"`
	PopulationCounts []CityPopulationCount `json:"populationCounts"`
}

// CityPopulationCount is one reported count of a city's population. The
// service sends year and value as strings ("2006", "9013534"), sometimes
// with decimals; conduit.Text keeps them as sent.
type CityPopulationCount struct {
	Year  conduit.Text `json:"year"`
	Value conduit.Text `json:"value"`
	Sex   string       `json:"sex"` // "Both Sexes", "Male", "Female"
	// Reliability is the service's "reliabilty" member, spelled as it
	// spells it: "Final figure, complete", "Provisional figure"…
	Reliability string `json:"reliabilty"`
}

// CountryStates is a country with its states.
type CountryStates struct {
	Name   string  `json:"name"`
	ISO2   string  `json:"iso2"`
	ISO3   string  `json:"iso3"`
	States []State `json:"states"`
}

// State is one state (region, province) of a country.
type State struct {
	Name      string `json:"name"`
	StateCode string `json:"state_code"`
}
