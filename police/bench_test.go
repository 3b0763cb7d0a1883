package police_test

import (
	"context"
	"fmt"
	"iter"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/police"
)

// crimesBody is a crimes-street answer of n crimes: the fixture's records
// repeated with distinct ids, as a busy month of a city sends them.
func crimesBody(b *testing.B, n int) []byte {
	return testkit.RepeatedRecords(b, "police", "street_crimes.json", "", `"id":`, 1, n)
}

// plainCrime is a crime as a hand-written client would type it: every
// field police.Crime types, no raw bytes, no methods.
type plainCrime struct {
	Category     string `json:"category"`
	LocationType string `json:"location_type"`
	Location     struct {
		Latitude  string `json:"latitude"`
		Longitude string `json:"longitude"`
		Street    struct {
			ID   int64  `json:"id"`
			Name string `json:"name"`
		} `json:"street"`
	} `json:"location"`
	Context       string `json:"context"`
	OutcomeStatus *struct {
		Category string `json:"category"`
		Date     string `json:"date"`
	} `json:"outcome_status"`
	PersistentID    string `json:"persistent_id"`
	ID              int64  `json:"id"`
	LocationSubtype string `json:"location_subtype"`
	Month           string `json:"month"`
}

// BenchmarkStreetCrimesLarge decodes crimes-street answers from a loopback
// server, beside the same answers read by a hand-written client
// (floor-v2), up to the 10,000 crimes past which the service refuses an area,
// and reports time, the body's size and the peak heap the call needed
// above the live heap before it, alone and as a multiple of the body. The
// crimes (whose RawJSON keep the body) are live at the last sample.
func BenchmarkStreetCrimesLarge(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{100, 1_000, 10_000} {
		body := crimesBody(b, n)
		b.Run(fmt.Sprintf("crimes=%d", n), func(b *testing.B) {
			c := benchClient(b, body, true)
			testkit.BenchWhole(b, body, n, func() (any, int, error) {
				crimes, err := c.StreetCrimes(ctx, 52.629729, -1.131592, nil)
				return crimes, len(crimes), err
			})
		})
		b.Run(fmt.Sprintf("floor-v2/crimes=%d", n), func(b *testing.B) {
			testkit.BenchFloor(b, body, true, n, func(v *[]plainCrime) int { return len(*v) })
		})
	}
}

// BenchmarkEachStreetCrime reads the same answers as
// BenchmarkStreetCrimesLarge with EachStreetCrime, keeping nothing, and
// reports the most the reading kept live at 20 probes along the listing
// (a collection each, outside the timer's concern: compare the memory,
// not the time): it does not grow with the crimes, where StreetCrimes
// peaks at a multiple of the body.
func BenchmarkEachStreetCrime(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{1_000, 10_000} {
		body := crimesBody(b, n)
		b.Run(fmt.Sprintf("crimes=%d", n), func(b *testing.B) {
			c := benchClient(b, body, false)
			testkit.BenchEach(b, body, n, func() iter.Seq2[police.Crime, error] {
				return c.EachStreetCrime(ctx, 52.629729, -1.131592, nil)
			})
		})
	}
}

// benchClient is a client of a loopback server that answers body.
func benchClient(b *testing.B, body []byte, sized bool) *police.Client {
	c, err := police.New(conduit.WithBaseURL(testkit.ServeBody(b, body, sized)))
	if err != nil {
		b.Fatal(err)
	}
	return c
}
