package police

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// maxPoly is the longest poly parameter, escaped as it is sent, that leaves
// room for the path and the month within the 4,094 characters the service
// accepts in a GET request line (it answers longer ones with a 400 page).
const maxPoly = 3900

// Point is a latitude and longitude in decimal degrees: one corner of a
// custom area.
type Point struct{ Lat, Lng float64 }

// month appends the optional date=YYYY-MM pair to q.
func month(op *transport.Op, q []string, m string) ([]string, error) {
	if m == "" {
		return q, nil
	}
	if _, err := time.Parse("2006-01", m); err != nil {
		return nil, op.Invalid("date", "%q is not a YYYY-MM month", m)
	}
	return append(q, "date", m), nil
}

// poly checks a custom area and returns its poly query pair: the corners as
// lat,lng pairs joined by colons, the service joining the last to the first.
func poly(op *transport.Op, area []Point) ([]string, error) {
	if len(area) < 3 {
		return nil, op.Invalid("poly", "an area needs at least 3 corners, got %d", len(area))
	}
	var b strings.Builder
	for i, p := range area {
		if _, err := op.LatLng(p.Lat, p.Lng); err != nil {
			return nil, op.Invalid("poly", "corner %d: %v is not a point in decimal degrees", i, p)
		}
		if i > 0 {
			b.WriteByte(':')
		}
		b.WriteString(strconv.FormatFloat(p.Lat, 'f', -1, 64) + "," + strconv.FormatFloat(p.Lng, 'f', -1, 64))
	}
	if n := len(url.QueryEscape(b.String())); n > maxPoly {
		return nil, op.Invalid("poly", "%d corners make a %d-character query, past the service's limit on a request line; split the area or drop corners", len(area), n)
	}
	return []string{"poly", b.String()}, nil
}

// slug checks a path or query argument the service names things by (a
// force, a neighbourhood, a category, a crime's persistent id).
func slug(op *transport.Op, field, v string) error {
	if strings.TrimSpace(v) == "" {
		return op.Invalid(field, "is empty")
	}
	return nil
}

// locationQuery checks a location id, as sent in Street.ID.
func locationQuery(op *transport.Op, id int64) ([]string, error) {
	if id <= 0 {
		return nil, op.Invalid("location_id", "%d is not a positive location id", id)
	}
	return []string{"location_id", strconv.FormatInt(id, 10)}, nil
}
