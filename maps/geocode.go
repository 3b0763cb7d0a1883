package maps

import (
	"context"
	"math"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Component restricts Geocode to results with one address component of a
// given value ("country" "FI"): the service's components filter, which,
// unlike words in the address, no result can escape.
type Component struct {
	// Type is one of the filterable component types: postal_code,
	// country, route, locality or administrative_area.
	Type  string
	Value string
}

// componentTypes are the types the service filters on; it ignores others
// silently, so they are refused instead.
var componentTypes = map[string]bool{"postal_code": true, "country": true, "route": true, "locality": true, "administrative_area": true}

// GeocodeParams are Geocode's optional inputs.
type GeocodeParams struct {
	// Components filters the results (query components, "type:value"
	// pairs joined by "|"). With components the address may be empty.
	Components []Component
	// Region biases results towards a region, given as its ccTLD ("es").
	Region string
	// Language is the language of the results ("fr"); empty lets the
	// service choose.
	Language string
}

// Geocode returns the places that match address, best first. A body whose
// status is neither OK nor ZERO_RESULTS (REQUEST_DENIED, OVER_QUERY_LIMIT,
// INVALID_REQUEST, …) is an *Error with that status as Code and the
// service's error_message as Message, even at HTTP 200. ZERO_RESULTS is an
// empty Results, not an error.
func (c *Client) Geocode(ctx context.Context, address string, p *GeocodeParams, opts ...Option) (*GeocodeResponse, error) {
	if p == nil {
		p = &GeocodeParams{}
	}
	if strings.TrimSpace(address) == "" && len(p.Components) == 0 {
		return nil, geocodeOp.Invalid("address", "must not be empty unless components are given")
	}
	var q []string
	if address != "" {
		q = append(q, "address", address)
	}
	parts := make([]string, 0, len(p.Components))
	for i, comp := range p.Components {
		if !componentTypes[comp.Type] {
			return nil, geocodeOp.Invalid("components", "component %d: %q is not one of postal_code, country, route, locality, administrative_area", i, comp.Type)
		}
		if strings.TrimSpace(comp.Value) == "" || strings.ContainsAny(comp.Value, "|:") {
			return nil, geocodeOp.Invalid("components", "component %d (%s): the value is empty or holds '|' or ':'", i, comp.Type)
		}
		parts = append(parts, comp.Type+":"+comp.Value)
	}
	if len(parts) > 0 {
		q = append(q, "components", strings.Join(parts, "|"))
	}
	q = appendLocale(q, p.Language, p.Region)
	return geocodeOp.Do(ctx, c.t, transport.Call{Query: q}, opts)
}

// ReverseGeocodeParams are ReverseGeocode's optional inputs.
type ReverseGeocodeParams struct {
	// ResultTypes keeps only results of these address types
	// ("street_address", "locality"); the service filters after the
	// lookup, so a filter nothing passes is ZERO_RESULTS.
	ResultTypes []string
	// LocationTypes keeps only results located this precisely: ROOFTOP,
	// RANGE_INTERPOLATED, GEOMETRIC_CENTER or APPROXIMATE.
	LocationTypes []LocationType
	// Language is the language of the results ("fr").
	Language string
	// Region is a ccTLD ("es") the addresses are formatted for.
	Region string
}

// LocationType says how precisely a geocoding result is located.
type LocationType string

// The location types the service documents, most precise first.
const (
	Rooftop           LocationType = "ROOFTOP"
	RangeInterpolated LocationType = "RANGE_INTERPOLATED"
	GeometricCenter   LocationType = "GEOMETRIC_CENTER"
	Approximate       LocationType = "APPROXIMATE"
)

// ReverseGeocode returns the addresses at a point, most precise first
// (a street address, then the neighbourhood, city, county, …). Failures
// and ZERO_RESULTS are read as Geocode's.
func (c *Client) ReverseGeocode(ctx context.Context, at LatLng, p *ReverseGeocodeParams, opts ...Option) (*GeocodeResponse, error) {
	if p == nil {
		p = &ReverseGeocodeParams{}
	}
	if err := at.check(reverseGeocodeOp.Op, "latlng"); err != nil {
		return nil, err
	}
	q := []string{"latlng", formatDegrees(at.Lat) + "," + formatDegrees(at.Lng)}
	if len(p.ResultTypes) > 0 {
		for i, t := range p.ResultTypes {
			if !isTypeName(t) {
				return nil, reverseGeocodeOp.Invalid("result_type", "type %d, %q, is not a lower-case type name such as street_address", i, t)
			}
		}
		q = append(q, "result_type", strings.Join(p.ResultTypes, "|"))
	}
	if len(p.LocationTypes) > 0 {
		names := make([]string, len(p.LocationTypes))
		for i, t := range p.LocationTypes {
			switch t {
			case Rooftop, RangeInterpolated, GeometricCenter, Approximate:
			default:
				return nil, reverseGeocodeOp.Invalid("location_type", "type %d, %q, is not ROOFTOP, RANGE_INTERPOLATED, GEOMETRIC_CENTER or APPROXIMATE", i, t)
			}
			names[i] = string(t)
		}
		q = append(q, "location_type", strings.Join(names, "|"))
	}
	q = appendLocale(q, p.Language, p.Region)
	return reverseGeocodeOp.Do(ctx, c.t, transport.Call{Query: q}, opts)
}

// check refuses a point off the globe, which the service would answer
// with INVALID_REQUEST after a round trip.
func (l LatLng) check(op *transport.Op, field string) error {
	if math.IsNaN(l.Lat) || math.IsNaN(l.Lng) || l.Lat < -90 || l.Lat > 90 || l.Lng < -180 || l.Lng > 180 {
		return op.Invalid(field, "%v,%v is not a latitude in [-90, 90] and a longitude in [-180, 180]", l.Lat, l.Lng)
	}
	return nil
}

// formatDegrees writes a coordinate with every digit it has and no
// exponent, which the service would not read.
func formatDegrees(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func appendLocale(q []string, language, region string) []string {
	if language != "" {
		q = append(q, "language", language)
	}
	if region != "" {
		q = append(q, "region", region)
	}
	return q
}

func isTypeName(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '_' })
}
