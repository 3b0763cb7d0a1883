// Package maps is a client for the maps interface: it geocodes addresses
// and points, searches, autocompletes and details places, and computes
// routes and route matrices, on three separate hosts. It is modelled on
// Google Maps Platform: the Geocoding API, Places API (New) and the Routes
// API. DecodePolyline reads the shape a route carries.
//
// Base URLs, one placeholder per host; a client needs only the hosts of the
// operations it calls:
//   - geocoding_url (Geocode, ReverseGeocode; the default placeholder): by
//     default Google's https://maps.googleapis.com; WithGeocodingURL or
//     conduit.WithBaseURL, CONDUIT_MAPS_GEOCODING_URL
//   - places_url (SearchText, SearchNearby, Autocomplete, PlaceDetails,
//     PlacePhoto, PlacePhotoURI): no
//     default; WithPlacesURL, CONDUIT_MAPS_PLACES_URL; the operations' paths
//     start with /v1, so a base pasted with it is not doubled
//   - routes_url (ComputeRoutes, ComputeRouteMatrix): no default;
//     WithRoutesURL, CONDUIT_MAPS_ROUTES_URL
//
// places_url and routes_url have no default because the spec sends
// X-Provider-Api-Key and X-Provider-FieldMask, headers Google does not read
// (it reads X-Goog-Api-Key and X-Goog-FieldMask), so only a service that
// follows the spec can answer; a call to either without its base fails
// with conduit.ErrMissingBaseURL saying so.
//
// Credentials: one API key (WithAPIKey, CONDUIT_MAPS_API_KEY). Requests to
// geocoding_url send it as the key query parameter; requests to places_url
// and routes_url send it in the X-Provider-Api-Key header, with the
// X-Provider-FieldMask header those hosts require (see FieldMask; only
// Autocomplete takes none unless given one, and the photo calls none). Each API
// must be enabled for the key. The key is never printed, not even inside a
// wrapped network error, whose URL holds it. The spec publishes no rate
// limit.
//
//	c, err := maps.New(maps.WithAPIKey(key))
//	if err != nil {
//		return err
//	}
//	geo, err := c.Geocode(ctx, "1600 Amphitheatre Parkway, Mountain View, CA", nil)
//	if err != nil {
//		return err
//	}
//	for _, r := range geo.Results {
//		fmt.Println(r.FormattedAddress, r.Geometry.Location.Lat, r.Geometry.Location.Lng)
//	}
//
// # Failures
//
// The hosts speak two dialects. Geocoding answers every failure with status
// 200 and a status word: Error.Code is the word and Error.Message the
// error_message. Places and Routes answer with a real status and the
// google.rpc.Status body {"error": {"code", "message", "status",
// "details"}}: Error.Code is the status word (never the number, which only
// repeats the HTTP status), Error.Reason the ErrorInfo detail's reason,
// Error.Message the message, Error.RequestID a RequestInfo detail's id and
// Error.RetryAfter a RetryInfo detail's retryDelay.
//
//	service sends                                         conduit reports
//	200 ZERO_RESULTS                                      no error: Results is empty
//	200 REQUEST_DENIED, OVER_DAILY_LIMIT (key, billing)   ErrUnauthorized, not retried
//	200 OVER_QUERY_LIMIT                                  ErrRateLimited, retried after the backoff
//	200 UNKNOWN_ERROR                                     ErrAPI, retried after the backoff
//	200 INVALID_REQUEST, or no status word                ErrAPI
//	400 INVALID_ARGUMENT with reason API_KEY_INVALID      ErrUnauthorized, though the status is 400
//	401 UNAUTHENTICATED, 403 PERMISSION_DENIED            ErrUnauthorized (reason such as
//	                                                        API_KEY_SERVICE_BLOCKED, BILLING_DISABLED)
//	429 RESOURCE_EXHAUSTED                                ErrRateLimited, retried after retryDelay
//	                                                        or the backoff; with reason
//	                                                        RESOURCE_QUOTA_EXCEEDED (a daily quota)
//	                                                        not retried
//	404 NOT_FOUND (an unknown place id)                   ErrNotFound
//	500 INTERNAL, 503 UNAVAILABLE, 504 DEADLINE_EXCEEDED  ErrAPI, reads retried
//	400 INVALID_ARGUMENT (a missing field mask, a bad     ErrAPI
//	  field), FAILED_PRECONDITION
//
// ComputeRouteMatrix's answer is a stream, a JSON array whose elements
// arrive as they are computed:
//
//	element with "status": {"code": 5, …}                 no error: the element, Status set
//	element {"error": {…}} once the stream began          the status word as Code, read as above
//	array cut short                                       an *Error wrapping io.ErrUnexpectedEOF
//	a stalled or reset connection                         an *Error wrapping its cause (ErrStalled)
//
// The hosts send no budget headers. Places and Routes answer a search that
// finds nothing with {}, an empty result.
//
// Paging: SearchText takes pageSize and pageToken and answers
// nextPageToken when the mask names it; AllSearchText walks the pages
// (at most three, 60 places). SearchNearby, Autocomplete and the geocoding
// calls do not page.
//
// Place Photos: PlacePhoto returns a photo's image, PlacePhotoURI (the
// same request with skipHttpRedirect=true) only its address, which needs
// no key. Google answers PlacePhoto's request with a redirect to its
// content host, which PlacePhoto follows over https with the key's header
// removed; a redirect whose address holds the key is refused
// (conduit.ErrRedirectRefused).
//
// Not typed, for Do: the legacy Places and Directions APIs, which Places
// API (New) and the Routes API replace, and Geocoding's place_id lookup,
// which PlaceDetails covers.
package maps

