package maps

import (
	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// The spec does not show the response fields of the three operations. The
// types below hold the widely known ones; every record keeps its raw bytes,
// so anything else is reachable through RawJSON and Decode.

// GeocodeResponse is the answer of Geocode. Status is OK, or ZERO_RESULTS
// when nothing matched; any other status is an *Error instead.
type GeocodeResponse struct {
	raw          `json:"-"`
	Results      []GeocodeResult `json:"results"`
	Status       string          `json:"status"`
	ErrorMessage string          `json:"error_message,omitempty"`
}

// GeocodeResult is one place matching the address.
type GeocodeResult struct {
	raw               `json:"-"`
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
	raw    `json:"-"`
	Places []Place `json:"places"`
	// NextPageToken names the next page (SearchTextParams.PageToken); it
	// is empty on the last page, and always unless the mask names it.
	NextPageToken string `json:"nextPageToken,omitempty"`
}

// SearchNearbyResponse is the answer of SearchNearby; {} when nothing is
// near.
type SearchNearbyResponse struct {
	raw    `json:"-"`
	Places []Place `json:"places"`
}

// Place is one place found, or PlaceDetails' answer. Fields outside the
// request's mask stay zero.
type Place struct {
	raw `json:"-"`
	// Name is the resource name, "places/" and the ID.
	Name             string        `json:"name,omitempty"`
	ID               string        `json:"id,omitempty"`
	DisplayName      LocalizedText `json:"displayName"`
	FormattedAddress string        `json:"formattedAddress"`
	Location         Location      `json:"location,omitzero"`
	Types            []string      `json:"types,omitempty"`
	PrimaryType      string        `json:"primaryType,omitempty"`
	// Rating is the average review score, 1 to 5; 0 when the place has no
	// reviews or the mask left it out.
	Rating          float64 `json:"rating"`
	UserRatingCount int     `json:"userRatingCount,omitempty"`
	GoogleMapsURI   string  `json:"googleMapsUri,omitempty"`
}

// Location is a point as Places and Routes write it, in decimal degrees.
type Location struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// check refuses a point off the globe.
func (l Location) check(op *transport.Op, field string) error {
	return LatLng{Lat: l.Latitude, Lng: l.Longitude}.check(op, field)
}

// AutocompleteResponse is the answer of Autocomplete, best first; {} when
// nothing matches.
type AutocompleteResponse struct {
	raw         `json:"-"`
	Suggestions []Suggestion `json:"suggestions"`
}

// Suggestion is one suggestion: exactly one of its two fields is set.
type Suggestion struct {
	raw             `json:"-"`
	PlacePrediction *PlacePrediction `json:"placePrediction"`
	QueryPrediction *QueryPrediction `json:"queryPrediction"`
}

// PlacePrediction is a suggested place; PlaceID goes to PlaceDetails.
type PlacePrediction struct {
	// Place is the resource name, "places/" and the PlaceID.
	Place            string           `json:"place"`
	PlaceID          string           `json:"placeId"`
	Text             FormattableText  `json:"text"`
	StructuredFormat StructuredFormat `json:"structuredFormat"`
	Types            []string         `json:"types"`
	// DistanceMeters is from the request's Origin; 0 without one.
	DistanceMeters int `json:"distanceMeters"`
}

// QueryPrediction is a suggested query, for SearchText.
type QueryPrediction struct {
	Text             FormattableText  `json:"text"`
	StructuredFormat StructuredFormat `json:"structuredFormat"`
}

// StructuredFormat splits a prediction into its main text (the name) and
// the rest (the address), for showing them apart.
type StructuredFormat struct {
	MainText      FormattableText `json:"mainText"`
	SecondaryText FormattableText `json:"secondaryText"`
}

// FormattableText is a text with the parts that match the input marked,
// for showing them in bold.
type FormattableText struct {
	Text    string      `json:"text"`
	Matches []TextRange `json:"matches"`
}

// TextRange is the part of a text from StartOffset up to EndOffset, in
// Unicode characters; the service leaves StartOffset out when it is 0.
type TextRange struct {
	StartOffset int `json:"startOffset"`
	EndOffset   int `json:"endOffset"`
}

// LocalizedText is a text with the language it is written in.
type LocalizedText struct {
	Text         string `json:"text"`
	LanguageCode string `json:"languageCode"`
}

// ComputeRoutesResponse is the answer of ComputeRoutes.
type ComputeRoutesResponse struct {
	raw    `json:"-"`
	Routes []Route `json:"routes"`
}

// Route is one way from origin to destination. Fields outside the request's
// mask stay zero.
type Route struct {
	raw            `json:"-"`
	DistanceMeters int `json:"distanceMeters"`
	// Duration is the travel time; the service writes it as seconds with
	// an "s" suffix ("1096s").
	Duration conduit.Duration `json:"duration"`
	// StaticDuration is the travel time without traffic.
	StaticDuration conduit.Duration `json:"staticDuration,omitzero"`
	Polyline       Polyline         `json:"polyline,omitzero"`
}

// RouteMatrixElement is the route from one origin to one destination of
// ComputeRouteMatrix. Fields outside the request's mask stay zero.
type RouteMatrixElement struct {
	raw `json:"-"`
	// OriginIndex and DestinationIndex are the pair's places in the
	// request's origins and destinations, from 0.
	OriginIndex      int `json:"originIndex"`
	DestinationIndex int `json:"destinationIndex"`
	// Status is set when the service could not compute this element.
	Status    ElementStatus  `json:"status"`
	Condition RouteCondition `json:"condition"`
	// DistanceMeters and Duration are zero when no route exists.
	DistanceMeters int              `json:"distanceMeters"`
	Duration       conduit.Duration `json:"duration"`
	StaticDuration conduit.Duration `json:"staticDuration"`
}

// ElementStatus is a google.rpc.Status: Code 0 (or absent) is success,
// any other the canonical code number (5 NOT_FOUND, 3 INVALID_ARGUMENT).
type ElementStatus struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// RouteCondition says whether a matrix element has a route.
type RouteCondition string

// The conditions the service documents; an element whose Status is not
// OK has neither.
const (
	RouteExists   RouteCondition = "ROUTE_EXISTS"
	RouteNotFound RouteCondition = "ROUTE_NOT_FOUND"
)
