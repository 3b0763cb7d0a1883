package peers

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// sent is what a contender put on the wire, in the parts every contender
// must agree on: the header sets differ (each library names itself), and
// the test logs them.
type sent struct {
	Method, Path string
	Query        url.Values
	Auth         string
	// Body is the body's JSON, decoded; nil without a body. A "stream"
	// member that is false is dropped: it says what its absence says, and
	// go-openai always sends it.
	Body any
}

// recorder notes each request before passing it on unchanged.
type recorder struct {
	next   http.RoundTripper
	mu     sync.Mutex
	got    []sent
	header http.Header
}

func (rec *recorder) RoundTrip(r *http.Request) (*http.Response, error) {
	s := sent{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Auth: r.Header.Get("Authorization")}
	if r.Body != nil {
		b, err := io.ReadAll(r.Body)
		r.Body.Close()
		if err != nil {
			return nil, err
		}
		if len(b) > 0 {
			if err := json.Unmarshal(b, &s.Body); err != nil {
				s.Body = "not JSON: " + string(b)
			}
			if m, ok := s.Body.(map[string]any); ok && m["stream"] == false {
				delete(m, "stream")
			}
		}
		r = r.Clone(r.Context())
		r.Body = io.NopCloser(bytes.NewReader(b))
	}
	rec.mu.Lock()
	rec.got, rec.header = append(rec.got, s), r.Header.Clone()
	rec.mu.Unlock()
	return rec.next.RoundTrip(r)
}

// runOnce runs c once through next and returns its result and the one
// request it sent.
func runOnce[R any](t *testing.T, c contender[R], next http.RoundTripper, base string) (R, sent) {
	t.Helper()
	rec := &recorder{next: next}
	f, err := c.build(&http.Client{Transport: rec}, base)
	if err != nil {
		t.Fatalf("%s: building: %v", c.name, err)
	}
	got, err := f(context.Background())
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	if len(rec.got) != 1 {
		t.Fatalf("%s sent %d requests, want 1: %+v", c.name, len(rec.got), rec.got)
	}
	keys := make([]string, 0, len(rec.header))
	for k := range rec.header {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Logf("%s sends the headers %s", c.name, strings.Join(keys, ", "))
	return got, rec.got[0]
}

func jsonValue(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func chatRequest(t *testing.T, stream bool) sent {
	body := `{"model":"` + model + `","messages":[{"role":"system","content":"` + systemMsg +
		`"},{"role":"user","content":"` + userMsg + `"}]`
	if stream {
		body += `,"stream":true`
	}
	return sent{Method: "POST", Path: "/v1/chat/completions", Query: url.Values{}, Auth: "Bearer " + apiKey,
		Body: jsonValue(t, body+"}")}
}

// wantStream is the result of decoding streamBody(n), computed from what
// built it rather than by any contender.
func wantStream(t *testing.T, n int) chatResult {
	var r chatResult
	r.add("", "")
	for i := 1; i < n-1; i++ {
		var tok string
		if err := json.Unmarshal([]byte(`"`+tokens[i%len(tokens)]+`"`), &tok); err != nil {
			t.Fatal(err)
		}
		r.add(tok, "")
	}
	r.add("", "stop")
	r.Usage = [3]int64{45, 9998, 10043}
	return r
}

func checkSent(t *testing.T, name string, got, want sent) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s sent\n\t%+v\nwant\n\t%+v", name, got, want)
	}
}

// TestIdenticalWork runs every contender once on the same bytes and fails
// unless each sends the same request and decodes the same result, so that
// the benchmarks compare equal work. The one allowed difference: the
// minimal floor decodes no usage, by its definition.
func TestIdenticalWork(t *testing.T) {
	body, events := stream10k()
	want := wantStream(t, streamChunks)
	srv := streamServer(t, events)
	for _, path := range []struct {
		name string
		next http.RoundTripper
		base string
	}{
		{"stream-memory", &memoryTransport{body: body, contentType: "text/event-stream"}, memoryBase},
		{"stream-loopback", http.DefaultTransport, srv.URL + "/v1"},
	} {
		t.Run(path.name, func(t *testing.T) {
			for _, c := range streamers {
				got, req := runOnce(t, c, path.next, path.base)
				checkSent(t, c.name, req, chatRequest(t, true))
				w := want
				if c.name == "floor-minimal" {
					w.Usage = [3]int64{}
				}
				if got != w {
					t.Errorf("%s decoded\n\t%+v\nwant\n\t%+v", c.name, got, w)
				}
			}
		})
	}

	completion := readFixture(t, "inference/create_chat_completion.json")
	t.Run("completion", func(t *testing.T) {
		var want chatResult
		want.add("Fast inference keeps conversations natural: replies arrive before the user loses their train of thought.", "stop")
		want.Usage = [3]int64{45, 21, 66}
		for _, c := range completers {
			got, req := runOnce(t, c, &memoryTransport{body: completion, contentType: "application/json", sized: true}, memoryBase)
			checkSent(t, c.name, req, chatRequest(t, false))
			if got != want {
				t.Errorf("%s decoded\n\t%+v\nwant\n\t%+v", c.name, got, want)
			}
		}
	})

	t.Run("sunrise", func(t *testing.T) {
		sun := readFixture(t, "sunrise/get.json")
		wantReq := sent{Method: "GET", Path: "/json", Query: url.Values{
			"lat": {"51.4779"}, "lng": {"-0.0015"}, "date": {sunDate}, "formatted": {"0"}}}
		var results []sunResult
		for _, c := range sunrisers {
			got, req := runOnce(t, c, &memoryTransport{body: sun, contentType: "application/json", sized: true}, "http://sun.invalid")
			checkSent(t, c.name, req, wantReq)
			results = append(results, got)
		}
		first := results[0]
		if first.Status != "OK" || first.DayLength != 59889 || first.Times[0] != time.Date(2024, 6, 21, 3, 43, 32, 0, time.UTC).Unix() {
			t.Errorf("%s decoded %+v, not the fixture", sunrisers[0].name, first)
		}
		for i, r := range results[1:] {
			if r != first {
				t.Errorf("%s decoded\n\t%+v\n%s decoded\n\t%+v", sunrisers[i+1].name, r, sunrisers[0].name, first)
			}
		}
	})

	t.Run("submissions", func(t *testing.T) {
		big := submissionsBody(t, 1<<20)
		f, err := submissions(memoryClient(big, "application/json", false), "http://filings.invalid")
		if err != nil {
			t.Fatal(err)
		}
		s, err := f(context.Background())
		if err != nil || s.name != "Apple Inc." || s.kept != len(big) {
			t.Fatalf("Submissions: %q, kept %d of %d bytes, %v", s.name, s.kept, len(big), err)
		}
	})
}
