package sunrise

import (
	"fmt"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Response is the body of Get. RawJSON returns it as sent.
type Response struct {
	raw     `json:"-"`
	Results Results `json:"results"`
	Status  string  `json:"status"`
	TZID    string  `json:"tzid"`
}

// Results are the sun times of one day. A Time is zero (IsZero) when the
// event does not happen that day: no sunrise in a polar night, no
// astronomical twilight on a midsummer night far from the equator.
type Results struct {
	Sunrise   Time `json:"sunrise"`
	Sunset    Time `json:"sunset"`
	SolarNoon Time `json:"solar_noon"`
	// DayLength is between 0 and 24 hours; Get refuses an answer outside
	// that range as malformed.
	DayLength                 conduit.Duration `json:"day_length"`
	CivilTwilightBegin        Time             `json:"civil_twilight_begin"`
	CivilTwilightEnd          Time             `json:"civil_twilight_end"`
	NauticalTwilightBegin     Time             `json:"nautical_twilight_begin"`
	NauticalTwilightEnd       Time             `json:"nautical_twilight_end"`
	AstronomicalTwilightBegin Time             `json:"astronomical_twilight_begin"`
	AstronomicalTwilightEnd   Time             `json:"astronomical_twilight_end"`
}

func (r *Results) anchor(day conduit.Date, loc *time.Location) {
	for _, t := range []*Time{&r.Sunrise, &r.Sunset, &r.SolarNoon, &r.CivilTwilightBegin, &r.CivilTwilightEnd,
		&r.NauticalTwilightBegin, &r.NauticalTwilightEnd, &r.AstronomicalTwilightBegin, &r.AstronomicalTwilightEnd} {
		if t.Clock != "" { // only a clock reading needs its day
			t.anchor(day, loc)
		}
	}
}

// check refuses a day length no day can have, which only a broken answer
// sends.
func (r *Response) check() *transport.Problem {
	if d := r.Results.DayLength.Duration; d < 0 || d > 24*time.Hour {
		return &transport.Problem{Kind: conduit.ErrMalformedResponse, Message: fmt.Sprintf("day_length %v is outside 0 to 24 hours", d)}
	}
	return nil
}

// Time is one sun event. With formatted=0 the service sends an ISO 8601
// instant; otherwise a 12-hour clock string ("5:43:08 AM"), kept in Clock
// and anchored by Get to the requested date in the tzid zone, as the wall
// clock there reads it on that day, daylight-saving changes included.
//
// The service marks an event that does not happen that day with a time on
// 1970-01-01, or "12:00:01 AM" when formatted; either is decoded as the
// zero Time, never as a time of that day.
type Time struct {
	time.Time
	Clock string `json:"clock,omitempty"`
}

// noEvent is the clock string the service sends, formatted, for an event
// that does not happen that day.
const noEvent = "12:00:01 AM"

// UnmarshalJSON accepts an RFC 3339 timestamp or a 12-hour clock string.
func (t *Time) UnmarshalJSON(b []byte) error {
	// An RFC 3339 time holds no byte a JSON string escapes, so a string
	// whose bytes read as one is that time: the form every answer to
	// formatted=0 has is read in place, without unquoting it first.
	if raw, ok := wire.Between(b); ok {
		var ts time.Time
		if ts.UnmarshalText(raw) == nil {
			t.setInstant(ts)
			return nil
		}
	}
	text, str, null, err := wire.Scalar(b)
	switch {
	case null:
		return nil
	case err == nil && !str:
		err = fmt.Errorf("want a JSON string, got %.40s", text)
	}
	if err != nil {
		return fmt.Errorf("sunrise: time: %w", err)
	}
	var ts time.Time
	err = ts.UnmarshalText(text) // strict RFC 3339, read without a copy
	if err != nil {
		ts, err = time.Parse(time.RFC3339, string(text))
	}
	if err == nil {
		t.setInstant(ts)
		return nil
	}
	s := string(text)
	if _, err := ParseClock(s); err != nil {
		return err
	}
	t.Time, t.Clock = time.Time{}, s
	if strings.TrimSpace(s) == noEvent {
		t.Clock = ""
	}
	return nil
}

// setInstant sets t to the instant ts, or to the zero Time for a time on
// 1970-01-01 UTC, the service's mark of an event that does not happen.
func (t *Time) setInstant(ts time.Time) {
	t.Time, t.Clock = ts.UTC(), ""
	if u := ts.Unix(); u >= 0 && u < 24*60*60 { // without the cost of Date
		t.Time = time.Time{}
	}
}

// MarshalJSON writes the instant, and the clock text when there was one; an
// event that does not happen is null.
func (t Time) MarshalJSON() ([]byte, error) {
	if t.IsZero() && t.Clock == "" {
		return []byte("null"), nil
	}
	ts, err := t.Time.MarshalJSON()
	if err != nil || t.Clock == "" {
		return ts, err
	}
	b := append(append([]byte(`{"time":`), ts...), `,"clock":`...)
	return append(wire.AppendString(b, t.Clock), '}'), nil
}

// anchor reads t's clock reading as the wall clock of day in loc.
func (t *Time) anchor(day conduit.Date, loc *time.Location) {
	off, err := ParseClock(t.Clock)
	if err != nil {
		return
	}
	t.Time = wallClock(day, off, loc)
}

// wallClock is the instant at which a clock in loc reads off past midnight
// on day. It is built from the clock reading, not as midnight plus off, so
// that a day that is 23 or 25 hours long keeps its times. A reading the day
// shows twice, as clocks go back, is its first occurrence; a reading the
// day skips, as clocks go forward, is taken with the offset before the
// jump, so it lands as late as the jump is long.
func wallClock(day conduit.Date, off time.Duration, loc *time.Location) time.Time {
	// The reading as if it were UTC; minus a zone offset it is an instant.
	wall := time.Date(day.Year, day.Month, day.Day, 0, 0, 0, 0, time.UTC).Add(off)
	_, before := wall.Add(-48 * time.Hour).In(loc).Zone()
	_, after := wall.Add(48 * time.Hour).In(loc).Zone()
	var first time.Time
	for _, zoneOff := range []int{before, after} {
		t := wall.Add(-time.Duration(zoneOff) * time.Second).In(loc)
		if reads(t, wall) && (first.IsZero() || t.Before(first)) {
			first = t
		}
	}
	if first.IsZero() {
		return wall.Add(-time.Duration(before) * time.Second).In(loc)
	}
	return first
}

// reads reports whether t's clock shows the date and time of wall, a UTC
// time standing for a clock reading.
func reads(t, wall time.Time) bool {
	y, m, d := t.Date()
	h, mi, s := t.Clock()
	return time.Date(y, m, d, h, mi, s, 0, time.UTC).Equal(wall)
}

// ParseClock parses a 12-hour clock string such as "7:27:02 AM" into the
// time since midnight.
func ParseClock(s string) (time.Duration, error) {
	c, err := time.Parse("3:04:05 PM", strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("sunrise: %q is neither an ISO 8601 time nor a 12-hour clock time", s)
	}
	return time.Duration(c.Hour())*time.Hour + time.Duration(c.Minute())*time.Minute + time.Duration(c.Second())*time.Second, nil
}
