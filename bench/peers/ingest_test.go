package peers

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// The ingest comparison: conduit's observability Sender beside libhoney-go,
// the SDK Honeycomb publishes, sending the same events in the same batches
// (50 events or 100 ms) to a loopback server that answers every event 202.

const (
	ingestDataset     = "bench"
	ingestEvents      = 5000
	ingestBatch       = 50
	ingestTimeout     = 100 * time.Millisecond
	ingestConcurrency = 10
	ingestQueue       = 10000
)

// ingestContender sends events to the batch endpoint under base and
// returns how many the service stored, once every event has its outcome.
type ingestContender struct {
	name string
	run  func(hc *http.Client, base string, events []map[string]any) (int, error)
}

var ingesters = []ingestContender{
	{"conduit", conduitIngest},
	{"libhoney-go", libhoneyIngest},
}

// ingestWork is the events every contender sends: five fields each, as a
// request span has, numbered by "i" so the server can tell them apart.
func ingestWork(n int) []map[string]any {
	events := make([]map[string]any, n)
	for i := range events {
		events[i] = map[string]any{
			"i": i, "route": "/cart", "status": 200, "duration_ms": 41.5, "trace.id": fmt.Sprintf("%032x", i),
		}
	}
	return events
}

// batchServer answers POST /1/batch/<dataset> as the service does, a 202
// for each event of the batch, and hands each batch's events to record
// (which may be nil).
func batchServer(tb testing.TB, record func(r *http.Request, batch []struct {
	Data map[string]any `json:"data"`
	Time string         `json:"time"`
})) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var batch []struct {
			Data map[string]any `json:"data"`
			Time string         `json:"time"`
		}
		if !strings.HasPrefix(r.URL.Path, "/1/batch/") || json.NewDecoder(r.Body).Decode(&batch) != nil {
			http.Error(w, `{"error":"Request body is malformed and cannot be read."}`, http.StatusBadRequest)
			return
		}
		io.Copy(io.Discard, r.Body)
		if record != nil {
			record(r, batch)
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, "["+strings.TrimSuffix(strings.Repeat(`{"status":202},`, len(batch)), ",")+"]")
	}))
	tb.Cleanup(srv.Close)
	return srv
}

// TestIdenticalIngest: each contender delivers every event exactly once,
// with the same fields and a time, in batches of at most 50, plain JSON, to
// the same path, and counts every one stored.
func TestIdenticalIngest(t *testing.T) {
	events := ingestWork(1000)
	for _, c := range ingesters {
		t.Run(c.name, func(t *testing.T) {
			var mu sync.Mutex
			seen := map[int]map[string]any{}
			var paths, encodings []string
			srv := batchServer(t, func(r *http.Request, batch []struct {
				Data map[string]any `json:"data"`
				Time string         `json:"time"`
			}) {
				mu.Lock()
				defer mu.Unlock()
				paths = append(paths, r.URL.Path)
				encodings = append(encodings, r.Header.Get("Content-Encoding"))
				if len(batch) > ingestBatch {
					t.Errorf("a batch of %d events", len(batch))
				}
				for _, e := range batch {
					i := int(e.Data["i"].(float64))
					if seen[i] != nil {
						t.Errorf("event %d arrived twice", i)
					}
					if _, err := time.Parse(time.RFC3339Nano, e.Time); err != nil {
						t.Errorf("event %d: time %q: %v", i, e.Time, err)
					}
					seen[i] = e.Data
				}
			})
			stored, err := c.run(srv.Client(), srv.URL, events)
			if err != nil {
				t.Fatal(err)
			}
			if stored != len(events) {
				t.Errorf("%d of %d events counted stored", stored, len(events))
			}
			if len(seen) != len(events) {
				t.Fatalf("%d of %d events arrived", len(seen), len(events))
			}
			for i, e := range events {
				want, _ := json.Marshal(e)
				got, _ := json.Marshal(seen[i])
				if string(want) != string(got) {
					t.Errorf("event %d: sent %s, arrived %s", i, want, got)
				}
			}
			for i, p := range paths {
				if p != "/1/batch/"+ingestDataset || encodings[i] != "" {
					t.Errorf("request %d: %s, Content-Encoding %q", i, p, encodings[i])
				}
			}
			t.Logf("%s: %d requests", c.name, len(paths))
		})
	}
}

// BenchmarkIngestBatches sends 5,000 events per iteration through each
// contender, set up, sent and closed within the timing so that every event
// has its outcome, and reports the time, CPU time and allocations per event
// (the whole process's: the in-process server's work is the same for both).
func BenchmarkIngestBatches(b *testing.B) {
	events := ingestWork(ingestEvents)
	srv := batchServer(b, nil)
	for _, c := range ingesters {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			start, cpu := mallocs(), cpuNow()
			for b.Loop() {
				stored, err := c.run(srv.Client(), srv.URL, events)
				if err != nil || stored != len(events) {
					b.Fatalf("%d of %d events stored: %v", stored, len(events), err)
				}
			}
			total := float64(b.N) * ingestEvents
			b.ReportMetric(float64(mallocs()-start)/total, "allocs/event")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/total, "ns/event")
			b.ReportMetric(float64(cpuNow()-cpu)/total, "cpu-ns/event")
		})
	}
}
