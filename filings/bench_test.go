package filings_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/filings"
)

// largeSubmissions is a valid submissions body of at least size bytes: the
// fixture's company fields, then a "filings" member whose "recent" arrays
// (one column per field, as the service sends them) hold enough filings to
// reach the size. It is built once per test binary.
func largeSubmissions(size int) []byte {
	if size == largeBody {
		return largeOnce()
	}
	return buildSubmissions(size)
}

var largeOnce = sync.OnceValue(func() []byte { return buildSubmissions(largeBody) })

func buildSubmissions(size int) []byte {
	date := func(b []byte, y, m, d int) []byte {
		b = strconv.AppendInt(b, int64(y), 10)
		b = append(b, '-', byte('0'+m/10), byte('0'+m%10), '-', byte('0'+d/10), byte('0'+d%10))
		return b
	}
	quoted := func(b []byte, s string) []byte { return append(append(append(b, '"'), s...), '"') }
	cols := []struct {
		name string
		val  func(b []byte, i int) []byte
	}{
		{"accessionNumber", func(b []byte, i int) []byte {
			b = append(b, `"0000320193-`...)
			b = append(b, byte('0'+i/10%10), byte('0'+i%10), '-')
			return append(strconv.AppendInt(b, int64(100000+i), 10), '"')
		}},
		{"filingDate", func(b []byte, i int) []byte {
			return append(date(append(b, '"'), 1994+i%30, 1+i%12, 1+i%28), '"')
		}},
		{"reportDate", func(b []byte, i int) []byte {
			return append(date(append(b, '"'), 1994+i%30, 1+i%12, 1+(i+7)%28), '"')
		}},
		{"acceptanceDateTime", func(b []byte, i int) []byte {
			return append(date(append(b, '"'), 1994+i%30, 1+i%12, 1+i%28), "T16:30:05.000Z\""...)
		}},
		{"act", func(b []byte, i int) []byte { return quoted(b, "34") }},
		{"form", func(b []byte, i int) []byte {
			return quoted(b, [...]string{"10-K", "10-Q", "8-K", "4", "SC 13G/A"}[i%5])
		}},
		{"fileNumber", func(b []byte, i int) []byte { return quoted(b, "001-36743") }},
		{"filmNumber", func(b []byte, i int) []byte {
			return append(strconv.AppendInt(append(b, '"'), int64(241416806+i), 10), '"')
		}},
		{"items", func(b []byte, i int) []byte { return quoted(b, [...]string{"", "2.02,9.01", "5.07"}[i%3]) }},
		{"size", func(b []byte, i int) []byte { return strconv.AppendInt(b, int64(10_000+i*37%9_000_000), 10) }},
		{"isXBRL", func(b []byte, i int) []byte { return strconv.AppendInt(b, int64(i%2), 10) }},
		{"isInlineXBRL", func(b []byte, i int) []byte { return strconv.AppendInt(b, int64(i%2), 10) }},
		{"primaryDocument", func(b []byte, i int) []byte {
			return append(strconv.AppendInt(append(b, `"aapl-`...), int64(20240000+i), 10), `.htm"`...)
		}},
		{"primaryDocDescription", func(b []byte, i int) []byte { return quoted(b, [...]string{"10-K", "10-Q", "8-K", "FORM 4"}[i%4]) }},
	}
	build := func(rows, size int) []byte {
		b := make([]byte, 0, size+size/16)
		b = append(b, `{"cik":"0000320193","entityType":"operating","sic":"3571","sicDescription":"Electronic Computers",`+
			`"ownerOrg":"06 Technology","insiderTransactionForOwnerExists":0,"insiderTransactionForIssuerExists":1,`+
			`"name":"Apple Inc.","tickers":["AAPL"],"exchanges":["Nasdaq"],"ein":"942404110","lei":null,`+
			`"description":"","website":"","investorWebsite":"","category":"Large accelerated filer",`+
			`"fiscalYearEnd":"0928","stateOfIncorporation":"CA","phone":"(408) 996-1010","flags":"",`+
			`"filings":{"recent":{`...)
		for ci, col := range cols {
			if ci > 0 {
				b = append(b, ',')
			}
			b = append(append(quoted(b, col.name), ':'), '[')
			for i := range rows {
				if i > 0 {
					b = append(b, ',')
				}
				b = col.val(b, i)
			}
			b = append(b, ']')
		}
		return append(b, `},"files":[{"name":"CIK0000320193-submissions-001.json","filingCount":1126,"filingFrom":"1994-01-26","filingTo":"2014-08-01"}]}}`...)
	}
	const sample = 1000
	perRow := len(build(sample, 0)) / sample
	for rows := size/perRow + 1; ; rows += rows/100 + 1 {
		if out := build(rows, size); len(out) >= size {
			return out
		}
	}
}

