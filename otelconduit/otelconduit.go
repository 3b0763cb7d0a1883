package otelconduit

import (
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/metric"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/conduit-sdk/conduit"
)

// scope is the instrumentation scope of every span and instrument.
const scope = "github.com/conduit-sdk/conduit/otelconduit"

// Option configures Instrument.
type Option func(*settings)

type settings struct {
	tp         trace.TracerProvider
	mp         metric.MeterProvider
	propagator propagation.TextMapPropagator
}

// WithTracerProvider records spans with tp instead of the global provider
// (otel.GetTracerProvider at the time Instrument runs).
func WithTracerProvider(tp trace.TracerProvider) Option {
	return func(s *settings) { s.tp = tp }
}

// WithMeterProvider records metrics with mp instead of the global provider.
func WithMeterProvider(mp metric.MeterProvider) Option {
	return func(s *settings) { s.mp = mp }
}

// WithPropagator sends the trace context to the service in the headers p
// writes (propagation.TraceContext{} for traceparent), on every request.
// Without it nothing about the caller's trace leaves the process.
func WithPropagator(p propagation.TextMapPropagator) Option {
	return func(s *settings) { s.propagator = p }
}

// Instrument returns a conduit option, for New or for one call, that
// traces and measures every call with a span for the call and a span for
// each request it sends.
func Instrument(opts ...Option) conduit.Option {
	s := settings{tp: otel.GetTracerProvider(), mp: otel.GetMeterProvider()}
	for _, o := range opts {
		if o != nil {
			o(&s)
		}
	}
	in := &instruments{
		tracer:     s.tp.Tracer(scope, trace.WithInstrumentationVersion(conduit.Version)),
		propagator: s.propagator,
	}
	in.metrics(s.mp.Meter(scope, metric.WithInstrumentationVersion(conduit.Version)))
	return conduit.Options(conduit.WithMiddleware(in.call), conduit.WithAttemptMiddleware(in.attempt))
}
