package fxopen

import (
	"fmt"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Rates is the body of Latest. RawJSON returns it as sent.
type Rates struct {
	raw `json:"-"`
	// Result is "success"; anything else makes Latest return an *Error
	// whose Code is the provider's "error-type".
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
}

// problem reports an answer that is no success although its status word
// is no failure (the profile reads "result": "error"): one without a
// result, and a success without rates.
func (r *Rates) problem() *transport.Problem {
	switch {
	case r.Result == "":
		return &transport.Problem{}
	case r.Result == "success" && len(r.Rates) == 0:
		return &transport.Problem{Kind: conduit.ErrMalformedResponse, Message: `result "success" without rates`}
	}
	return nil
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
	var ts time.Time
	var n conduit.Int
	if err := n.UnmarshalJSON(b); err == nil {
		if n == 0 {
			return nil // 0 and null
		}
		ts = time.Unix(int64(n), 0)
	} else {
		s, err := wire.String(b)
		if err != nil {
			return fmt.Errorf("fxopen: unix time %.40s is neither Unix seconds nor an RFC 3339 time", b)
		}
		if ts, err = time.Parse(time.RFC3339, s); err != nil {
			return fmt.Errorf("fxopen: %q is neither Unix seconds nor an RFC 3339 time", s)
		}
	}
	if y := ts.UTC().Year(); y < 1 || y > 9999 {
		return fmt.Errorf("fxopen: time %.40s is outside the years 1 to 9999", b)
	}
	t.Time = ts.UTC()
	return nil
}
