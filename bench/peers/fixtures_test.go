package peers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"sync"
	"testing"
)

// The one request every chat contender sends, and the key it sends it with.
const (
	apiKey    = "sk-peers-bench-7Kq2"
	model     = "llama-3.3-70b-versatile"
	systemMsg = "You are a concise assistant."
	userMsg   = "Explain why fast inference matters."
	// memoryBase is the base URL given to clients over the in-memory
	// transport; nothing resolves or dials it.
	memoryBase = "https://inference.invalid/v1"
)

// streamChunks is the length of the timed streams; memoryChunks is the
// long stream that shows whether memory stays flat.
const (
	streamChunks = 10_000
	memoryChunks = 100_000
)

// tokens are the pieces the streamed reply is made of, cycled, as they
// appear inside a JSON string: mostly short words as a tokenizer cuts them,
// with the escapes and non-ASCII text real replies carry (newlines, quotes,
// accents, a dash).
var tokens = []string{
	" Fast", " inference", " keeps", " a", " conversation", " natural", ":", " the", " reply",
	" arrives", " before", " the", " user", " loses", " their", " train", " of", " thought", ".",
	`\n\n`, " A", ` \"streamed\"`, " answer", " shows", " progress", " at", " once", ";",
	" latency", " below", " 300", " ms", " feels", " instant", " —", " even", " for", " café",
	" users", " on", " slow", " links", `.\n`, "-", " Throughput", " matters", " too", ",",
}

// The fixed parts of a chunk, shaped like a Groq chunk.
const (
	chunkHead = `{"id":"chatcmpl-9b3e7d21-0c4a-4e8b-b1f6-5d2a8c7e3f10","object":"chat.completion.chunk",` +
		`"created":1732230940,"model":"llama-3.3-70b-versatile","system_fingerprint":"fp_4e5a8c1d2b",` +
		`"choices":[{"index":0,"delta":`
	groqID    = `"x_groq":{"id":"req_01jdagp2h5r8w3k9n4m6b1c7d0"`
	usageJSON = `{"queue_time":0.017823451,"prompt_tokens":45,"prompt_time":0.002471395,` +
		`"completion_tokens":9998,"completion_time":6.076363636,"total_tokens":10043,"total_time":6.078835031}`
)

// streamBody returns n chat-completion chunks framed as server-sent events
// and ended by "data: [DONE]", and each event's bytes (for a server that
// flushes per event). The first chunk carries the role, the middle ones a
// token each, the last the finish reason and the usage, both inside
// "x_groq" (as Groq sends it) and at the top level (as OpenAI-compatible
// servers do, and the only place go-openai and openai-go look).
func streamBody(n int) (body []byte, events [][]byte) {
	var b bytes.Buffer
	starts := make([]int, 0, n+2)
	for i := range n {
		starts = append(starts, b.Len())
		b.WriteString("data: ")
		b.WriteString(chunkHead)
		switch i {
		case 0:
			b.WriteString(`{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}],` + groqID + "}}")
		case n - 1:
			b.WriteString(`{},"logprobs":null,"finish_reason":"stop"}],` + groqID + `,"usage":` + usageJSON + `},"usage":` + usageJSON + "}")
		default:
			fmt.Fprintf(&b, `{"content":"%s"},"logprobs":null,"finish_reason":null}]}`, tokens[i%len(tokens)])
		}
		b.WriteString("\n\n")
	}
	starts = append(starts, b.Len())
	b.WriteString("data: [DONE]\n\n")
	starts = append(starts, b.Len())
	body = b.Bytes()
	events = make([][]byte, len(starts)-1)
	for i := range events {
		events[i] = body[starts[i]:starts[i+1]]
	}
	return body, events
}

var (
	stream10k  = sync.OnceValues(func() ([]byte, [][]byte) { return streamBody(streamChunks) })
	stream100k = sync.OnceValues(func() ([]byte, [][]byte) { return streamBody(memoryChunks) })
)

// readFixture reads one of the main module's fixtures.
func readFixture(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := os.ReadFile("../../conduittest/testdata/" + name)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// submissionsBody is the filings submissions fixture with its recent-filings
// columns repeated until the body is at least size bytes.
func submissionsBody(tb testing.TB, size int) []byte {
	var doc map[string]any
	if err := json.Unmarshal(readFixture(tb, "filings/submissions.json"), &doc); err != nil {
		tb.Fatal(err)
	}
	recent := doc["filings"].(map[string]any)["recent"].(map[string]any)
	columns := make(map[string][]any, len(recent))
	for k, v := range recent {
		columns[k] = v.([]any)
	}
	build := func(rows int) []byte {
		for k, col := range columns {
			grown := make([]any, rows)
			for i := range grown {
				grown[i] = col[i%len(col)]
			}
			recent[k] = grown
		}
		b, err := json.Marshal(doc)
		if err != nil {
			tb.Fatal(err)
		}
		return b
	}
	const sample = 1024
	small, large := len(build(sample)), len(build(2*sample))
	perRow := (large - small) / sample
	for rows := (size-small)/perRow + sample; ; rows += rows/1000 + 1 {
		if b := build(rows); len(b) >= size {
			return b
		}
	}
}

// memoryTransport answers every request with the same bytes, without
// sockets, after reading the request body as a server would. sized decides
// whether the response states its length.
type memoryTransport struct {
	body        []byte
	contentType string
	sized       bool
}

func (t *memoryTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
	}
	n := int64(-1)
	if t.sized {
		n = int64(len(t.body))
	}
	return &http.Response{
		Status: "200 OK", StatusCode: http.StatusOK, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:        http.Header{"Content-Type": {t.contentType}},
		Body:          io.NopCloser(bytes.NewReader(t.body)),
		ContentLength: n,
		Request:       r,
	}, nil
}

// memoryClient is an *http.Client whose transport is in memory.
func memoryClient(body []byte, contentType string, sized bool) *http.Client {
	return &http.Client{Transport: &memoryTransport{body: body, contentType: contentType, sized: sized}}
}

// streamServer serves events over loopback, flushing after each one, as a
// server streams tokens while it generates them.
func streamServer(tb testing.TB, events [][]byte) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		f := w.(http.Flusher)
		for _, e := range events {
			w.Write(e)
			f.Flush()
		}
	}))
	tb.Cleanup(srv.Close)
	return srv
}

// jsonServer serves body, with its length, over loopback.
func jsonServer(tb testing.TB, body []byte) *httptest.Server {
	size := strconv.Itoa(len(body))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", size)
		w.Write(body)
	}))
	tb.Cleanup(srv.Close)
	return srv
}

// loopbackClient gives each contender its own pool, sized for the parallel
// benchmark so that no contender pays for reconnecting.
func loopbackClient(tb testing.TB) *http.Client {
	tr := &http.Transport{MaxIdleConns: 32, MaxIdleConnsPerHost: 32}
	tb.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}
