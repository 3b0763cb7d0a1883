package maps

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"time"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// The service's limits on a matrix: elements (origins × destinations),
// fewer by transit or with TrafficAwareOptimal, and the waypoints given by
// address or place id, which it must geocode.
const (
	maxMatrixElements      = 625
	maxSmallMatrixElements = 100
	maxMatrixGeocoded      = 50
)

// RouteMatrixParams are ComputeRouteMatrix's optional inputs.
type RouteMatrixParams struct {
	// TravelMode defaults to Drive. By Transit the matrix may hold at most
	// 100 elements (origins × destinations), else 625.
	TravelMode TravelMode
	// RoutingPreference applies to Drive and TwoWheeler only; with
	// TrafficAwareOptimal the matrix may hold at most 100 elements.
	RoutingPreference RoutingPreference
	// DepartureTime is when the trips start; zero means now.
	DepartureTime time.Time
	// RouteModifiers apply to the routes from every origin.
	RouteModifiers *RouteModifiers
	// Units of the localized texts; "" lets the service pick by region.
	Units Units
	// LanguageCode and RegionCode set the language of the answer and the
	// region it is formatted for ("en", "US").
	LanguageCode string
	RegionCode   string
	// FieldMask names the fields of each element to return; nil means
	// RouteMatrixFieldMask.
	FieldMask FieldMask
}

type matrixOrigin struct {
	Waypoint       waypointBody    `json:"waypoint"`
	RouteModifiers *RouteModifiers `json:"routeModifiers,omitempty"`
}

type matrixDestination struct {
	Waypoint waypointBody `json:"waypoint"`
}

type matrixBody struct {
	Origins           []matrixOrigin      `json:"origins"`
	Destinations      []matrixDestination `json:"destinations"`
	TravelMode        TravelMode          `json:"travelMode"`
	RoutingPreference RoutingPreference   `json:"routingPreference,omitempty"`
	DepartureTime     time.Time           `json:"departureTime,omitzero"`
	Units             Units               `json:"units,omitempty"`
	LanguageCode      string              `json:"languageCode,omitempty"`
	RegionCode        string              `json:"regionCode,omitempty"`
}

// ComputeRouteMatrix computes the route from every origin to every
// destination and yields each element of the matrix as soon as it arrives:
// the service streams them, in no set order, so OriginIndex and
// DestinationIndex say which pair an element is for. An element the
// service could not compute comes with its Status set, and the iteration
// goes on; a failure of the call, a body cut short or broken, and the end
// of ctx stop it with an *Error. Stopping the range early closes the
// connection. Each range over the result sends the request again. It only
// reads, so it is retried like a GET until the answer begins.
func (c *Client) ComputeRouteMatrix(ctx context.Context, origins, destinations []Waypoint, p *RouteMatrixParams, opts ...Option) iter.Seq2[RouteMatrixElement, error] {
	return func(yield func(RouteMatrixElement, error) bool) {
		call, err := matrixCall(origins, destinations, p)
		if err != nil {
			yield(RouteMatrixElement{}, err)
			return
		}
		body, _, err := computeRouteMatrixOp.Open(ctx, c.t, call, opts)
		if err != nil {
			yield(RouteMatrixElement{}, err)
			return
		}
		defer body.Close()
		var failed error
		stopped := false
		read := &readErr{r: body}
		err = wire.Elements(read, func(v jsontext.Value) bool {
			if err := ctx.Err(); err != nil {
				failed = computeRouteMatrixOp.Fail(c.t, call, transport.Problem{Kind: err, Message: "the context ended the route matrix"})
				return false
			}
			if e, ok := wire.Member(v, "error"); ok {
				failed = computeRouteMatrixOp.Fail(c.t, call, streamedFailure(e, v))
				return false
			}
			// The element keeps its bytes as RawJSON, so they must outlive
			// the decoder's buffer.
			v = v.Clone()
			var el RouteMatrixElement
			if err := conduit.Unmarshal(v, &el); err != nil {
				failed = computeRouteMatrixOp.Fail(c.t, call, transport.Problem{Kind: conduit.ErrMalformedResponse,
					Message: "decoding a route matrix element: " + err.Error(), Body: v})
				return false
			}
			stopped = !yield(el, nil)
			return !stopped
		})
		switch {
		case stopped:
		case failed != nil:
			yield(RouteMatrixElement{}, failed)
		case err != nil:
			yield(RouteMatrixElement{}, readFailure(c, call, read, err))
		}
	}
}

