package maps

import (
	"context"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// TravelMode is how the route is travelled.
type TravelMode string

// Common travel modes; the spec uses Drive, the default.
const (
	Drive      TravelMode = "DRIVE"
	Bicycle    TravelMode = "BICYCLE"
	Walk       TravelMode = "WALK"
	TwoWheeler TravelMode = "TWO_WHEELER"
	Transit    TravelMode = "TRANSIT"
)

// RoutingPreference says how much traffic counts; the service takes it
// for Drive and TwoWheeler only.
type RoutingPreference string

// The preferences the service documents, cheapest first; "" is its
// TRAFFIC_UNAWARE.
const (
	TrafficUnaware      RoutingPreference = "TRAFFIC_UNAWARE"
	TrafficAware        RoutingPreference = "TRAFFIC_AWARE"
	TrafficAwareOptimal RoutingPreference = "TRAFFIC_AWARE_OPTIMAL"
)

// maxIntermediates is the service's limit of stops between origin and
// destination.
const maxIntermediates = 25

// Units are the units of the localized texts of an answer; distances in
// meters stay meters.
type Units string

// The unit systems the service documents.
const (
	Metric   Units = "METRIC"
	Imperial Units = "IMPERIAL"
)

// RouteModifiers are the road features a route avoids, where it can.
type RouteModifiers struct {
	AvoidTolls    bool `json:"avoidTolls,omitempty"`
	AvoidHighways bool `json:"avoidHighways,omitempty"`
	AvoidFerries  bool `json:"avoidFerries,omitempty"`
	AvoidIndoor   bool `json:"avoidIndoor,omitempty"`
}

// Waypoint is a stop: exactly one of Address, PlaceID and Location.
type Waypoint struct {
	Address  string
	PlaceID  string
	Location *Location
	// Via passes through without stopping, so the route has no leg
	// ending here; intermediates only.
	Via bool
	// VehicleStopover stops where a vehicle can pick up or drop off.
	VehicleStopover bool
	// SideOfRoad arrives on the side of the road the point is on.
	SideOfRoad bool
}

// waypointBody is a Waypoint as the service writes it.
type waypointBody struct {
	Address         string         `json:"address,omitempty"`
	PlaceID         string         `json:"placeId,omitempty"`
	Location        *locationLatLn `json:"location,omitempty"`
	Via             bool           `json:"via,omitempty"`
	VehicleStopover bool           `json:"vehicleStopover,omitempty"`
	SideOfRoad      bool           `json:"sideOfRoad,omitempty"`
}

type locationLatLn struct {
	LatLng Location `json:"latLng"`
}

// body checks w, named field in errors, and returns its wire form.
func (w Waypoint) body(op *transport.Op, field string) (waypointBody, error) {
	set := 0
	for _, s := range []bool{strings.TrimSpace(w.Address) != "", w.PlaceID != "", w.Location != nil} {
		if s {
			set++
		}
	}
	if set != 1 {
		return waypointBody{}, op.Invalid(field, "set exactly one of Address, PlaceID and Location")
	}
	b := waypointBody{Address: w.Address, PlaceID: w.PlaceID, Via: w.Via, VehicleStopover: w.VehicleStopover, SideOfRoad: w.SideOfRoad}
	if w.Location != nil {
		if err := w.Location.check(op, field); err != nil {
			return waypointBody{}, err
		}
		b.Location = &locationLatLn{*w.Location}
	}
	return b, nil
}

// ComputeRoutesParams are ComputeRoutes' optional inputs.
type ComputeRoutesParams struct {
	// TravelMode defaults to Drive. Other upper-case mode names the service
	// knows are passed through.
	TravelMode TravelMode
	// FieldMask names the fields to return; nil means RoutesFieldMask.
	FieldMask FieldMask
	// Origin and Destination, when set, are the ends of the route as a
	// place id or a point instead of an address; the address argument
	// must then be empty.
	Origin      *Waypoint
	Destination *Waypoint
	// Intermediates are up to 25 stops between origin and destination, in
	// order.
	Intermediates []Waypoint
	// DepartureTime is when the trip starts; zero means now. With a
	// traffic-aware preference it must not be in the past.
	DepartureTime time.Time
	// RoutingPreference applies to Drive and TwoWheeler only.
	RoutingPreference RoutingPreference
	// RouteModifiers are features to avoid.
	RouteModifiers *RouteModifiers
	// Units of the localized texts; "" lets the service pick by region.
	Units Units
	// ComputeAlternativeRoutes asks for up to three routes besides the
	// best; not with intermediates.
	ComputeAlternativeRoutes bool
	// LanguageCode and RegionCode set the language of the answer and the
	// region it is formatted for ("en", "US").
	LanguageCode string
	RegionCode   string
}

type routesBody struct {
	Origin                   waypointBody      `json:"origin"`
	Destination              waypointBody      `json:"destination"`
	Intermediates            []waypointBody    `json:"intermediates,omitempty"`
	TravelMode               TravelMode        `json:"travelMode"`
	RoutingPreference        RoutingPreference `json:"routingPreference,omitempty"`
	DepartureTime            time.Time         `json:"departureTime,omitzero"`
	RouteModifiers           *RouteModifiers   `json:"routeModifiers,omitempty"`
	ComputeAlternativeRoutes bool              `json:"computeAlternativeRoutes,omitempty"`
	Units                    Units             `json:"units,omitempty"`
	LanguageCode             string            `json:"languageCode,omitempty"`
	RegionCode               string            `json:"regionCode,omitempty"`
}

// ComputeRoutes computes routes from origin to destination, given as
// addresses (or as waypoints in p), through any intermediates. Only the
// fields named by the mask come back. It only reads, so it is retried like
// a GET.
func (c *Client) ComputeRoutes(ctx context.Context, origin, destination string, p *ComputeRoutesParams, opts ...Option) (*ComputeRoutesResponse, error) {
	if p == nil {
		p = &ComputeRoutesParams{}
	}
	op := computeRoutesOp.Op
	from, err := end(op, "origin", origin, p.Origin)
	if err != nil {
		return nil, err
	}
	to, err := end(op, "destination", destination, p.Destination)
	if err != nil {
		return nil, err
	}
	mode, err := checkTrip(op, p.TravelMode, p.RoutingPreference)
	if err != nil {
		return nil, err
	}
	switch p.Units {
	case "", Metric, Imperial:
	default:
		return nil, op.Invalid("units", "%q is not METRIC or IMPERIAL", p.Units)
	}
	if len(p.Intermediates) > maxIntermediates {
		return nil, op.Invalid("intermediates", "%d stops; the service takes at most %d", len(p.Intermediates), maxIntermediates)
	}
	body := routesBody{Origin: from, Destination: to, TravelMode: mode,
		RoutingPreference: p.RoutingPreference, DepartureTime: p.DepartureTime.UTC(), RouteModifiers: p.RouteModifiers,
		ComputeAlternativeRoutes: p.ComputeAlternativeRoutes, Units: p.Units, LanguageCode: p.LanguageCode, RegionCode: p.RegionCode}
	for _, w := range p.Intermediates {
		b, err := w.body(op, "intermediates")
		if err != nil {
			return nil, err
		}
		body.Intermediates = append(body.Intermediates, b)
	}
	call, err := maskedCall(op, p.FieldMask, RoutesFieldMask, body)
	if err != nil {
		return nil, err
	}
	return computeRoutesOp.Do(ctx, c.t, call, opts)
}

// end is the wire form of one end of a route: the address argument, or
// the waypoint when the address is empty.
func end(op *transport.Op, field, address string, w *Waypoint) (waypointBody, error) {
	switch {
	case w != nil && address != "":
		return waypointBody{}, op.Invalid(field, "give an address or a waypoint, not both")
	case w != nil:
		return w.body(op, field)
	case strings.TrimSpace(address) == "":
		return waypointBody{}, op.Invalid(field, "must not be empty")
	}
	return waypointBody{Address: address}, nil
}

// checkTrip checks the mode (Drive when empty) and the preference, which
// the service refuses for modes other than Drive and TwoWheeler.
func checkTrip(op *transport.Op, mode TravelMode, pref RoutingPreference) (TravelMode, error) {
	if mode == "" {
		mode = Drive
	}
	if !isModeName(string(mode)) {
		return "", op.Invalid("travelMode", "%q is not an upper-case mode name such as DRIVE", mode)
	}
	switch pref {
	case "":
	case TrafficUnaware, TrafficAware, TrafficAwareOptimal:
		if mode != Drive && mode != TwoWheeler {
			return "", op.Invalid("routingPreference", "applies to DRIVE and TWO_WHEELER only, not %s", mode)
		}
	default:
		return "", op.Invalid("routingPreference", "%q is not TRAFFIC_UNAWARE, TRAFFIC_AWARE or TRAFFIC_AWARE_OPTIMAL", pref)
	}
	return mode, nil
}

func isModeName(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return (r < 'A' || r > 'Z') && r != '_' })
}
