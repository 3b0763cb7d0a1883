package maps

import (
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// FieldMask lists the response field paths the places and routes hosts
// should return ("places.displayName"); they return nothing else, and refuse
// a request without one. A nil FieldMask means the operation's default, the
// spec's paths; an empty, non-nil one is an error, since the service would
// reject it.
type FieldMask []string

// String is the header form: the paths joined by commas.
func (m FieldMask) String() string { return strings.Join(m, ",") }

// PlacesFieldMask returns SearchText's default mask, the spec's paths:
// places.displayName, places.formattedAddress and places.rating.
func PlacesFieldMask() FieldMask {
	return FieldMask{"places.displayName", "places.formattedAddress", "places.rating"}
}

// PlaceDetailsFieldMask returns PlaceDetails' default mask, the spec's
// place fields without the prefix a search puts before them: id,
// displayName, formattedAddress and rating.
func PlaceDetailsFieldMask() FieldMask {
	return FieldMask{"id", "displayName", "formattedAddress", "rating"}
}

// RoutesFieldMask returns ComputeRoutes' default mask, the spec's paths:
// routes.duration and routes.distanceMeters.
func RoutesFieldMask() FieldMask {
	return FieldMask{"routes.duration", "routes.distanceMeters"}
}

// RouteMatrixFieldMask returns ComputeRouteMatrix's default mask: which
// pair each element is for, whether it was computed, its distance and its
// duration.
func RouteMatrixFieldMask() FieldMask {
	return FieldMask{"originIndex", "destinationIndex", "status", "condition", "distanceMeters", "duration"}
}

// maskedCall checks m (def when nil) and returns the call that sends body
// with m as the X-Provider-FieldMask header.
func maskedCall(op *transport.Op, m FieldMask, def func() FieldMask, body any) (transport.Call, error) {
	if m == nil {
		m = def()
	}
	if len(m) == 0 {
		return transport.Call{}, op.Invalid("field_mask", "is empty; leave it nil for the default paths")
	}
	for i, path := range m {
		if path == "" || strings.ContainsFunc(path, func(r rune) bool { return r == ',' || r <= ' ' || r == 0x7f }) {
			return transport.Call{}, op.Invalid("field_mask", "path %d, %q, is empty or holds a comma, space or control character", i, path)
		}
	}
	return transport.Call{Header: []string{"X-Provider-FieldMask", m.String()}, Body: body}, nil
}
