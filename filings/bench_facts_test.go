package filings_test

import (
	"bytes"
	"context"
	"iter"
	"strconv"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// fact appends one XBRL fact as the service writes it, varied by i.
func fact(b []byte, i int, duration bool) []byte {
	b = append(b, '{')
	if duration {
		b = append(b, `"start":"20`...)
		b = append(b, byte('0'+i/10%3), byte('0'+i%10))
		b = append(b, `-01-01",`...)
	}
	b = append(b, `"end":"20`...)
	b = append(b, byte('0'+i/10%3), byte('0'+i%10))
	b = append(b, `-12-31","val":`...)
	b = strconv.AppendInt(b, int64(1_000_000+i*7919), 10)
	b = append(b, `,"accn":"0000320193-`...)
	b = append(b, byte('0'+i/10%10), byte('0'+i%10))
	b = append(b, '-')
	b = strconv.AppendInt(b, int64(100000+i%900000), 10)
	b = append(b, `","fy":20`...)
	b = append(b, byte('0'+i/10%3), byte('0'+i%10))
	b = append(b, `,"fp":"FY","form":"10-K","filed":"2024-11-01","frame":"CY2024"}`...)
	return b
}

// largeFacts is a company facts body of at least size bytes: concepts of
// 40 facts each, under us-gaap, until the size is reached.
func largeFacts(size int) []byte {
	b := make([]byte, 0, size+size/16)
	b = append(b, `{"cik":320193,"entityName":"Apple Inc.","facts":{"dei":{"EntityCommonStockSharesOutstanding":{"label":"Entity Common Stock, Shares Outstanding","description":"Shares on the cover.","units":{"shares":[`...)
	b = append(fact(b, 1, false), `]}}},"us-gaap":{`...)
	for c := 0; len(b) < size; c++ {
		if c > 0 {
			b = append(b, ',')
		}
		b = append(b, `"Concept`...)
		b = strconv.AppendInt(b, int64(c), 10)
		b = append(b, `":{"label":"A concept","description":"What the concept measures, as the taxonomy puts it.","units":{"USD":[`...)
		for i := range 40 {
			if i > 0 {
				b = append(b, ',')
			}
			b = fact(b, c*40+i, c%2 == 0)
		}
		b = append(b, `]}}`...)
	}
	return append(b, `}}}`...)
}

// largeFrame is a frames body of at least size bytes.
func largeFrame(size int) []byte {
	b := make([]byte, 0, size+size/16)
	b = append(b, `{"taxonomy":"us-gaap","tag":"AccountsPayableCurrent","ccp":"CY2019Q1I","uom":"USD","label":"Accounts Payable, Current","description":"Payables.","pts":0,"data":[`...)
	for i := 0; len(b) < size; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"accn":"0001104659-19-`...)
		b = strconv.AppendInt(b, int64(100000+i%900000), 10)
		b = append(b, `","cik":`...)
		b = strconv.AppendInt(b, int64(1000+i), 10)
		b = append(b, `,"entityName":"COMPANY `...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, ` CORP.","loc":"US-IL","end":"2019-03-31","val":`...)
		b = strconv.AppendInt(b, int64(218600000+i*13), 10)
		b = append(b, '}')
	}
	return append(b, `]}`...)
}

// filingsClient is a client of a loopback server answering body, with its
// Content-Length when sized.
func filingsClient(b *testing.B, body []byte, sized bool) *filings.Client {
	c, err := filings.New(conduit.WithBaseURL(testkit.ServeBody(b, body, sized)), filings.WithContact(contact), conduit.WithRateLimit(0, 0))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// benchLarge reports, per call, the time (ns/op, MB/s) and the peak heap
// above the live heap before it, with the result live, as megabytes and
// as a multiple of the body (testkit.BenchWhole). call returns the result
// and the length of its RawJSON, which must be the body's: RawJSON is a
// slice of it, not a copy.
func benchLarge(b *testing.B, body []byte, sized bool, call func(context.Context, *filings.Client) (any, int, error)) {
	c := filingsClient(b, body, sized)
	ctx := context.Background()
	testkit.BenchWhole(b, body, len(body), func() (any, int, error) { return call(ctx, c) })
}

// BenchmarkCompanyFactsLarge decodes a 20 MB company facts body (the size
// of a large filer's) and reports time and peak heap against the body.
func BenchmarkCompanyFactsLarge(b *testing.B) {
	body := largeFacts(largeBody)
	benchLarge(b, body, true, func(ctx context.Context, c *filings.Client) (any, int, error) {
		f, err := c.CompanyFacts(ctx, 320193)
		if err != nil {
			return nil, 0, err
		}
		if len(f.Facts["us-gaap"]) < 100 {
			b.Fatalf("decoded %d concepts", len(f.Facts["us-gaap"]))
		}
		return f, len(f.RawJSON()), nil
	})
}

// plainFrame is a frame as a hand-written client would type it: every
// field filings.Frame types, the date as text and the value as a float, no
// raw bytes, no methods.
type plainFrame struct {
	Taxonomy    string `json:"taxonomy"`
	Tag         string `json:"tag"`
	CCP         string `json:"ccp"`
	UOM         string `json:"uom"`
	Label       string `json:"label"`
	Description string `json:"description"`
	Pts         int    `json:"pts"`
	Data        []struct {
		Accn       string  `json:"accn"`
		CIK        int64   `json:"cik"`
		EntityName string  `json:"entityName"`
		Loc        string  `json:"loc"`
		Start      string  `json:"start"`
		End        string  `json:"end"`
		Val        float64 `json:"val"`
	} `json:"data"`
}

// BenchmarkFramesLarge decodes a 5 MB frames body (tens of thousands of
// companies' values) and reports time and peak heap against the body,
// beside a hand-written client reading the same body (floor-v2).
func BenchmarkFramesLarge(b *testing.B) {
	body := largeFrame(5 << 20)
	n := bytes.Count(body, []byte(`"accn"`))
	b.Run("conduit", func(b *testing.B) {
		benchLarge(b, body, true, func(ctx context.Context, c *filings.Client) (any, int, error) {
			f, err := c.Frames(ctx, "us-gaap", "AccountsPayableCurrent", "USD", "CY2019Q1I")
			if err != nil {
				return nil, 0, err
			}
			if len(f.Data) != n {
				b.Fatalf("decoded %d values, want %d", len(f.Data), n)
			}
			return f, len(f.RawJSON()), nil
		})
	})
	b.Run("floor-v2", func(b *testing.B) {
		testkit.BenchFloor(b, body, true, n, func(f *plainFrame) int { return len(f.Data) })
	})
}

// BenchmarkEachFrameFact reads frames bodies of 0.5 and 5 MB with
// EachFrameFact, keeping nothing, and reports the most the reading kept
// live at 20 probes along the data (each a collection: compare the
// memory, not the time): it does not grow with the frame, where
// BenchmarkFramesLarge's whole frame peaks at a multiple of the body.
func BenchmarkEachFrameFact(b *testing.B) {
	for _, size := range []int{512 << 10, 5 << 20} {
		body := largeFrame(size)
		n := bytes.Count(body, []byte(`"accn"`))
		b.Run("MB="+strconv.FormatFloat(float64(size)/(1<<20), 'g', 2, 64), func(b *testing.B) {
			c := filingsClient(b, body, false)
			ctx := context.Background()
			testkit.BenchEach(b, body, n, func() iter.Seq2[filings.FrameFact, error] {
				return c.EachFrameFact(ctx, "us-gaap", "AccountsPayableCurrent", "USD", "CY2019Q1I")
			})
			b.ReportMetric(float64(n), "facts")
		})
	}
}
