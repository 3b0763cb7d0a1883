// Package peers compares conduit with the Go clients people would use
// instead (github.com/sashabaranov/go-openai, github.com/openai/openai-go,
// and for event ingest github.com/honeycombio/libhoney-go) and with
// hand-written net/http code, on identical bytes: decoding with
// encoding/json (the v1 floors) and with go-json-experiment, conduit's own
// decoder (the v2 floors, the limit conduit is measured against).
//
// It is a module of its own so that conduit's go.mod never depends on its
// peers. Everything is in the tests: TestIdenticalWork proves each
// contender sends the same request and decodes the same result, and the
// benchmarks time them side by side. run.sh runs interleaved rounds and
// prints the ratio table of the README's performance section (see
// cmd/table); conduit's own API is used only in conduit_test.go.
package peers
