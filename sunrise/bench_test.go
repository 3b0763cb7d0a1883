package sunrise_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/sunrise"
)

// The two benchmarks below do the same work against the same loopback
// server: the raw one is the floor conduit's per-request overhead is
// measured against (target: ≤ 1.10× time, ≤ raw + 15 allocations).
func benchServer(b *testing.B) *httptest.Server {
	body, err := os.ReadFile("../conduittest/testdata/sunrise/get.json")
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	}))
	b.Cleanup(srv.Close)
	return srv
}

func BenchmarkGetRaw(b *testing.B) {
	srv := benchServer(b)
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	ctx := context.Background()
	url := srv.URL + "/json?lat=51.4779&lng=-0.0015&date=2024-06-21&formatted=0"
	b.ReportAllocs()
	for b.Loop() {
		req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
		req.Header.Set("Accept", "application/json")
		resp, err := hc.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		var r sunrise.Response
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || json.Unmarshal(data, &r) != nil || r.Status != "OK" {
			b.Fatal("raw decode failed")
		}
	}
}

func BenchmarkGetConduit(b *testing.B) {
	srv := benchServer(b)
	c, err := sunrise.New(conduit.WithBaseURL(srv.URL))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	p := &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: time.June, Day: 21}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Get(ctx, 51.4779, -0.0015, p); err != nil {
			b.Fatal(err)
		}
	}
}
