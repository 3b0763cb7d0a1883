package peers

import (
	"context"
	"net/http"
)

// call does one unit of a benchmark's work (one whole stream, one request)
// and returns what it decoded.
type call[R any] func(context.Context) (R, error)

// contender is one client under comparison. build gets the *http.Client to
// send through and the base URL (ending in the version segment for the chat
// interface) and returns the call; everything a real program would set up
// once (the client, the request value) is set up there, outside the timing.
type contender[R any] struct {
	name  string
	build func(hc *http.Client, base string) (call[R], error)
}

// chatResult is what a chat contender decoded, streamed or whole. The
// identity test requires every contender to produce the same one; the
// benchmarks compute it too, so the work timed is the work checked. The
// content is folded into a length and an FNV-1a hash rather than kept, so
// that a long stream's result takes no memory that grows with it.
type chatResult struct {
	Chunks       int // chunks of a stream, choices of a completion
	ContentBytes int
	ContentHash  uint64
	FinishReason string
	Usage        [3]int64 // prompt, completion and total tokens
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// add counts one chunk (or choice) with its content and finish reason.
func (r *chatResult) add(content, finish string) {
	if r.Chunks == 0 {
		r.ContentHash = fnvOffset
	}
	r.Chunks++
	r.ContentBytes += len(content)
	for i := 0; i < len(content); i++ {
		r.ContentHash = (r.ContentHash ^ uint64(content[i])) * fnvPrime
	}
	if finish != "" {
		r.FinishReason = finish
	}
}

// sunResult is what a sunrise contender decoded: the status, the nine
// instants in Unix seconds, and the day length.
type sunResult struct {
	Status    string
	Times     [9]int64
	DayLength int64
}

// The streaming contenders, the per-request ones, and the sunrise ones, in
// the order they run side by side. conduit comes first; its glue is in
// conduit_test.go.
var (
	streamers = []contender[chatResult]{
		{"conduit", conduitStream},
		{"go-openai", goOpenAIStream},
		{"openai-go", openAIGoStream},
		{"floor-minimal", minimalFloorStream},
		{"floor-plain", plainFloorStream},
		{"floor-v2", v2FloorStream},
	}
	completers = []contender[chatResult]{
		{"conduit", conduitComplete},
		{"go-openai", goOpenAIComplete},
		{"openai-go", openAIGoComplete},
		{"raw", rawComplete},
		{"raw-v2", v2Complete},
	}
	sunrisers = []contender[sunResult]{
		{"conduit", conduitSunrise},
		{"raw", rawSunrise},
		{"raw-v2", v2Sunrise},
	}
)
