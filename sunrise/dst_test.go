package sunrise_test

import (
	"context"
	"fmt"
	"testing"
	"time"
	_ "time/tzdata" // the zones below, whatever the machine has installed

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/sunrise"
)

// A formatted time is the wall clock of the zone on the day asked for, also
// on the days clocks change: midnight plus the clock reading would be an
// hour off (half an hour on Lord Howe Island) after the change. A reading
// the day shows twice is its first occurrence; a reading the day skips
// moves on by the jump.
func TestFormattedTimesOnClockChangeDays(t *testing.T) {
	day := func(y int, m time.Month, d int) conduit.Date { return conduit.Date{Year: y, Month: m, Day: d} }
	utc := func(m time.Month, d, h, mi int) time.Time { return time.Date(2024, m, d, h, mi, 0, 0, time.UTC) }
	for _, tc := range []struct {
		zone  string
		date  conduit.Date
		clock string
		want  time.Time
		// skipped: the day never shows this reading.
		skipped bool
	}{
		// Clocks go forward at 2:00 EST to 3:00 EDT.
		{"America/New_York", day(2024, time.March, 10), "1:30:00 AM", utc(time.March, 10, 6, 30), false},
		{"America/New_York", day(2024, time.March, 10), "7:23:00 AM", utc(time.March, 10, 11, 23), false},
		// Back at 2:00 EDT to 1:00 EST.
		{"America/New_York", day(2024, time.November, 3), "12:45:00 AM", utc(time.November, 3, 4, 45), false},
		{"America/New_York", day(2024, time.November, 3), "1:30:00 AM", utc(time.November, 3, 5, 30), false},
		{"America/New_York", day(2024, time.November, 3), "6:30:00 AM", utc(time.November, 3, 11, 30), false},
		{"America/New_York", day(2024, time.November, 3), "4:48:00 PM", utc(time.November, 3, 21, 48), false},
		// Forward at 1:00 GMT to 2:00 BST.
		{"Europe/London", day(2024, time.March, 31), "12:30:00 AM", utc(time.March, 31, 0, 30), false},
		{"Europe/London", day(2024, time.March, 31), "6:36:00 AM", utc(time.March, 31, 5, 36), false},
		// Back at 2:00 BST to 1:00 GMT.
		{"Europe/London", day(2024, time.October, 27), "12:30:00 AM", utc(time.October, 26, 23, 30), false},
		{"Europe/London", day(2024, time.October, 27), "1:30:00 AM", utc(time.October, 27, 0, 30), false},
		{"Europe/London", day(2024, time.October, 27), "6:49:00 AM", utc(time.October, 27, 6, 49), false},
		// Forward at 2:00 AEST to 3:00 AEDT.
		{"Australia/Sydney", day(2024, time.October, 6), "1:30:00 AM", utc(time.October, 5, 15, 30), false},
		{"Australia/Sydney", day(2024, time.October, 6), "5:48:00 AM", utc(time.October, 5, 18, 48), false},
		// Back at 3:00 AEDT to 2:00 AEST.
		{"Australia/Sydney", day(2024, time.April, 7), "1:30:00 AM", utc(time.April, 6, 14, 30), false},
		{"Australia/Sydney", day(2024, time.April, 7), "2:30:00 AM", utc(time.April, 6, 15, 30), false},
		{"Australia/Sydney", day(2024, time.April, 7), "6:17:00 AM", utc(time.April, 6, 20, 17), false},
		// Forward at midnight: 00:00 -04 is 01:00 -03, so 00:30 never shows.
		{"America/Santiago", day(2024, time.September, 8), "12:30:00 AM", utc(time.September, 8, 4, 30), true},
		{"America/Santiago", day(2024, time.September, 8), "7:13:00 AM", utc(time.September, 8, 10, 13), false},
		// Back at the end of the day: 24:00 -03 is 23:00 -04.
		{"America/Santiago", day(2024, time.April, 6), "7:30:00 PM", utc(time.April, 6, 22, 30), false},
		{"America/Santiago", day(2024, time.April, 6), "11:30:00 PM", utc(time.April, 7, 2, 30), false},
		{"America/Santiago", day(2024, time.April, 7), "7:41:00 AM", utc(time.April, 7, 11, 41), false},
		// Forward by half an hour, 2:00 to 2:30.
		{"Australia/Lord_Howe", day(2024, time.October, 6), "1:45:00 AM", utc(time.October, 5, 15, 15), false},
		{"Australia/Lord_Howe", day(2024, time.October, 6), "5:30:00 AM", utc(time.October, 5, 18, 30), false},
	} {
		t.Run(fmt.Sprintf("%s %s %s", tc.zone, tc.date, tc.clock), func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Body: `{"results":{"sunrise":"` + tc.clock + `","day_length":"12:00:00"},"status":"OK","tzid":"` + tc.zone + `"}`})
			c := testkit.Client(t, sunrise.New, conduit.WithBaseURL(srv.URL))
			r, err := c.Get(context.Background(), 0, 0, &sunrise.GetParams{Date: tc.date, Formatted: true, TZID: tc.zone})
			require.NoError(t, err)
			got := r.Results.Sunrise
			assert.Equal(t, tc.want, got.UTC(), "got %v", got.Time)
			assert.Equal(t, tc.zone, got.Location().String())
			assert.Equal(t, tc.clock, got.Clock)
			if !tc.skipped {
				assert.Equal(t, tc.date, conduit.DateOf(got.Time), "the day asked for, in the zone")
				assert.Equal(t, tc.clock, got.Format("3:04:05 PM"), "the zone's wall clock reads what the service sent")
			}
			assert.Contains(t, srv.Last(t).Query, "date="+tc.date.String())
		})
	}
}
