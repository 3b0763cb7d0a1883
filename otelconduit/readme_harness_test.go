package otelconduit_test

import (
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
)

// readmeHarness is what README.md's otelconduit snippets take as given (the
// snippets are run by readme_blocks_test.go, go generate ./internal/readme):
// a tracer and a meter provider, and the environment pointing at
// conduittest's fake.
type readmeHarness struct {
	tp *sdktrace.TracerProvider
	mp *sdkmetric.MeterProvider
}

func newHarness(t *testing.T) readmeHarness {
	conduittest.NewServer(t).Setenv(t)
	return readmeHarness{tp: sdktrace.NewTracerProvider(), mp: sdkmetric.NewMeterProvider()}
}