import (
	"context"

	"github.com/conduit-sdk/conduit/internal/transport"
)

const (
	geocodingURL = "geocoding_url"
	placesURL    = "places_url"
	routesURL    = "routes_url"
)

// headerKey is where the places and routes hosts take the key; geocoding
// takes it as the key query parameter, the service's default.
// renamedHeaders is why places_url and routes_url have no default.
const renamedHeaders = "the spec sends X-Provider-Api-Key and X-Provider-FieldMask, headers Google does not read (it reads X-Goog-Api-Key and X-Goog-FieldMask), so only a service that follows the spec can answer"

var headerKey = &transport.Auth{Scheme: transport.Header, Name: "X-Provider-Api-Key", Values: []string{"api_key"}}

var service = transport.Register(&transport.Service{
	Name: "maps",
	Bases: []transport.Base{
		{Name: geocodingURL, Option: "maps.WithGeocodingURL", Default: "https://maps.googleapis.com"},
		{Name: placesURL, Option: "maps.WithPlacesURL", PathVersion: "v1", Auth: headerKey, NoDefault: renamedHeaders},
		{Name: routesURL, Option: "maps.WithRoutesURL", Auth: headerKey, NoDefault: renamedHeaders},
	},
	Auth:   transport.Auth{Scheme: transport.Query, Name: "key", Values: []string{"api_key"}},
	Values: []transport.Value{{Name: "api_key", Option: "maps.WithAPIKey", Secret: true}},
	Errors: errorProfile,
})

// The places and routes operations are POSTs that only read, so they are
// retried like GETs.
var (
	geocodeOp = transport.Declare(service, transport.Op{Name: "Geocode", Method: "GET", Base: geocodingURL,
		Path: "/maps/api/geocode/json"}, checkGeocode)
	reverseGeocodeOp = transport.Declare(service, transport.Op{Name: "ReverseGeocode", Method: "GET", Base: geocodingURL,
		Path: "/maps/api/geocode/json"}, checkGeocode)
	searchTextOp = transport.Declare[SearchTextResponse](service, transport.Op{Name: "SearchText", Method: "POST", Base: placesURL,
		Path: "/v1/places:searchText"}, nil)
	searchNearbyOp = transport.Declare[SearchNearbyResponse](service, transport.Op{Name: "SearchNearby", Method: "POST", Base: placesURL,
		Path: "/v1/places:searchNearby"}, nil)
	autocompleteOp = transport.Declare[AutocompleteResponse](service, transport.Op{Name: "Autocomplete", Method: "POST", Base: placesURL,
		Path: "/v1/places:autocomplete"}, nil)
	placeDetailsOp = transport.Declare[Place](service, transport.Op{Name: "PlaceDetails", Method: "GET", Base: placesURL,
		Path: "/v1/places/{id}"}, nil)
	computeRoutesOp = transport.Declare[ComputeRoutesResponse](service, transport.Op{Name: "ComputeRoutes", Method: "POST", Base: routesURL,
		Path: "/directions/v2:computeRoutes"}, nil)
	// The matrix streams: Accept set keeps the core from reading the body
	// whole for a geocoding status word before handing it over.
	computeRouteMatrixOp = transport.DeclareDownload(service, transport.Op{Name: "ComputeRouteMatrix", Method: "POST", Base: routesURL,
		Path: "/distanceMatrix/v2:computeRouteMatrix", Accept: "application/json"}, "application/json")
)

// Do calls any path of the maps hosts, for an endpoint this package does
// not type, with the limits, retries and errors of the typed methods; see
// conduit's documentation of Do. Paths are relative to geocoding_url, where
// the key goes in the key query parameter; conduit.WithBase("places_url")
// or WithBase("routes_url") sends the call there, with the key in
// X-Provider-Api-Key. Those hosts also want the X-Provider-FieldMask
// header: add it with conduit.WithHeader. A POST is a write, retried only
// with conduit.WithIdempotent (every POST of Places and Routes only reads).
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// WithAPIKey sets the API key, overriding CONDUIT_MAPS_API_KEY.
func WithAPIKey(key string) Option { return service.Set("api_key", key) }

// WithGeocodingURL sets the geocoding host, overriding
// CONDUIT_MAPS_GEOCODING_URL.
func WithGeocodingURL(u string) Option { return service.SetBase(geocodingURL, u) }

// WithPlacesURL sets the places host, overriding CONDUIT_MAPS_PLACES_URL.
func WithPlacesURL(u string) Option { return service.SetBase(placesURL, u) }

// WithRoutesURL sets the routes host, overriding CONDUIT_MAPS_ROUTES_URL.
func WithRoutesURL(u string) Option { return service.SetBase(routesURL, u) }
