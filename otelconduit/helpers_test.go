package otelconduit_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/otelconduit"
)

// fake serves every package's fixtures for the whole test binary.
var fake = conduittest.Start()

// telemetry is an SDK tracer and meter provider whose spans and metrics
// the test reads back from memory.
type telemetry struct {
	spans  *tracetest.InMemoryExporter
	reader *sdkmetric.ManualReader
	tp     *sdktrace.TracerProvider
	mp     *sdkmetric.MeterProvider
}

func newTelemetry(t testing.TB) *telemetry {
	t.Helper()
	tel := &telemetry{spans: tracetest.NewInMemoryExporter(), reader: sdkmetric.NewManualReader()}
	tel.tp = sdktrace.NewTracerProvider(sdktrace.WithSyncer(tel.spans))
	tel.mp = sdkmetric.NewMeterProvider(sdkmetric.WithReader(tel.reader))
	t.Cleanup(func() {
		tel.tp.Shutdown(context.Background())
		tel.mp.Shutdown(context.Background())
	})
	return tel
}

// option instruments a client with tel's providers.
func (tel *telemetry) option(opts ...otelconduit.Option) conduit.Option {
	return otelconduit.Instrument(append([]otelconduit.Option{
		otelconduit.WithTracerProvider(tel.tp), otelconduit.WithMeterProvider(tel.mp)}, opts...)...)
}

// metrics collects every metric recorded so far, by name.
func (tel *telemetry) metrics(t *testing.T) map[string]metricdata.Metrics {
	t.Helper()
	var rm metricdata.ResourceMetrics
	if err := tel.reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	out := map[string]metricdata.Metrics{}
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			out[m.Name] = m
		}
	}
	return out
}

// attrs is a span's attributes by key.
func attrs(kvs []attribute.KeyValue) map[attribute.Key]attribute.Value {
	out := map[attribute.Key]attribute.Value{}
	for _, kv := range kvs {
		out[kv.Key] = kv.Value
	}
	return out
}

// front is a server before the fake that fails the first fail requests
// with 500 and remembers the headers of every request.
type front struct {
	*httptest.Server
	fail    int32
	hits    atomic.Int32
	mu      sync.Mutex
	headers []http.Header
}

func newFront(t *testing.T, fail int32) *front {
	t.Helper()
	target, _ := url.Parse(fake.URL())
	proxy := httputil.NewSingleHostReverseProxy(target)
	f := &front{fail: fail}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.headers = append(f.headers, r.Header.Clone())
		f.mu.Unlock()
		if f.hits.Add(1) <= f.fail {
			http.Error(w, `{"status":"ERROR"}`, http.StatusInternalServerError)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(f.Close)
	return f
}
