package countries

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// list declares a GET of every country's records at path.
func list[T any](name, path string) *transport.Endpoint[Envelope[[]T]] {
	return transport.Declare(service, transport.Op{Name: name, Method: "GET", Path: path}, flagged[[]T])
}

// lookup declares a POST lookup of one record at path. It is a read: the
// service changes nothing and answers a POST with a redirect to its GET
// form (…/q?country=), which a write would refuse to follow.
func lookup[T any](name, path string) *transport.Endpoint[Envelope[T]] {
	return transport.Declare(service, transport.Op{Name: name, Method: "POST", Path: path}, flagged[T])
}

var (
	countriesOp       = list[CountryCities]("Countries", "/countries")
	capitalOp         = lookup[Capital]("Capital", "/countries/capital")
	currenciesOp      = list[Currency]("Currencies", "/countries/currency")
	currencyOp        = lookup[Currency]("Currency", "/countries/currency")
	flagImagesOp      = list[FlagImage]("FlagImages", "/countries/flag/images")
	flagImageOp       = lookup[FlagImage]("FlagImage", "/countries/flag/images")
	flagUnicodesOp    = list[FlagUnicode]("FlagUnicodes", "/countries/flag/unicode")
	flagUnicodeOp     = lookup[FlagUnicode]("FlagUnicode", "/countries/flag/unicode")
	isoCodesOp        = list[ISOCode]("ISOCodes", "/countries/iso")
	isoCodeOp         = lookup[ISOCode]("ISOCode", "/countries/iso")
	positionsOp       = list[Position]("Positions", "/countries/positions")
	positionOp        = lookup[Position]("Position", "/countries/positions")
	dialCodesOp       = list[DialCode]("DialCodes", "/countries/codes")
	dialCodeOp        = lookup[DialCode]("DialCode", "/countries/codes")
	populationsOp     = list[Population]("Populations", "/countries/population")
	populationOp      = lookup[Population]("Population", "/countries/population")
	cityPopulationsOp = list[CityPopulation]("CityPopulations", "/countries/population/cities")
	cityPopulationOp  = lookup[CityPopulation]("CityPopulation", "/countries/population/cities")
	statesOp          = list[CountryStates]("States", "/countries/states")
	countryStatesOp   = lookup[CountryStates]("CountryStates", "/countries/states")
	stateCitiesOp     = lookup[[]string]("StateCities", "/countries/state/cities")
)

// all sends a listing.
func all[T any](ctx context.Context, c *Client, op *transport.Endpoint[Envelope[[]T]], opts []Option) (*Envelope[[]T], error) {
	return op.Do(ctx, c.t, transport.Call{}, opts)
}

// one sends a lookup whose body names one country (or city) by its
// English name.
func one[T any](ctx context.Context, c *Client, op *transport.Endpoint[Envelope[T]], field, name string, opts []Option) (*Envelope[T], error) {
	if strings.TrimSpace(name) == "" {
		return nil, op.Invalid(field, "is empty")
	}
	return op.Do(ctx, c.t, transport.Call{Body: map[string]string{field: name}}, opts)
}

// Countries returns every country with its ISO codes and the names of its
// cities: one large answer (about 1.5 MB).
func (c *Client) Countries(ctx context.Context, opts ...Option) (*Envelope[[]CountryCities], error) {
	return all(ctx, c, countriesOp, opts)
}

// Capital returns one country's capital and ISO codes; country is its
// English name. An unknown country is ErrNotFound.
func (c *Client) Capital(ctx context.Context, country string, opts ...Option) (*Envelope[Capital], error) {
	return one(ctx, c, capitalOp, "country", country, opts)
}

// Currencies returns every country's currency code.
func (c *Client) Currencies(ctx context.Context, opts ...Option) (*Envelope[[]Currency], error) {
	return all(ctx, c, currenciesOp, opts)
}

// Currency returns one country's currency code. An unknown country is
// ErrNotFound.
func (c *Client) Currency(ctx context.Context, country string, opts ...Option) (*Envelope[Currency], error) {
	return one(ctx, c, currencyOp, "country", country, opts)
}

// FlagImages returns the address of every country's flag image (SVG).
func (c *Client) FlagImages(ctx context.Context, opts ...Option) (*Envelope[[]FlagImage], error) {
	return all(ctx, c, flagImagesOp, opts)
}

