package maps

import (
	"math"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// polylineOp names DecodePolyline's errors; it sends nothing.
var polylineOp = &transport.Op{Service: service, Name: "DecodePolyline"}

// Polyline is a route's shape as the Routes API sends it.
type Polyline struct {
	// EncodedPolyline is the shape in Google's encoded polyline format;
	// DecodePolyline turns it into points.
	EncodedPolyline string `json:"encodedPolyline"`
}

// Points decodes EncodedPolyline; see DecodePolyline.
func (p Polyline) Points() ([]LatLng, error) { return DecodePolyline(p.EncodedPolyline) }

// DecodePolyline decodes a polyline in Google's encoded polyline format,
// the form routes and directions carry their shape in, into its points
// at the format's precision of 1e-5 degrees. Each coordinate is the
// difference from the previous point's, zig-zag signed and written five
// bits a character from '?' on, the last character of a value without the
// 0x20 continuation bit. A string that breaks the format (a character
// outside '?'..'~', a value cut short, a latitude without its longitude, a
// point off the globe) is ErrInvalidParam naming "polyline"; "" is no
// points.
func DecodePolyline(encoded string) ([]LatLng, error) {
	var points []LatLng
	var lat, lng int64
	for i := 0; i < len(encoded); {
		dlat, next, err := polylineValue(encoded, i)
		if err != nil {
			return nil, err
		}
		if next == len(encoded) {
			return nil, polylineOp.Invalid("polyline", "ends after a latitude, at character %d, with no longitude", next)
		}
		dlng, next, err := polylineValue(encoded, next)
		if err != nil {
			return nil, err
		}
		i = next
		lat, lng = lat+dlat, lng+dlng
		p := LatLng{Lat: float64(lat) / 1e5, Lng: float64(lng) / 1e5}
		if math.Abs(p.Lat) > 90 || math.Abs(p.Lng) > 180 {
			return nil, polylineOp.Invalid("polyline", "point %d, %v,%v, is off the globe", len(points), p.Lat, p.Lng)
		}
		points = append(points, p)
	}
	return points, nil
}

// polylineValue reads the value starting at s[i] and returns it and where
// the next one starts.
func polylineValue(s string, i int) (int64, int, error) {
	var v uint64
	for shift := uint(0); ; shift += 5 {
		if i >= len(s) {
			return 0, 0, polylineOp.Invalid("polyline", "ends inside a value, at character %d", i)
		}
		b := s[i]
		if b < 63 || b > 126 {
			return 0, 0, polylineOp.Invalid("polyline", "character %d, %q, is outside '?'..'~'", i, b)
		}
		if shift > 30 {
			return 0, 0, polylineOp.Invalid("polyline", "the value ending at character %d is too long for a coordinate", i)
		}
		i++
		chunk := uint64(b - 63)
		v |= (chunk & 0x1f) << shift
		if chunk&0x20 == 0 {
			break
		}
	}
	d := int64(v >> 1)
	if v&1 != 0 {
		d = ^d
	}
	return d, i, nil
}
