package transport

import (
	"io"
	"reflect"
	"strconv"

	"github.com/conduit-sdk/conduit"
)

// LatLng checks a latitude and longitude in decimal degrees (NaN and
// infinities included) and returns them as the query pair lat, lng that the
// coordinate-taking interfaces share.
func (op *Op) LatLng(lat, lng float64) ([]string, error) {
	if !(lat >= -90 && lat <= 90) {
		return nil, op.Invalid("lat", "%v is outside -90..90", lat)
	}
	if !(lng >= -180 && lng <= 180) {
		return nil, op.Invalid("lng", "%v is outside -180..180", lng)
	}
	// Room for the few parameters a call adds after them, in one allocation.
	q := make([]string, 4, 10)
	q[0], q[1], q[2], q[3] = "lat", strconv.FormatFloat(lat, 'f', -1, 64), "lng", strconv.FormatFloat(lng, 'f', -1, 64)
	return q, nil
}

// Reader checks a reader argument: nil, or a nil pointer inside the
// interface (what a failed os.Open leaves in an io.Reader variable), is bad
// input, not a panic at the first Read.
func (op *Op) Reader(field string, r io.Reader) error {
	if r == nil {
		return op.Invalid(field, "is nil")
	}
	switch v := reflect.ValueOf(r); v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		if v.IsNil() {
			return op.Invalid(field, "is a nil %T", r)
		}
	}
	return nil
}

// ReadFailed is the error of a caller's reader that failed while the
// package read it itself, before handing its bytes to a call (one chunk of
// a chunked upload): the reader's error, with the field that names it. It
// is no failure of the service, so it is not retried.
func (op *Op) ReadFailed(field string, err error) error {
	return &conduit.Error{Service: op.Service.Name, Op: op.Name, Field: field,
		Message: "reading it failed: " + err.Error(), Err: err}
}