// FlagImage returns the address of one country's flag image. An unknown
// country is ErrNotFound.
func (c *Client) FlagImage(ctx context.Context, country string, opts ...Option) (*Envelope[FlagImage], error) {
	return one(ctx, c, flagImageOp, "country", country, opts)
}

// FlagUnicodes returns every country's flag as a Unicode emoji.
func (c *Client) FlagUnicodes(ctx context.Context, opts ...Option) (*Envelope[[]FlagUnicode], error) {
	return all(ctx, c, flagUnicodesOp, opts)
}

// FlagUnicode returns one country's flag as a Unicode emoji. An unknown
// country is ErrNotFound.
func (c *Client) FlagUnicode(ctx context.Context, country string, opts ...Option) (*Envelope[FlagUnicode], error) {
	return one(ctx, c, flagUnicodeOp, "country", country, opts)
}

// ISOCodes returns every country's ISO 3166 alpha-2 and alpha-3 codes.
func (c *Client) ISOCodes(ctx context.Context, opts ...Option) (*Envelope[[]ISOCode], error) {
	return all(ctx, c, isoCodesOp, opts)
}

// ISOCode returns one country's ISO codes. An unknown country is
// ErrNotFound.
func (c *Client) ISOCode(ctx context.Context, country string, opts ...Option) (*Envelope[ISOCode], error) {
	return one(ctx, c, isoCodeOp, "country", country, opts)
}

// Positions returns every country's position, a whole-degree latitude and
// longitude.
func (c *Client) Positions(ctx context.Context, opts ...Option) (*Envelope[[]Position], error) {
	return all(ctx, c, positionsOp, opts)
}

// Position returns one country's position. An unknown country is
// ErrNotFound.
func (c *Client) Position(ctx context.Context, country string, opts ...Option) (*Envelope[Position], error) {
	return one(ctx, c, positionOp, "country", country, opts)
}

// DialCodes returns every country's international dialling code.
func (c *Client) DialCodes(ctx context.Context, opts ...Option) (*Envelope[[]DialCode], error) {
	return all(ctx, c, dialCodesOp, opts)
}

// DialCode returns one country's dialling code. An unknown country is
// ErrNotFound.
func (c *Client) DialCode(ctx context.Context, country string, opts ...Option) (*Envelope[DialCode], error) {
	return one(ctx, c, dialCodeOp, "country", country, opts)
}

// Populations returns every country's (and region's) population, year by
// year.
func (c *Client) Populations(ctx context.Context, opts ...Option) (*Envelope[[]Population], error) {
	return all(ctx, c, populationsOp, opts)
}

// Population returns one country's population, year by year. An unknown
// country is ErrNotFound.
func (c *Client) Population(ctx context.Context, country string, opts ...Option) (*Envelope[Population], error) {
	return one(ctx, c, populationOp, "country", country, opts)
}

// CityPopulations returns the population counts of every city the service
// knows.
func (c *Client) CityPopulations(ctx context.Context, opts ...Option) (*Envelope[[]CityPopulation], error) {
	return all(ctx, c, cityPopulationsOp, opts)
}

// CityPopulation returns one city's population counts; city is its name
// ("Lagos"). An unknown city is ErrNotFound.
func (c *Client) CityPopulation(ctx context.Context, city string, opts ...Option) (*Envelope[CityPopulation], error) {
	return one(ctx, c, cityPopulationOp, "city", city, opts)
}

// States returns every country with its states and their codes.
func (c *Client) States(ctx context.Context, opts ...Option) (*Envelope[[]CountryStates], error) {
	return all(ctx, c, statesOp, opts)
}

// CountryStates returns the states of one country. An unknown country is
// ErrNotFound.
func (c *Client) CountryStates(ctx context.Context, country string, opts ...Option) (*Envelope[CountryStates], error) {
	return one(ctx, c, countryStatesOp, "country", country, opts)
}

// StateCities returns the names of the cities of one state of a country
// ("Nigeria", "Lagos"). An unknown country or state is ErrNotFound.
func (c *Client) StateCities(ctx context.Context, country, state string, opts ...Option) (*Envelope[[]string], error) {
	switch {
	case strings.TrimSpace(country) == "":
		return nil, stateCitiesOp.Invalid("country", "is empty")
	case strings.TrimSpace(state) == "":
		return nil, stateCitiesOp.Invalid("state", "is empty")
	}
	return stateCitiesOp.Do(ctx, c.t, transport.Call{Body: map[string]string{"country": country, "state": state}}, opts)
}
