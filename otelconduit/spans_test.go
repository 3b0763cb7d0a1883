package otelconduit_test

import (
	"context"
	"testing"
	"time"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/otelconduit"
	"github.com/conduit-sdk/conduit/sunrise"
)

// A call retried once makes one call span and two attempt spans under it:
// the first failed with its status, the second marked as a resend; the
// call span counts the attempts and the metrics count the retry.
func TestRetriedCallHasOneCallSpanAndOneSpanPerAttempt(t *testing.T) {
	tel := newTelemetry(t)
	f := newFront(t, 1)
	c, err := sunrise.New(append(fake.OptionsAt("sunrise", f.URL), tel.option(),
		conduit.WithRetryBackoff(time.Millisecond, 2*time.Millisecond))...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Get(context.Background(), 51.4779, -0.0015, nil); err != nil {
		t.Fatal(err)
	}
	spans := tel.spans.GetSpans()
	if len(spans) != 3 {
		t.Fatalf("got %d spans, want 3: %v", len(spans), spans)
	}
	first, second, call := spans[0], spans[1], spans[2]
	if call.Name != "sunrise.Get" || call.SpanKind != trace.SpanKindClient || call.Status.Code == codes.Error {
		t.Errorf("call span: %q kind %v status %v", call.Name, call.SpanKind, call.Status)
	}
	ca := attrs(call.Attributes)
	if ca["conduit.attempts"].AsInt64() != 2 || ca["conduit.operation"].AsString() != "Get" || ca["http.response.status_code"].AsInt64() != 200 {
		t.Errorf("call attributes: %v", call.Attributes)
	}
	for i, s := range []struct {
		span   string
		status int64
		resend bool
	}{{first.Name, 500, false}, {second.Name, 200, true}} {
		sp := spans[i]
		a := attrs(sp.Attributes)
		if s.span != "GET /json" || sp.Parent.SpanID() != call.SpanContext.SpanID() {
			t.Errorf("attempt %d: %q, parent %v", i+1, s.span, sp.Parent.SpanID())
		}
		if a["http.response.status_code"].AsInt64() != s.status || a["http.request.method"].AsString() != "GET" {
			t.Errorf("attempt %d attributes: %v", i+1, sp.Attributes)
		}
		if _, ok := a["http.request.resend_count"]; ok != s.resend {
			t.Errorf("attempt %d: resend_count present %v, want %v", i+1, ok, s.resend)
		}
		if a["url.template"].AsString() != "/json" || a["server.address"].AsString() != "127.0.0.1" {
			t.Errorf("attempt %d: template %v server %v", i+1, a["url.template"], a["server.address"])
		}
	}
	if first.Status.Code != codes.Error || attrs(first.Attributes)["error.type"].AsString() != "500" {
		t.Errorf("the failed attempt: status %v, error.type %v", first.Status, attrs(first.Attributes)["error.type"])
	}

	m := tel.metrics(t)
	if n := histogramCount(t, m["http.client.request.duration"]); n != 2 {
		t.Errorf("http.client.request.duration has %d points, want 2", n)
	}
	if n := histogramCount(t, m["conduit.client.call.duration"]); n != 1 {
		t.Errorf("conduit.client.call.duration has %d points, want 1", n)
	}
	if got := sum(t, m["conduit.client.retries"]); got != 1 {
		t.Errorf("conduit.client.retries = %d, want 1", got)
	}
}

// A failed call's span says why, with the status as error.type.
func TestFailedCallSpanHasErrorType(t *testing.T) {
	tel := newTelemetry(t)
	f := newFront(t, 100)
	c, err := sunrise.New(append(fake.OptionsAt("sunrise", f.URL), tel.option(), conduit.WithMaxRetries(0))...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Get(context.Background(), 1, 1, nil); err == nil {
		t.Fatal("the call succeeded against a server failing every request")
	}
	spans := tel.spans.GetSpans()
	call := spans[len(spans)-1]
	if call.Status.Code != codes.Error || attrs(call.Attributes)["error.type"].AsString() != "500" {
		t.Errorf("call span status %v, attributes %v", call.Status, call.Attributes)
	}
}

// Trace context goes to the service only when the caller asks, and then
// in the caller's trace.
func TestTraceContextIsSentOnlyWhenAsked(t *testing.T) {
	for _, propagate := range []bool{false, true} {
		tel := newTelemetry(t)
		f := newFront(t, 0)
		inst := tel.option()
		if propagate {
			inst = tel.option(withTraceContext())
		}
		c, err := sunrise.New(append(fake.OptionsAt("sunrise", f.URL), inst)...)
		if err != nil {
			t.Fatal(err)
		}
		ctx, parent := tel.tp.Tracer("test").Start(context.Background(), "parent")
		if _, err := c.Get(ctx, 1, 1, nil); err != nil {
			t.Fatal(err)
		}
		parent.End()
		got := f.headers[0].Get("Traceparent")
		switch {
		case propagate && got == "":
			t.Error("no traceparent sent with WithPropagator")
		case propagate && !containsTrace(got, parent.SpanContext().TraceID().String()):
			t.Errorf("traceparent %q is not in the caller's trace", got)
		case !propagate && got != "":
			t.Errorf("traceparent %q sent without WithPropagator", got)
		}
	}
}

func withTraceContext() otelconduit.Option {
	return otelconduit.WithPropagator(propagation.TraceContext{})
}

func containsTrace(header, traceID string) bool {
	return len(header) > 36 && header[3:35] == traceID
}

// Without options, Instrument uses the global providers.
func TestInstrumentUsesGlobalProviders(t *testing.T) {
	tel := newTelemetry(t)
	otel.SetTracerProvider(tel.tp)
	defer otel.SetTracerProvider(noop.NewTracerProvider())
	c, err := sunrise.New(append(fake.Options("sunrise"), otelconduit.Instrument())...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Get(context.Background(), 1, 1, nil); err != nil {
		t.Fatal(err)
	}
	if n := len(tel.spans.GetSpans()); n != 2 {
		t.Errorf("got %d spans on the global provider, want 2", n)
	}
}

func histogramCount(t *testing.T, m metricdata.Metrics) uint64 {
	t.Helper()
	var n uint64
	switch d := m.Data.(type) {
	case metricdata.Histogram[float64]:
		for _, p := range d.DataPoints {
			n += p.Count
		}
	case metricdata.Histogram[int64]:
		for _, p := range d.DataPoints {
			n += p.Count
		}
	default:
		t.Errorf("%s: not a histogram: %T", m.Name, m.Data)
	}
	return n
}

func sum(t *testing.T, m metricdata.Metrics) int64 {
	t.Helper()
	d, ok := m.Data.(metricdata.Sum[int64])
	if !ok {
		t.Errorf("%s: not an int64 sum: %T", m.Name, m.Data)
		return 0
	}
	var n int64
	for _, p := range d.DataPoints {
		n += p.Value
	}
	return n
}
