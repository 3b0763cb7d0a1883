package maps

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// The spec does not show the response fields of the three operations. The
// types below hold the widely known ones; every record keeps its raw bytes,
// so anything else is reachable through RawJSON and Decode.

// GeocodeResponse is the answer of Geocode.
type GeocodeResponse struct {
	transport.Raw
	Results      []GeocodeResult `json:"results"`
	Status       string          `json:"status"`
	ErrorMessage string          `json:"error_message,omitempty"`
}

// Failure reports a status other than OK and ZERO_RESULTS, or none at all:
// the geocoding host says "request denied" with HTTP 200.
func (r *GeocodeResponse) Failure() (code, message string, failed bool) {
	switch r.Status {
	case "OK", "ZERO_RESULTS":
		return "", "", false
	case "":
		return "", "the response has no status", true
	}
	if r.ErrorMessage != "" {
		return r.Status, r.ErrorMessage, true
	}
	return r.Status, "status " + strconv.Quote(r.Status), true
}

// GeocodeResult is one place matching the address.
type GeocodeResult struct {
	transport.Raw
	FormattedAddress  string             `json:"formatted_address"`
	PlaceID           string             `json:"place_id"`
	Types             []string           `json:"types"`
	Geometry          Geometry           `json:"geometry"`
	AddressComponents []AddressComponent `json:"address_components"`
	PartialMatch      bool               `json:"partial_match,omitempty"`
}

// UnmarshalJSON keeps the result's raw bytes for Decode.
func (g *GeocodeResult) UnmarshalJSON(b []byte) error {
	type plain GeocodeResult
	return transport.UnmarshalRecord(b, (*plain)(g))
}

// AddressComponent is one part of an address (street number, locality, …).
type AddressComponent struct {
	LongName  string   `json:"long_name"`
	ShortName string   `json:"short_name"`
	Types     []string `json:"types"`
}

// Geometry locates a result.
type Geometry struct {
	Location     LatLng `json:"location"`
	LocationType string `json:"location_type"`
}

// LatLng is a point in decimal degrees.
type LatLng struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// SearchTextResponse is the answer of SearchText. A search that finds
// nothing comes back as {} and leaves Places empty.
type SearchTextResponse struct {
	transport.Raw
	Places []Place `json:"places"`
}

// Place is one place found. Fields outside the request's mask stay zero.
type Place struct {
	transport.Raw
	DisplayName      LocalizedText `json:"displayName"`
	FormattedAddress string        `json:"formattedAddress"`
	// Rating is the average review score, 1 to 5; 0 when the place has no
	// reviews or the mask left it out.
	Rating float64 `json:"rating"`
}

// UnmarshalJSON keeps the place's raw bytes for Decode.
func (p *Place) UnmarshalJSON(b []byte) error {
	type plain Place
	return transport.UnmarshalRecord(b, (*plain)(p))
}

// LocalizedText is a text with the language it is written in.
type LocalizedText struct {
	Text         string `json:"text"`
	LanguageCode string `json:"languageCode"`
}

// ComputeRoutesResponse is the answer of ComputeRoutes.
type ComputeRoutesResponse struct {
	transport.Raw
	Routes []Route `json:"routes"`
}

// Route is one way from origin to destination. Fields outside the request's
// mask stay zero.
type Route struct {
	transport.Raw
	DistanceMeters int      `json:"distanceMeters"`
	Duration       Duration `json:"duration"`
}

// UnmarshalJSON keeps the route's raw bytes for Decode.
func (r *Route) UnmarshalJSON(b []byte) error {
	type plain Route
	return transport.UnmarshalRecord(b, (*plain)(r))
}

// Duration is a travel time as the service writes it: seconds with an "s"
// suffix ("165s", "3.5s"). It is kept as sent; Parse converts it.
type Duration string

// UnmarshalJSON accepts the string form, or a bare number of seconds,
// which it stores in the string form.
func (d *Duration) UnmarshalJSON(b []byte) error {
	if transport.IsNull(b) {
		return nil
	}
	s, err := transport.StringOrNumber(b)
	if err != nil {
		return fmt.Errorf("maps: duration: %w", err)
	}
	if strings.TrimSpace(string(b))[0] != '"' {
		s += "s"
	}
	*d = Duration(s)
	return nil
}

// Parse returns the duration as a time.Duration.
func (d Duration) Parse() (time.Duration, error) { return ParseDuration(string(d)) }

// ParseDuration parses the service's duration form: an optionally negative
// whole number of seconds with up to nine decimals, then "s".
func ParseDuration(s string) (time.Duration, error) {
	bad := fmt.Errorf("maps: duration %q is not a number of seconds such as \"165s\"", s)
	num, ok := strings.CutSuffix(s, "s")
	if !ok {
		return 0, bad
	}
	num, neg := strings.CutPrefix(num, "-")
	whole, frac, dot := strings.Cut(num, ".")
	if !digits(whole) || (dot && (!digits(frac) || len(frac) > 9)) {
		return 0, bad
	}
	sec, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || sec > math.MaxInt64/int64(time.Second) {
		return 0, fmt.Errorf("maps: duration %q is out of range", s)
	}
	var ns int64
	if dot {
		ns, _ = strconv.ParseInt(frac+strings.Repeat("0", 9-len(frac)), 10, 64)
	}
	d := time.Duration(sec)*time.Second + time.Duration(ns)
	if d < 0 {
		return 0, fmt.Errorf("maps: duration %q is out of range", s)
	}
	if neg {
		d = -d
	}
	return d, nil
}

func digits(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return r < '0' || r > '9' })
}
