package otelconduit_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/sunrise"
)

// BenchmarkInstrument measures a sunrise call against the fake without
// telemetry and with Instrument recording into the SDK (spans to an
// in-memory exporter, metrics to a manual reader): what tracing costs per
// call when it is on.
func BenchmarkInstrument(b *testing.B) {
	for _, on := range []bool{false, true} {
		name := map[bool]string{false: "off", true: "on"}[on]
		b.Run(name, func(b *testing.B) {
			opts := append(fake.Options("sunrise"), conduit.WithRateLimit(0, 0))
			if on {
				tel := newTelemetry(b)
				opts = append(opts, tel.option())
			}
			c, err := sunrise.New(opts...)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.Get(context.Background(), 51.4779, -0.0015, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
