// Package maps is a client for the maps interface: it geocodes an address,
// searches places by text and computes routes, on three separate hosts.
//
// Base URLs: the placeholders geocoding_url (CONDUIT_GEOCODING_URL,
// WithGeocodingURL, and conduit.WithBaseURL, as it is the default one),
// places_url (CONDUIT_PLACES_URL, WithPlacesURL) and routes_url
// (CONDUIT_ROUTES_URL, WithRoutesURL). A client needs only the hosts of the
// operations it calls.
//
// Credentials: one API key (WithAPIKey, CONDUIT_MAPS_API_KEY). Geocode sends
// it as the key query parameter; SearchText and ComputeRoutes send it in the
// X-Provider-Api-Key header, with the X-Provider-FieldMask header the service
// requires (see FieldMask). Each API must be enabled for the key. The key is
// never printed, not even inside a wrapped network error, whose URL holds it.
// The spec publishes no rate limit.
//
//	c, err := maps.New(maps.WithAPIKey(key))
//	if err != nil {
//		return err
//	}
//	geo, err := c.Geocode(ctx, "1600 Amphitheatre Parkway, Mountain View, CA")
//	if err != nil {
//		return err
//	}
//	for _, r := range geo.Results {
//		fmt.Println(r.FormattedAddress, r.Geometry.Location.Lat, r.Geometry.Location.Lng)
//	}
package maps

import (
	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

const (
	geocodingURL = "geocoding_url"
	placesURL    = "places_url"
	routesURL    = "routes_url"
)

var service = &transport.Service{
	Name:   "maps",
	Bases:  []string{geocodingURL, placesURL, routesURL},
	Values: []transport.Value{{Name: "api_key", Option: "maps.WithAPIKey", Secret: true}},
}

// The key's two places: a query parameter for geocoding, a header for the
// places and routes hosts. Each request names its own.
var (
	queryKey  = &transport.Auth{Scheme: transport.Query, Name: "key", Values: []string{"api_key"}}
	headerKey = &transport.Auth{Scheme: transport.Header, Name: "X-Provider-Api-Key", Values: []string{"api_key"}}
)

// Client calls the maps interface. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// WithAPIKey sets the API key, overriding CONDUIT_MAPS_API_KEY.
func WithAPIKey(key string) Option { return transport.WithValue("api_key", key) }

// WithGeocodingURL sets the geocoding host, overriding CONDUIT_GEOCODING_URL.
func WithGeocodingURL(u string) Option { return transport.WithNamedBaseURL(geocodingURL, u) }

// WithPlacesURL sets the places host, overriding CONDUIT_PLACES_URL.
func WithPlacesURL(u string) Option { return transport.WithNamedBaseURL(placesURL, u) }

// WithRoutesURL sets the routes host, overriding CONDUIT_ROUTES_URL.
func WithRoutesURL(u string) Option { return transport.WithNamedBaseURL(routesURL, u) }