// streamedFailure is the problem of an {"error": {...}} element, sent when
// the service fails after the stream began.
func streamedFailure(e jsontext.Value, whole jsontext.Value) transport.Problem {
	var status struct {
		Message string `json:"message"`
		Status  string `json:"status"`
	}
	if err := conduit.Unmarshal(e, &status); err != nil || status.Status == "" {
		status.Status = "UNKNOWN"
	}
	return transport.Problem{Code: status.Status, Message: status.Message, Body: whole.Clone()}
}

// readFailure is the error of an array that could not be read to its
// end: the body's own read failure (a stalled or reset connection) as its
// cause, else an array cut short or broken.
func readFailure(c *Client, call transport.Call, body *readErr, err error) error {
	p := transport.Problem{Kind: io.ErrUnexpectedEOF, Message: "the route matrix ends before its closing bracket"}
	switch {
	case body.err != nil && body.err != io.EOF:
		p = transport.Problem{Kind: body.err, Message: "reading the route matrix: " + body.err.Error()}
	case !errors.Is(err, io.ErrUnexpectedEOF):
		p = transport.Problem{Kind: conduit.ErrMalformedResponse, Message: "reading the route matrix: " + err.Error()}
	}
	return computeRouteMatrixOp.Fail(c.t, call, p)
}

// readErr keeps the error of the body's last read, which tells a failed
// connection from a broken array.
type readErr struct {
	r   io.Reader
	err error
}

func (r *readErr) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.err = err
	return n, err
}

// matrixCall checks the inputs of ComputeRouteMatrix and builds its call.
func matrixCall(origins, destinations []Waypoint, p *RouteMatrixParams) (transport.Call, error) {
	if p == nil {
		p = &RouteMatrixParams{}
	}
	op := computeRouteMatrixOp.Op
	mode, err := checkTrip(op, p.TravelMode, p.RoutingPreference)
	if err != nil {
		return transport.Call{}, err
	}
	switch {
	case len(origins) == 0:
		return transport.Call{}, op.Invalid("origins", "must not be empty")
	case len(destinations) == 0:
		return transport.Call{}, op.Invalid("destinations", "must not be empty")
	}
	limit := maxMatrixElements
	if p.RoutingPreference == TrafficAwareOptimal || mode == Transit {
		limit = maxSmallMatrixElements
	}
	if n := len(origins) * len(destinations); n > limit {
		return transport.Call{}, op.Invalid("destinations", "%d origins × %d destinations is %d elements; the service takes at most %d here", len(origins), len(destinations), n, limit)
	}
	body := matrixBody{TravelMode: mode, RoutingPreference: p.RoutingPreference, DepartureTime: p.DepartureTime.UTC(),
		Units: p.Units, LanguageCode: p.LanguageCode, RegionCode: p.RegionCode}
	geocoded := 0
	for i, w := range origins {
		b, err := w.body(op, fmt.Sprintf("origins[%d]", i))
		if err != nil {
			return transport.Call{}, err
		}
		body.Origins = append(body.Origins, matrixOrigin{Waypoint: b, RouteModifiers: p.RouteModifiers})
		if w.Location == nil {
			geocoded++
		}
	}
	for i, w := range destinations {
		b, err := w.body(op, fmt.Sprintf("destinations[%d]", i))
		if err != nil {
			return transport.Call{}, err
		}
		body.Destinations = append(body.Destinations, matrixDestination{Waypoint: b})
		if w.Location == nil {
			geocoded++
		}
	}
	if geocoded > maxMatrixGeocoded {
		return transport.Call{}, op.Invalid("origins", "%d waypoints are given by address or place id; the service geocodes at most %d", geocoded, maxMatrixGeocoded)
	}
	switch p.Units {
	case "", Metric, Imperial:
	default:
		return transport.Call{}, op.Invalid("units", "%q is not METRIC or IMPERIAL", p.Units)
	}
	return maskedCall(op, p.FieldMask, RouteMatrixFieldMask, body)
}
