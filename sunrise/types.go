package sunrise

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Response is the body of Get. RawJSON returns it as sent.
type Response struct {
	raw
	Results Results `json:"results"`
	Status  string  `json:"status"`
	TZID    string  `json:"tzid"`
}

// Results are the sun times of one day.
type Results struct {
	Sunrise                   Time     `json:"sunrise"`
	Sunset                    Time     `json:"sunset"`
	SolarNoon                 Time     `json:"solar_noon"`
	DayLength                 Duration `json:"day_length"`
	CivilTwilightBegin        Time     `json:"civil_twilight_begin"`
	CivilTwilightEnd          Time     `json:"civil_twilight_end"`
	NauticalTwilightBegin     Time     `json:"nautical_twilight_begin"`
	NauticalTwilightEnd       Time     `json:"nautical_twilight_end"`
	AstronomicalTwilightBegin Time     `json:"astronomical_twilight_begin"`
	AstronomicalTwilightEnd   Time     `json:"astronomical_twilight_end"`
}

func (r *Results) anchor(day time.Time, loc *time.Location) {
	for _, t := range []*Time{&r.Sunrise, &r.Sunset, &r.SolarNoon, &r.CivilTwilightBegin, &r.CivilTwilightEnd,
		&r.NauticalTwilightBegin, &r.NauticalTwilightEnd, &r.AstronomicalTwilightBegin, &r.AstronomicalTwilightEnd} {
		t.anchor(day, loc)
	}
}

// Time is one sun event. With formatted=0 the service sends an ISO 8601
// instant; otherwise a 12-hour clock string ("5:43:08 AM"), kept in Clock
// and anchored by Get to the requested date in the tzid zone.
type Time struct {
	time.Time
	Clock string `json:"clock,omitempty"`
}

// UnmarshalJSON accepts an RFC 3339 timestamp or a 12-hour clock string.
func (t *Time) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	err := json.Unmarshal(b, &s)
	if err != nil {
		return fmt.Errorf("sunrise: time: %w", err)
	}
	if ts, err := time.Parse(time.RFC3339, s); err == nil {
		t.Time, t.Clock = ts.UTC(), ""
		return nil
	}
	if _, err := ParseClock(s); err != nil {
		return err
	}
	t.Time, t.Clock = time.Time{}, s
	return nil
}

// MarshalJSON writes the instant, and the clock text when there was one.
func (t Time) MarshalJSON() ([]byte, error) {
	ts, err := t.Time.MarshalJSON()
	if err != nil || t.Clock == "" {
		return ts, err
	}
	return fmt.Appendf(nil, `{"time":%s,"clock":%q}`, ts, t.Clock), nil
}

func (t *Time) anchor(day time.Time, loc *time.Location) {
	if t.Clock == "" {
		return
	}
	off, err := ParseClock(t.Clock)
	if err != nil {
		return
	}
	y, m, d := day.Date()
	t.Time = time.Date(y, m, d, 0, 0, 0, 0, loc).Add(off)
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

// Duration is day_length, which the service sends as whole seconds with
// formatted=0 and as "HH:MM:SS" otherwise.
type Duration struct{ time.Duration }

// UnmarshalJSON accepts a number of seconds or an "HH:MM:SS" string.
func (d *Duration) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	v, err := ParseDayLength(strings.Trim(string(b), `"`))
	if err != nil {
		return err
	}
	d.Duration = v
	return nil
}

// MarshalJSON writes the duration as seconds.
func (d Duration) MarshalJSON() ([]byte, error) {
	return strconv.AppendInt(nil, int64(d.Duration/time.Second), 10), nil
}

// ParseDayLength parses day_length in either form: "51444" (seconds) or
// "14:17:24".
func ParseDayLength(s string) (time.Duration, error) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if n < 0 || n > 24*3600 {
			return 0, errDayLength(s)
		}
		return time.Duration(n) * time.Second, nil
	}
	parts := strings.Split(s, ":")
	if len(parts) != 3 {
		return 0, errDayLength(s)
	}
	var v [3]int64
	for i, p := range parts {
		n, err := strconv.ParseInt(p, 10, 64)
		if err != nil || n < 0 || len(p) == 0 || len(p) > 2 || (i > 0 && n > 59) {
			return 0, errDayLength(s)
		}
		v[i] = n
	}
	total := time.Duration(v[0])*time.Hour + time.Duration(v[1])*time.Minute + time.Duration(v[2])*time.Second
	if total > 24*time.Hour {
		return 0, errDayLength(s)
	}
	return total, nil
}

func errDayLength(s string) error {
	return fmt.Errorf("sunrise: day_length %q is neither seconds nor HH:MM:SS", s)
}
