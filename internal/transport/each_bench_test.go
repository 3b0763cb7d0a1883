package transport

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/heapwatch"
)

// record is one element of the benchmarks' listing: a Fiscal Data
// debt_to_penny record's shape, its raw bytes kept.
type record struct {
	conduit.Raw
	RecordDate string `json:"record_date"`
	DebtHeld   string `json:"debt_held_public_amt"`
	Intragov   string `json:"intragov_hold_amt"`
	Total      string `json:"tot_pub_debt_out_amt"`
	FiscalYear string `json:"record_fiscal_year"`
}

// listingBody is an envelope of n records, as Fiscal Data sends a page.
func listingBody(n int) []byte {
	b := append(make([]byte, 0, n*330+200), `{"data":[`...)
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		amt := strconv.Itoa(27_000_000_000_000 + i*7919)
		b = append(b, `{"record_date":"2024-06-21","debt_held_public_amt":"`+amt+`.28","intragov_hold_amt":"7222170823474.40",`+
			`"tot_pub_debt_out_amt":"`+amt+`.68","src_line_nbr":"1","record_fiscal_year":"2024","record_fiscal_quarter":"3",`+
			`"record_calendar_year":"2024","record_calendar_month":"06","record_revision_flag":"N"}`...)
	}
	return append(b, `],"meta":{"count":`+strconv.Itoa(n)+`},"links":{"next":null}}`...)
}

// probed serves a body without Content-Length and, each time the client
// has read another every bytes, collects garbage on the client's goroutine
// and notes the live heap above base: what the reading keeps at that point.
type probed struct {
	body       []byte
	every      int
	base, peak uint64
}

func (p *probed) RoundTrip(r *http.Request) (*http.Response, error) {
	rd := &probedReader{p: p, r: bytes.NewReader(p.body), due: p.every}
	return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(rd), ContentLength: -1, Request: r}, nil
}

type probedReader struct {
	p         *probed
	r         *bytes.Reader
	read, due int
}

func (rd *probedReader) Read(b []byte) (int, error) {
	n, err := rd.r.Read(b)
	if rd.read += n; rd.read >= rd.due {
		rd.due += rd.p.every
		if v := heapwatch.Live(); v > rd.p.base {
			rd.p.peak = max(rd.p.peak, v-rd.p.base)
		}
	}
	return n, err
}

// BenchmarkListHeap reads a listing of 10,000 and of 100,000 records (3.3
// and 33 MB, no Content-Length) element by element, keeping nothing, and
// reports the most the reading kept live at 100 probes along the body: it
// does not grow with the listing. "whole" decodes the same body into one
// result for comparison, its peak heap sampled: at least the body.
func BenchmarkListHeap(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		body := listingBody(n)
		b.Run("elements/records="+strconv.Itoa(n), func(b *testing.B) {
			p := &probed{body: body, every: len(body) / 100}
			c, op := benchList(b, p)
			for b.Loop() {
				p.base, p.peak = heapwatch.Live(), 0
				count := 0
				for _, err := range op.All(context.Background(), c, Call{}, nil) {
					if err != nil {
						b.Fatal(err)
					}
					count++
				}
				if count != n {
					b.Fatalf("%d of %d records", count, n)
				}
			}
			b.ReportMetric(float64(p.peak)/1e3, "peak-live-kB")
			b.ReportMetric(float64(p.peak)/float64(len(body)), "peak-live/body")
		})
		b.Run("whole/records="+strconv.Itoa(n), func(b *testing.B) {
			p := &probed{body: body, every: len(body)}
			c, _ := benchList(b, p)
			op := Declare[struct {
				conduit.Raw
				Data []record `json:"data"`
			}](testService(Auth{}), get("/list"), nil)
			var peak uint64
			for b.Loop() {
				heapwatch.Live()
				stop := heapwatch.Peak()
				out, err := op.Do(context.Background(), c, Call{}, nil)
				if err != nil || len(out.Data) != n {
					b.Fatal(err)
				}
				alloc, _ := stop()
				peak = max(peak, alloc)
				runtime.KeepAlive(out)
			}
			b.ReportMetric(float64(peak)/float64(len(body)), "peak/body")
		})
	}
}

func benchList(b *testing.B, rt http.RoundTripper) (*Client, *ListEndpoint[record]) {
	svc := testService(Auth{})
	op := DeclareList[record](svc, get("/list"), "data")
	c, err := New(svc, conduit.WithBaseURL("http://list.invalid"), conduit.WithHTTPClient(&http.Client{Transport: rt}))
	if err != nil {
		b.Fatal(err)
	}
	return c, op
}
