package otelconduit

import (
	"go.opentelemetry.io/otel/metric"
)

// metrics creates the instruments on m. An instrument the provider cannot
// make is the no-op one it returns with the error: telemetry never fails a
// call.
func (in *instruments) metrics(m metric.Meter) {
	seconds := func(name, desc string) metric.Float64Histogram {
		h, _ := m.Float64Histogram(name, metric.WithUnit("s"), metric.WithDescription(desc))
		return h
	}
	in.requestDuration = seconds("http.client.request.duration", "Duration of HTTP client requests.")
	in.callDuration = seconds("conduit.client.call.duration", "Duration of conduit calls, retries and waits included.")
	in.retryWait = seconds("conduit.client.retry.wait", "Time a call spent waiting between attempts.")
	in.limitWait = seconds("conduit.client.rate_limit.wait", "Time a call spent waiting for the rate limiter and rate-limit buckets.")
	in.genaiDuration = seconds("gen_ai.client.operation.duration", "GenAI operation duration.")
	in.attempts, _ = m.Int64Histogram("conduit.client.attempts", metric.WithUnit("{request}"),
		metric.WithDescription("Requests a call sent, retries included."), metric.WithExplicitBucketBoundaries(1, 2, 3, 4, 5, 8))
	in.retries, _ = m.Int64Counter("conduit.client.retries", metric.WithUnit("{request}"),
		metric.WithDescription("Requests sent again after a failed attempt."))
	in.genaiTokens, _ = m.Int64Histogram("gen_ai.client.token.usage", metric.WithUnit("{token}"),
		metric.WithDescription("Number of input and output tokens used."),
		metric.WithExplicitBucketBoundaries(1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864))
}
