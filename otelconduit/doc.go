// Package otelconduit traces and measures conduit calls with OpenTelemetry.
// It is a module of its own, so that conduit's users who do not want
// OpenTelemetry do not carry it.
//
// Instrument returns one conduit option that plugs two middlewares into a
// client (or a single call): one client span per call, around conduit's
// whole retry loop, and one client span per request sent, each retry and
// redirect hop included. Spans follow the OpenTelemetry semantic
// conventions for HTTP clients (http.request.method, url.full without
// credentials, url.template, server.address and server.port,
// http.response.status_code, error.type, http.request.resend_count) and,
// for inference's chat completions, those for generative AI clients
// (gen_ai.operation.name, gen_ai.provider.name, gen_ai.request.model,
// gen_ai.response.model, gen_ai.usage.input_tokens and output_tokens, and a
// stream's time to its first chunk). Metrics: http.client.request.duration
// per request; conduit.client.call.duration, conduit.client.attempts,
// conduit.client.retries, conduit.client.retry.wait and
// conduit.client.rate_limit.wait per call; gen_ai.client.operation.duration
// and gen_ai.client.token.usage for chat completions.
//
// No span or metric attribute ever holds a credential: conduit hands its
// middleware the request with every credential it placed hidden, and this
// package records nothing else of the request. Trace context goes to the
// service only when WithPropagator asks for it: a third-party API has no
// use for the caller's trace ids, and some reject unknown headers.
package otelconduit
