package maps

import "github.com/conduit-sdk/conduit"

// The spec does not show the response fields of the three operations. The
// types below hold the widely known ones; every record keeps its raw bytes,
// so anything else is reachable through RawJSON and Decode.

// GeocodeResponse is the answer of Geocode. Status is OK, or ZERO_RESULTS
// when nothing matched; any other status is an *Error instead.
type GeocodeResponse struct {
	raw
	Results      []GeocodeResult `json:"results"`
	Status       string          `json:"status"`
	ErrorMessage string          `json:"error_message,omitempty"`
}

// GeocodeResult is one place matching the address.
type GeocodeResult struct {
	raw
	FormattedAddress  string             `json:"formatted_address"`
	PlaceID           string             `json:"place_id"`
	Types             []string           `json:"types"`
	Geometry          Geometry           `json:"geometry"`
	AddressComponents []AddressComponent `json:"address_components"`
	PartialMatch      bool               `json:"partial_match,omitempty"`
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
	raw
	Places []Place `json:"places"`
}

// Place is one place found. Fields outside the request's mask stay zero.
type Place struct {
	raw
	DisplayName      LocalizedText `json:"displayName"`
	FormattedAddress string        `json:"formattedAddress"`
	// Rating is the average review score, 1 to 5; 0 when the place has no
	// reviews or the mask left it out.
	Rating float64 `json:"rating"`
}

// LocalizedText is a text with the language it is written in.
type LocalizedText struct {
	Text         string `json:"text"`
	LanguageCode string `json:"languageCode"`
}

// ComputeRoutesResponse is the answer of ComputeRoutes.
type ComputeRoutesResponse struct {
	raw
	Routes []Route `json:"routes"`
}

// Route is one way from origin to destination. Fields outside the request's
// mask stay zero.
type Route struct {
	raw
	DistanceMeters int `json:"distanceMeters"`
	// Duration is the travel time; the service writes it as seconds with
	// an "s" suffix ("1096s").
	Duration conduit.Duration `json:"duration"`
}
