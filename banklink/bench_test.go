package banklink_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// syncBody is a page of n added transactions, the fixture's first
// repeated with distinct ids, then its cursor.
func syncBody(b *testing.B, n int) []byte {
	fixture, err := os.ReadFile("../conduittest/testdata/banklink/sync_transactions.json")
	if err != nil {
		b.Fatal(err)
	}
	var page struct {
		Added []json.RawMessage `json:"added"`
	}
	if err := json.Unmarshal(fixture, &page); err != nil || len(page.Added) == 0 {
		b.Fatal(err)
	}
	var tx bytes.Buffer
	if err := json.Compact(&tx, page.Added[0]); err != nil {
		b.Fatal(err)
	}
	out := []byte(`{"accounts":[],"added":[`)
	for i := range n {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, bytes.Replace(tx.Bytes(), []byte(`"transaction_id":"`), []byte(`"transaction_id":"`+strconv.Itoa(i)), 1)...)
	}
	return append(out, `],"modified":[],"removed":[],"next_cursor":"tVUUL15lYQN5rBnfDIc1I8xudpGdIlw9nsgeXWvhOfkECvUeR663i3Dt1uf/94S8ASkitgLcIiOSqNwzzp+bh89kirazha5vuZHBb2ZA5NtCDkkV","has_more":false,"request_id":"Wvhy9PZHQLV8njG"}`...)
}

func syncClient(b *testing.B, body []byte) *banklink.Client {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	}))
	b.Cleanup(srv.Close)
	c, err := banklink.New(conduit.WithBaseURL(srv.URL), banklink.WithClientID("bench-client"), banklink.WithSecret("bench-secret"))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkSyncPage reads a page of 500 transactions (the service's
// largest) and, to show the trend, of 5,000: "whole" with SyncTransactions,
// reporting the peak heap above the live heap before the call with the
// result live; "each" with EachTransactionUpdate keeping nothing,
// reporting the most the reading kept live at 20 probes along the page
// (each a collection: compare the memory, not the time).
func BenchmarkSyncPage(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{500, 5_000} {
		body := syncBody(b, n)
		b.Run(fmt.Sprintf("whole/transactions=%d", n), func(b *testing.B) {
			c := syncClient(b, body)
			var peak uint64
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				runtime.GC()
				stop := testkit.HeapPeak()
				b.StartTimer()
				page, err := c.SyncTransactions(ctx, "access-sandbox-bench", nil)
				b.StopTimer()
				if err != nil || len(page.Added) != n {
					b.Fatalf("%v", err)
				}
				alloc, _ := stop()
				peak = max(peak, alloc)
				runtime.KeepAlive(page)
				b.StartTimer()
			}
			b.ReportMetric(float64(len(body))/1e6, "body-MB")
			b.ReportMetric(float64(peak)/1e3, "peak-heap-kB")
			b.ReportMetric(float64(peak)/float64(len(body)), "peak/body")
		})
		b.Run(fmt.Sprintf("each/transactions=%d", n), func(b *testing.B) {
			c := syncClient(b, body)
			var live testkit.LivePeak
			b.ReportAllocs()
			for b.Loop() {
				live.Reset()
				count := 0
				var end banklink.SyncEnd
				for _, err := range c.EachTransactionUpdate(ctx, "access-sandbox-bench", nil, &end) {
					if err != nil {
						b.Fatal(err)
					}
					if count++; count%(n/20) == 0 {
						live.Probe()
					}
				}
				if count != n || end.NextCursor == "" {
					b.Fatalf("read %d updates, cursor %q", count, end.NextCursor)
				}
			}
			b.ReportMetric(float64(len(body))/1e6, "body-MB")
			b.ReportMetric(float64(live.Peak)/1e3, "peak-live-kB")
			b.ReportMetric(float64(live.Peak)/float64(len(body)), "peak-live/body")
		})
	}
}
