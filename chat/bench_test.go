package chat_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// messagesBody is a channel history of n messages: the fixture's repeated
// with distinct ids.
func messagesBody(b *testing.B, n int) []byte {
	fixture, err := os.ReadFile("../conduittest/testdata/chat/channel_messages.json")
	if err != nil {
		b.Fatal(err)
	}
	var msgs []json.RawMessage
	if err := json.Unmarshal(fixture, &msgs); err != nil {
		b.Fatal(err)
	}
	out := []byte{'['}
	for i := range n {
		if i > 0 {
			out = append(out, ',')
		}
		var m bytes.Buffer
		if err := json.Compact(&m, msgs[i%len(msgs)]); err != nil {
			b.Fatal(err)
		}
		out = append(out, bytes.Replace(m.Bytes(), []byte(`"id":"`), []byte(`"id":"`+strconv.Itoa(9000+i)), 1)...)
	}
	return append(out, ']')
}

// messagesClient serves body from a loopback server.
func messagesClient(b *testing.B, body []byte) *chat.Client {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	}))
	b.Cleanup(srv.Close)
	c, err := chat.New(conduit.WithBaseURL(srv.URL), chat.WithBotToken("bench-token"))
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkChannelMessages reads a page of history of 100 messages (the
// platform's largest) and, to show the trend, of 1,000: "whole" with
// ChannelMessages, reporting the peak heap above the live heap before the
// call with the result live; "each" with EachChannelMessage keeping
// nothing, reporting the most the reading kept live at 20 probes along the
// page (each a collection: compare the memory, not the time).
func BenchmarkChannelMessages(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{100, 1_000} {
		body := messagesBody(b, n)
		b.Run(fmt.Sprintf("whole/messages=%d", n), func(b *testing.B) {
			c := messagesClient(b, body)
			var peak uint64
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				runtime.GC()
				stop := testkit.HeapPeak()
				b.StartTimer()
				msgs, err := c.ChannelMessages(ctx, "1180000000000000101", nil)
				b.StopTimer()
				if err != nil || len(msgs) != n {
					b.Fatalf("%d messages, %v", len(msgs), err)
				}
				alloc, _ := stop()
				peak = max(peak, alloc)
				runtime.KeepAlive(msgs)
				b.StartTimer()
			}
			b.ReportMetric(float64(len(body))/1e6, "body-MB")
			b.ReportMetric(float64(peak)/1e3, "peak-heap-kB")
			b.ReportMetric(float64(peak)/float64(len(body)), "peak/body")
		})
		b.Run(fmt.Sprintf("each/messages=%d", n), func(b *testing.B) {
			c := messagesClient(b, body)
			var live testkit.LivePeak
			b.ReportAllocs()
			for b.Loop() {
				live.Reset()
				count := 0
				for _, err := range c.EachChannelMessage(ctx, "1180000000000000101", nil) {
					if err != nil {
						b.Fatal(err)
					}
					if count++; count%(n/20) == 0 {
						live.Probe()
					}
				}
				if count != n {
					b.Fatalf("read %d messages, want %d", count, n)
				}
			}
			b.ReportMetric(float64(len(body))/1e6, "body-MB")
			b.ReportMetric(float64(live.Peak)/1e3, "peak-live-kB")
			b.ReportMetric(float64(live.Peak)/float64(len(body)), "peak-live/body")
		})
	}
}
