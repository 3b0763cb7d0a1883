package police

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/record"
	"github.com/conduit-sdk/conduit/internal/wire"
	"github.com/go-json-experiment/json/jsontext"
)

// Force is one police force. RawJSON returns it as sent.
type Force struct {
	raw  `json:"-"`
	ID   string `json:"id"` // slug, as in "leicestershire"
	Name string `json:"name"`
}

// Crime is one street-level crime. RawJSON returns it as sent.
type Crime struct {
	raw          `json:"-"`
	Category     string   `json:"category"`
	LocationType string   `json:"location_type"`
	Location     Location `json:"location"`
	Context      string   `json:"context"`
	// OutcomeStatus is nil when the service sends null.
	OutcomeStatus   *OutcomeStatus `json:"outcome_status"`
	PersistentID    string         `json:"persistent_id"`
	ID              int64          `json:"id"`
	LocationSubtype string         `json:"location_subtype"`
	Month           string         `json:"month"` // YYYY-MM
}

// Location is where a crime is mapped: an anonymised point on a street.
// The service sends the coordinates as strings; they are kept verbatim.
type Location struct {
	Latitude  string `json:"latitude"`
	Longitude string `json:"longitude"`
	Street    Street `json:"street"`
}

// Street is the street a crime is mapped to.
type Street struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Lat parses Latitude: a plain decimal within -90..90.
func (l Location) Lat() (float64, error) { return coordinate("latitude", l.Latitude, 90) }

// Lng parses Longitude: a plain decimal within -180..180.
func (l Location) Lng() (float64, error) { return coordinate("longitude", l.Longitude, 180) }

// Coordinates parses both, latitude first.
func (l Location) Coordinates() (lat, lng float64, err error) {
	if lat, err = l.Lat(); err != nil {
		return 0, 0, err
	}
	if lng, err = l.Lng(); err != nil {
		return 0, 0, err
	}
	return lat, lng, nil
}

// coordinate parses s as plain decimal notation (no exponent, NaN or Inf)
// and checks it against ±limit.
func coordinate(name, s string, limit float64) (float64, error) {
	if s == "" || strings.ContainsAny(s, "eE") {
		return 0, fmt.Errorf("police: %s %q is not a plain decimal number", name, s)
	}
	d, err := conduit.ParseDecimal(s)
	if err != nil {
		return 0, fmt.Errorf("police: %s: %w", name, err)
	}
	f := d.Float64()
	if math.Abs(f) > limit {
		return 0, fmt.Errorf("police: %s %s is outside -%v..%v", name, s, limit, limit)
	}
	return f, nil
}

// OutcomeStatus is the latest outcome of a crime. The spec does not show
// its structure: Category and Date are filled when the object carries them
// as strings (the live service sends a category text and a YYYY-MM date),
// and RawJSON always holds what was sent, whatever its shape.
type OutcomeStatus struct {
	raw      `json:"-"`
	Category string `json:"category"`
	Date     string `json:"date"`
}

// UnmarshalJSON lets encoding/json decode an outcome as conduit does.
func (o *OutcomeStatus) UnmarshalJSON(b []byte) error {
	return conduit.Unmarshal(bytes.Clone(b), o)
}

// UnmarshalJSONFrom reads the typed fields when they are strings; an
// outcome of another shape is kept raw, not an error. It reads from the
// listing's own decoder, as a field of each crime.
func (o *OutcomeStatus) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	record.Mark(dec, &o.Raw)
	if dec.PeekKind() != '{' {
		return dec.SkipValue()
	}
	var v struct {
		Category jsontext.Value `json:"category"`
		Date     jsontext.Value `json:"date"`
	}
	if err := jsonv2.UnmarshalDecode(dec, &v); err != nil {
		return err
	}
	o.Category, _ = wire.String(v.Category)
	o.Date, _ = wire.String(v.Date)
	return nil
}