const largeBody = 20 << 20

// BenchmarkSubmissionsLarge decodes a 20 MB submissions body from a loopback
// server and reports the peak heap the call needed above the live heap
// before it, and that peak as a multiple of the body. Target: ≤ 3× the body.
// The result (whose RawJSON keeps the body, and whose Filings keeps its
// part) is still live at the last sample, so it counts. With Content-Length
// is how the service sends it; chunked shows the path without a length.
func BenchmarkSubmissionsLarge(b *testing.B) {
	body := largeSubmissions(largeBody)
	for _, chunked := range []bool{false, true} {
		name := "content-length"
		if chunked {
			name = "chunked"
		}
		b.Run(name, func(b *testing.B) {
			benchLarge(b, body, !chunked, func(ctx context.Context, c *filings.Client) (any, int, error) {
				s, err := c.Submissions(ctx, 320193)
				if err != nil {
					return nil, 0, err
				}
				if s.Name != "Apple Inc." {
					b.Fatalf("decoded %q", s.Name)
				}
				return s, len(s.RawJSON()), nil
			})
		})
	}
}

// BenchmarkRateLimiter200 sends 200 concurrent Submissions calls through the
// default 10-per-second limit to a loopback server and reports the
// throughput, as calls per second and as a percentage of the limit (target
// ≥ 95%), and the most arrivals the server saw in any one-second window
// (target ≤ 10). One iteration takes about 20 s, so b.Loop runs it once
// under the default -benchtime; every iteration starts a fresh burst against
// the same host budget.
func BenchmarkRateLimiter200(b *testing.B) {
	fixture, err := os.ReadFile("../conduittest/testdata/filings/submissions.json")
	if err != nil {
		b.Fatal(err)
	}
	var mu sync.Mutex
	var arrivals []time.Time
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := time.Now()
		mu.Lock()
		arrivals = append(arrivals, now)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Write(fixture)
	}))
	b.Cleanup(srv.Close)
	c, err := filings.New(conduit.WithBaseURL(srv.URL), filings.WithContact(contact))
	if err != nil {
		b.Fatal(err)
	}
	const calls, limit = 200, 10
	ctx := context.Background()
	var elapsed time.Duration
	maxWindow := 0
	b.ReportAllocs()
	for b.Loop() {
		mu.Lock()
		arrivals = arrivals[:0]
		mu.Unlock()
		errs := make([]error, calls)
		var wg sync.WaitGroup
		start := time.Now()
		for i := range calls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = c.Submissions(ctx, 320193)
			}()
		}
		wg.Wait()
		elapsed += time.Since(start)
		for _, err := range errs {
			if err != nil {
				b.Fatal(err)
			}
		}
		mu.Lock()
		got := slices.Clone(arrivals)
		mu.Unlock()
		if len(got) != calls {
			b.Fatalf("the server saw %d calls, want %d", len(got), calls)
		}
		maxWindow = max(maxWindow, busiestSecond(got))
	}
	rate := float64(b.N*calls) / elapsed.Seconds()
	b.ReportMetric(rate, "calls/s")
	b.ReportMetric(100*rate/limit, "%-of-limit")
	b.ReportMetric(float64(maxWindow), "max-per-1s")
}

// busiestSecond is the most arrivals in any window [t, t+1s) that starts at
// an arrival; a window holding the most arrivals can always be slid to start
// at one.
func busiestSecond(arrivals []time.Time) int {
	slices.SortFunc(arrivals, func(a, b time.Time) int { return a.Compare(b) })
	most, j := 0, 0
	for i := range arrivals {
		for j < len(arrivals) && arrivals[j].Sub(arrivals[i]) < time.Second {
			j++
		}
		most = max(most, j-i)
	}
	return most
}
