package conduit_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/conduit-sdk/conduit"
	"runtime"
	"testing"
)

// benchChunk has the shape of a chat-completion stream chunk.
type benchChunk struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Created int64  `json:"created"`
	Model   string `json:"model"`
	Choices []struct {
		Index int `json:"index"`
		Delta struct {
			Role    string `json:"role,omitempty"`
			Content string `json:"content"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
}

func benchPayloads(n int) ([][]byte, []byte) {
	payloads := make([][]byte, n)
	var stream bytes.Buffer
	for i := range payloads {
		payloads[i] = fmt.Appendf(nil, `{"id":"chatcmpl-7a1","object":"chat.completion.chunk","created":1732200000,"model":"llama-3.1-8b-instant","choices":[{"index":0,"delta":{"content":"token %d "},"finish_reason":null}]}`, i)
		stream.WriteString("data: ")
		stream.Write(payloads[i])
		stream.WriteString("\n\n")
	}
	stream.WriteString("data: [DONE]\n\n")
	return payloads, stream.Bytes()
}

// BenchmarkUnmarshalOnly is the floor: json.Unmarshal of the same payloads
// with no framing at all. BenchmarkStream must stay within 1.25× of it.
func BenchmarkUnmarshalOnly(b *testing.B) {
	payloads, _ := benchPayloads(10_000)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range payloads {
			var c benchChunk
			if err := json.Unmarshal(p, &c); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkStream(b *testing.B) {
	_, stream := benchPayloads(10_000)
	b.ReportAllocs()
	b.SetBytes(int64(len(stream)))
	for b.Loop() {
		s := conduit.NewStream[benchChunk](bytes.NewReader(stream))
		n := 0
		for s.Next() {
			n++
		}
		if s.Err() != nil || n != 10_000 {
			b.Fatal(n, s.Err())
		}
	}
}

// BenchmarkStreamMemory shows memory flat in the stream's length: the peak
// live heap while decoding 1,000 and 100,000 chunks, as a custom metric.
func BenchmarkStreamMemory(b *testing.B) {
	for _, n := range []int{1_000, 100_000} {
		_, stream := benchPayloads(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var peak uint64
			for b.Loop() {
				runtime.GC()
				var base runtime.MemStats
				runtime.ReadMemStats(&base)
				s := conduit.NewStream[benchChunk](bytes.NewReader(stream))
				i := 0
				for s.Next() {
					if i++; i%(n/10) == 0 {
						runtime.GC() // count live memory, not garbage awaiting collection
						var ms runtime.MemStats
						runtime.ReadMemStats(&ms)
						if ms.HeapAlloc > base.HeapAlloc && ms.HeapAlloc-base.HeapAlloc > peak {
							peak = ms.HeapAlloc - base.HeapAlloc
						}
					}
				}
			}
			b.ReportMetric(float64(peak), "peak-heap-B")
		})
	}
}
