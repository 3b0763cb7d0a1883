package fiscal_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// bigPage is a debt_to_penny page of n records, as the service sends one
// at page[size]=10000.
func bigPage(n int) []byte {
	b := append(make([]byte, 0, n*420), `{"data":[`...)
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		day := strconv.Itoa(1 + i%28)
		if len(day) == 1 {
			day = "0" + day
		}
		amt := strconv.Itoa(27_000_000_000_000 + i*7919)
		b = append(b, `{"record_date":"2024-06-`+day+`","debt_held_public_amt":"`+amt+`.28","intragov_hold_amt":"7222170823474.40",`+
			`"tot_pub_debt_out_amt":"`+amt+`.68","src_line_nbr":"1","record_fiscal_year":"2024","record_fiscal_quarter":"3",`+
			`"record_calendar_year":"2024","record_calendar_quarter":"2","record_calendar_month":"06","record_calendar_day":"`+day+`",`+
			`"record_revision_flag":"N"}`...)
	}
	b = append(b, `],"meta":{"count":`...)
	b = strconv.AppendInt(b, int64(n), 10)
	return append(b, `,"dataTypes":{"record_date":"DATE","debt_held_public_amt":"CURRENCY","intragov_hold_amt":"CURRENCY","tot_pub_debt_out_amt":"CURRENCY","src_line_nbr":"INTEGER"},"total-count":10000,"total-pages":1},"links":{"next":null}}`...)
}

// BenchmarkPage10000 reads one page of 10,000 records from a loopback
// server, typed (DebtToPenny) and as generic rows (Query), and reports the
// time and the peak heap above the live heap, as megabytes and as a
// multiple of the body, with the result still live.
func BenchmarkPage10000(b *testing.B) {
	body := bigPage(10000)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	}))
	b.Cleanup(srv.Close)
	c, err := fiscal.New(conduit.WithBaseURL(srv.URL))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		call func() (int, error)
	}{
		{"typed", func() (int, error) {
			p, err := c.DebtToPenny(ctx, &fiscal.PageParams{PageSize: 10000})
			if err != nil {
				return 0, err
			}
			defer runtime.KeepAlive(p)
			return len(p.Data), nil
		}},
		{"rows", func() (int, error) {
			p, err := c.Query(ctx, "v2/accounting/od/debt_to_penny", &fiscal.Query{PageSize: 10000})
			if err != nil {
				return 0, err
			}
			defer runtime.KeepAlive(p)
			return len(p.Data), nil
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var peak uint64
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				b.StopTimer()
				runtime.GC()
				stop := testkit.HeapPeak()
				b.StartTimer()
				n, err := tc.call()
				b.StopTimer()
				if err != nil || n != 10000 {
					b.Fatalf("%d records, %v", n, err)
				}
				alloc, _ := stop()
				peak = max(peak, alloc)
				b.StartTimer()
			}
			b.ReportMetric(float64(len(body))/1e6, "body-MB")
			b.ReportMetric(float64(peak)/1e6, "peak-heap-MB")
			b.ReportMetric(float64(peak)/float64(len(body)), "peak/body")
		})
	}
}

// BenchmarkEachPage reads pages of 1,000 and 10,000 records from a
// loopback server with EachDebtToPennyRecord (typed) and EachQueryRow
// (rows), keeping nothing, and reports the most the reading kept live at
// 20 probes along the page (each a collection: compare the memory, not
// the time): it does not grow with the page, where BenchmarkPage10000's
// whole page peaks at a multiple of the body.
func BenchmarkEachPage(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		body := bigPage(n)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write(body)
		}))
		b.Cleanup(srv.Close)
		c, err := fiscal.New(conduit.WithBaseURL(srv.URL))
		if err != nil {
			b.Fatal(err)
		}
		ctx := context.Background()
		for _, tc := range []struct {
			name string
			each func(probe func()) (int, error)
		}{
			{"typed", func(probe func()) (int, error) {
				return countEach(c.EachDebtToPennyRecord(ctx, &fiscal.PageParams{PageSize: n}), n, probe)
			}},
			{"rows", func(probe func()) (int, error) {
				return countEach(c.EachQueryRow(ctx, "v2/accounting/od/debt_to_penny", &fiscal.Query{PageSize: n}), n, probe)
			}},
		} {
			b.Run(tc.name+"/records="+strconv.Itoa(n), func(b *testing.B) {
				var live testkit.LivePeak
				b.ReportAllocs()
				for b.Loop() {
					live.Reset()
					got, err := tc.each(live.Probe)
					if err != nil || got != n {
						b.Fatalf("%d records, %v", got, err)
					}
				}
				b.ReportMetric(float64(len(body))/1e6, "body-MB")
				b.ReportMetric(float64(live.Peak)/1e3, "peak-live-kB")
				b.ReportMetric(float64(live.Peak)/float64(len(body)), "peak-live/body")
			})
		}
	}
}

// countEach counts an iterator's records, calling probe every n/20.
func countEach[R any](seq func(func(R, error) bool), n int, probe func()) (int, error) {
	count := 0
	for _, err := range seq {
		if err != nil {
			return count, err
		}
		if count++; count%(n/20) == 0 {
			probe()
		}
	}
	return count, nil
}
