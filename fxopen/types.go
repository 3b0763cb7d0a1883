package fxopen

import (
	"fmt"
	"strconv"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Rates is the body of Latest. RawJSON returns it as sent.
type Rates struct {
	transport.Raw
	// Result is "success"; anything else makes Latest return an *Error.
	Result string `json:"result"`
	// Provider is the link the terms ask you to show with the rates.
	Provider      string `json:"provider"`
	Documentation string `json:"documentation"`
	TermsOfUse    string `json:"terms_of_use"`
	// TimeLastUpdateUnix is when these rates were published.
	TimeLastUpdateUnix UnixTime `json:"time_last_update_unix"`
	// TimeLastUpdateUTC is the same instant as the provider's display text
	// (RFC 1123 with a numeric zone: "Mon, 18 Nov 2024 00:00:01 +0000").
	TimeLastUpdateUTC string `json:"time_last_update_utc"`
	// TimeNextUpdateUnix is when the next rates are due; a cached result is
	// good until then.
	TimeNextUpdateUnix UnixTime `json:"time_next_update_unix"`
	// TimeNextUpdateUTC is TimeNextUpdateUnix as the provider's display text.
	TimeNextUpdateUTC string `json:"time_next_update_utc"`
	// TimeEOLUnix is when this endpoint stops being served; zero when no end
	// is announced (the service sends 0).
	TimeEOLUnix UnixTime `json:"time_eol_unix"`
	BaseCode    string   `json:"base_code"`
	// Rates maps a currency code to how many units of it one unit of the
	// base buys; the base itself maps to 1.
	Rates map[string]float64 `json:"rates"`
	// ErrorType is the provider's reason when Result is not "success"
	// ("unsupported-code", "malformed-request"); it becomes Error.Code.
	ErrorType string `json:"error-type,omitempty"`
}

// Failure reports a result other than "success"; conduit turns it into an
// *Error carrying ErrorType as its Code.
func (r *Rates) Failure() (code, message string, failed bool) {
	if r.Result == "success" {
		return "", "", false
	}
	return r.ErrorType, "result " + strconv.Quote(r.Result), true
}

// UnixTime is an instant the service sends as whole Unix seconds, decoded in
// UTC. 0 decodes to the zero time, since the service uses it for "none". It
// encodes as RFC 3339 and decodes that form too, so results survive a round
// trip through JSON (a cache, say).
type UnixTime struct{ time.Time }

// UnmarshalJSON accepts Unix seconds (a JSON number or numeric string) or an
// RFC 3339 string, within the years 1 to 9999 that RFC 3339 can write.
func (t *UnixTime) UnmarshalJSON(b []byte) error {
	t.Time = time.Time{}
	if transport.IsNull(b) {
		return nil
	}
	s, err := transport.StringOrNumber(b)
	if err != nil {
		return fmt.Errorf("fxopen: unix time: %w", err)
	}
	var ts time.Time
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if n == 0 {
			return nil
		}
		ts = time.Unix(n, 0)
	} else if ts, err = time.Parse(time.RFC3339, s); err != nil {
		return fmt.Errorf("fxopen: %q is neither Unix seconds nor an RFC 3339 time", s)
	}
	if y := ts.UTC().Year(); y < 1 || y > 9999 {
		return fmt.Errorf("fxopen: time %q is outside the years 1 to 9999", s)
	}
	t.Time = ts.UTC()
	return nil
}
