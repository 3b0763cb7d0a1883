package conduit_test

import (
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

func TestDurationUnmarshalJSON(t *testing.T) {
	for in, want := range map[string]time.Duration{
		`51444`:                   51444 * time.Second, // sunrise day_length, formatted=0
		`"59889"`:                 59889 * time.Second,
		`"16:38:09"`:              16*time.Hour + 38*time.Minute + 9*time.Second, // sunrise, formatted
		`"1:02:03"`:               time.Hour + 2*time.Minute + 3*time.Second,
		`"00:00:00"`:              0,
		`"99:59:59"`:              99*time.Hour + 59*time.Minute + 59*time.Second,
		`"165s"`:                  165 * time.Second, // maps routes
		`"1096s"`:                 1096 * time.Second,
		`"3.5s"`:                  3500 * time.Millisecond,
		`"-2s"`:                   -2 * time.Second,
		`"0s"`:                    0,
		`"0.000001s"`:             time.Microsecond,
		`"0.000000001s"`:          time.Nanosecond,
		`"1.123456789s"`:          1123456789,
		`"9223372036s"`:           9223372036 * time.Second,
		`"9223372036.854775807s"`: math.MaxInt64,
		`-9223372036.854775808`:   math.MinInt64,
		`165`:                     165 * time.Second,
		`3.5`:                     3500 * time.Millisecond,
		`-1.5`:                    -1500 * time.Millisecond,
		`1e3`:                     1000 * time.Second,
		`1e-06`:                   time.Microsecond,              // as Python writes 0.000001
		`1.0000000019`:            time.Second + time.Nanosecond, // past the nanosecond: truncated
		`-1.0000000019`:           -time.Second - time.Nanosecond,
		`0.0000000001`:            0,
		` 7 `:                     7 * time.Second,
		`null`:                    0,
	} {
		d := conduit.Duration{Duration: time.Hour}
		require.NoError(t, json.Unmarshal([]byte(in), &d), in)
		assert.Equal(t, want, d.Duration, in)
	}
	for in, want := range map[string]string{
		`""`: "want seconds", `"s"`: "want seconds", `"1m"`: "want seconds", `"1h2m"`: "want seconds",
		`".5s"`: "want seconds", `"1.s"`: "want seconds", `"+1s"`: "want seconds", `"--1s"`: "want seconds",
		`" 1s"`: "want seconds", `"1ss"`: "want seconds", `"abc"`: "want seconds", `"25:61:00"`: "want seconds",
		`"1:60:00"`: "want seconds", `"1:00:60"`: "want seconds", `"1:2:3"`: "want seconds", `"::"`: "want seconds",
		`"100:00:00"`: "want seconds", `"-1:00:00"`: "want seconds", `"1:00:00.5"`: "want seconds",
		`true`: "want seconds", `{}`: "want seconds", `[]`: "want seconds", `1e101`: "want seconds",
		`"9223372037s"`: "beyond", `9223372036.854775808`: "beyond", `-9223372036.854775809`: "beyond",
		`"315576000000s"`: "beyond", `1e100`: "beyond", `"`: "not a JSON string",
	} {
		d := conduit.Duration{Duration: time.Hour}
		err := d.UnmarshalJSON([]byte(in))
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want, in)
		assert.True(t, strings.HasPrefix(err.Error(), "conduit: duration"), err.Error())
		assert.Equal(t, time.Hour, d.Duration, "%s: a failed decode leaves the value", in)
	}
}

func TestDurationMarshalJSON(t *testing.T) {
	for in, want := range map[time.Duration]string{
		0:                       "0",
		1500 * time.Millisecond: "1.5",
		time.Nanosecond:         "0.000000001",
		time.Microsecond:        "0.000001",
		-2 * time.Second:        "-2",
		-time.Millisecond:       "-0.001",
		51444 * time.Second:     "51444",
		1123456789:              "1.123456789",
		math.MaxInt64:           "9223372036.854775807",
		math.MinInt64:           "-9223372036.854775808",
	} {
		b, err := json.Marshal(conduit.Duration{Duration: in})
		require.NoError(t, err, in)
		assert.Equal(t, want, string(b), in)
		var back conduit.Duration
		require.NoError(t, json.Unmarshal(b, &back))
		assert.Equal(t, in, back.Duration, "%v survives a round trip", in)
	}

	type route struct {
		Duration       conduit.Duration `json:"duration"`
		StaticDuration conduit.Duration `json:"staticDuration"`
	}
	var r route
	require.NoError(t, json.Unmarshal([]byte(`{"duration":"1096s","staticDuration":"1021s"}`), &r))
	assert.Equal(t, 1096*time.Second, r.Duration.Duration)
	assert.Equal(t, "17m1s", r.StaticDuration.String(), "time.Duration's methods apply")
	b, err := json.Marshal(r)
	require.NoError(t, err)
	assert.Equal(t, `{"duration":1096,"staticDuration":1021}`, string(b))
}

// Whatever Duration accepts survives a round trip, and a number of seconds
// decodes to exactly its value in nanoseconds, truncated.
func FuzzDurationJSON(f *testing.F) {
	for _, s := range []string{`"165s"`, `165`, `null`, `-1.5`, `"x"`, `{}`, `""`, `"16:38:09"`, `"1:2:3"`, `1e9`, `"9223372036.854775807s"`, `-9223372036.854775809`, `1.0000000019`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var d conduit.Duration
		if err := d.UnmarshalJSON([]byte(in)); err != nil {
			return
		}
		trimmed := strings.Trim(in, " \t\r\n")
		if trimmed == "null" && d.Duration != 0 {
			t.Fatalf("null decoded to %v", d)
		}
		if r, ok := new(big.Rat).SetString(trimmed); ok && trimmed[0] != '"' {
			x := new(big.Rat).Mul(r, big.NewRat(1e9, 1))
			ns := new(big.Int).Quo(x.Num(), x.Denom()) // truncated toward zero
			if !ns.IsInt64() || ns.Int64() != int64(d.Duration) {
				t.Fatalf("%s seconds decoded to %d ns, want %s", in, int64(d.Duration), ns)
			}
		}
		if back := jsonRoundTrip(t, d); back != d {
			t.Fatalf("%s: round trip gave %v", in, back)
		}
	})
}
