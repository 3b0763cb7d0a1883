package faults

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/refused"
)

// fake answers every request a fault lets through, so a call that recovers
// gets a real fixture back. It lives as long as the test binary.
var fake = conduittest.Start()

// cred is the fake value of pkg's credential name.
func cred(pkg, name string) string { return conduittest.Credential(pkg, name) }

// fault is one way a server can misbehave.
type fault string

const (
	resetBeforeResponse fault = "reset before any response"
	truncatedBody       fault = "connection closed mid-body"
	fail500Then200      fault = "500 then 200"
	fail500Always       fault = "500 every time"
	retryAfterSeconds   fault = "429 Retry-After seconds"
	retryAfterDate      fault = "429 Retry-After HTTP date"
	retryAfterMs        fault = "429 Retry-After-Ms"
	retryAfterBody      fault = "429 body retry_after"
	retryAfterTooLong   fault = "429 Retry-After past the deadline"
	headersNeverCome    fault = "headers never come"
	bodyOverCap         fault = "body over the size cap"
	malformedBody       fault = "malformed body"
	redirectElsewhere   fault = "redirect to another host"
	dialRefused         fault = "connection refused (dial failure)"
	echoRequest         fault = "400 echoing the request"
	redirectOtherPort   fault = "redirect to another port"
	redirectDowngrade   fault = "redirect from https to http"
	redirect303         fault = "303 to the same URL"
	stallAfterHeaders   fault = "headers, then silence"
	trickleBody         fault = "a body slower than the idle timeout"
	hostileRetryAfter   fault = "429 Retry-After 1e300"
	hugeDeclaredError   fault = "404 declaring 2 GB, then silence"
	// The call carries credentials the caller added (callerOptions): the
	// server echoes every header and query value in the encodings servers
	// and proxies use, in the body and in response header names and values;
	// or it redirects to another port of the same host.
	echoCallerCreds      fault = "401 echoing the caller's credentials, encoded"
	callerCredsOtherPort fault = "caller's credentials redirected to another port"
)

// echoEncodings are the forms a server or proxy echoes a value in.
var echoEncodings = []func(string) string{
	func(s string) string { return s },
	url.QueryEscape,
	url.PathEscape,
	func(s string) string { return lowerEscapes.ReplaceAllStringFunc(url.QueryEscape(s), strings.ToLower) },
	func(s string) string { return url.QueryEscape(url.QueryEscape(s)) },
	func(s string) string { b, _ := json.Marshal(s); return string(b[1 : len(b)-1]) },
}

var lowerEscapes = regexp.MustCompile(`%[0-9A-F]{2}`)

// callerSecrets are credentials a caller adds to a call of any package.
var callerSecrets = []string{"caller-tok/3+x=Q", "caller-sid-91Wz", "caller-access-7Rt"}

// callerOptions adds callerSecrets under names every package leaves to the
// caller: a key-named header, a cookie and a token-named query parameter.
func callerOptions() []conduit.Option {
	return []conduit.Option{
		conduit.WithHeader("X-Caller-Token", callerSecrets[0]),
		conduit.WithHeader("Cookie", "sid="+callerSecrets[1]),
		conduit.WithQuery("access_token", callerSecrets[2]),
	}
}

// noFault lets every request through to replay; the server only counts.
const noFault fault = ""

var allFaults = []fault{resetBeforeResponse, truncatedBody, fail500Then200, fail500Always, retryAfterSeconds,
	retryAfterDate, retryAfterMs, retryAfterBody, retryAfterTooLong, headersNeverCome, bodyOverCap,
	malformedBody, redirectElsewhere, dialRefused, echoRequest, redirectOtherPort, redirectDowngrade, redirect303,
	stallAfterHeaders, trickleBody, hostileRetryAfter, hugeDeclaredError, echoCallerCreds, callerCredsOtherPort}

// faultServer injects one fault in front of the replay routes. Requests the
// fault lets through are answered by replay, so a call that recovers gets a
// real fixture back.
type faultServer struct {
	*httptest.Server
	mode     fault
	replay   http.Handler // the fake every request the fault lets through reaches
	hits     atomic.Int32
	mu       sync.Mutex
	referers []string
	bodies   [][]byte
	release  chan struct{}
	target   string // where redirectElsewhere points
}

func newFaultServer(t testing.TB, mode fault) *faultServer {
	f := &faultServer{mode: mode, replay: fake, release: make(chan struct{})}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(func() {
		close(f.release)
		f.Close()
	})
	return f
}

// refusedURL is a local address nothing listens on, so a dial there fails
// and no byte of a request leaves the client. It is on 127.0.0.2 where the
// system has it (Linux routes all of 127/8 to loopback): no test server
// listens there, so the freed port cannot be taken by a concurrent case
// before the dial, as it can on 127.0.0.1.
func refusedURL(t testing.TB) string {
	addr, release, err := refused.Port()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(release)
	return "http://" + addr
}

// startTLS makes the server speak https and returns a client that trusts
// its certificate.
func (f *faultServer) startTLS(t testing.TB) *http.Client {
	f.Server.Close()
	f.Server = httptest.NewTLSServer(http.HandlerFunc(f.serve))
	return f.Server.Client()
}

// localhostURL is the server's URL under another host name, so that a
// redirect to it crosses hosts.
func (f *faultServer) localhostURL() string {
	return strings.Replace(f.URL, "127.0.0.1", "localhost", 1)
}

func (f *faultServer) serve(w http.ResponseWriter, r *http.Request) {
	n := f.hits.Add(1)
	var body bytes.Buffer
	body.ReadFrom(r.Body)
	f.mu.Lock()
	f.referers = append(f.referers, r.Header.Get("Referer"))
	f.bodies = append(f.bodies, body.Bytes())
	f.mu.Unlock()
	r.Body = nopBody{bytes.NewReader(body.Bytes())}

	switch f.mode {
	case resetBeforeResponse: // after reading the whole request
		reset(w)
		return
	case truncatedBody:
		rec := httptest.NewRecorder()
		f.replay.ServeHTTP(rec, r)
		full := rec.Body.Bytes()
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		if rec.Header().Get("Content-Type") == "text/event-stream" {
			// A stream cut before its end: drop the last event.
			if i := bytes.LastIndex(bytes.TrimRight(full, "\n"), []byte("\n\n")); i > 0 {
				full = full[:i+2]
			}
			w.WriteHeader(rec.Code)
			w.Write(full)
			w.(http.Flusher).Flush()
			reset(w)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(full)+10))
		w.WriteHeader(rec.Code)
		w.Write(full[:len(full)/2])
		w.(http.Flusher).Flush()
		reset(w)
		return
	case fail500Then200:
		if n == 1 {
			http.Error(w, `{"error":{"message":"internal"}}`, 500)
			return
		}
	case fail500Always:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(500)
		w.Write([]byte(`{"error":{"message":"still broken","code":"internal"}}`))
		return
	case retryAfterSeconds, retryAfterDate, retryAfterMs, retryAfterBody:
		if n == 1 {
			switch f.mode {
			case retryAfterSeconds:
				w.Header().Set("Retry-After", "1")
			case retryAfterDate:
				w.Header().Set("Retry-After", time.Now().Add(1500*time.Millisecond).UTC().Format(http.TimeFormat))
			case retryAfterMs:
				w.Header().Set("Retry-After-Ms", "20")
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(429)
			if f.mode == retryAfterBody {
				w.Write([]byte(`{"message":"You are being rate limited.","retry_after":0.02,"global":false}`))
			}
			return
		}
	case retryAfterTooLong:
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(429)
		return
	case headersNeverCome:
		select {
		case <-r.Context().Done():
		case <-f.release:
		}
		return
	case bodyOverCap:
		rec := httptest.NewRecorder()
		f.replay.ServeHTTP(rec, r)
		ct := rec.Header().Get("Content-Type")
		w.Header().Set("Content-Type", ct)
		if ct == "text/event-stream" {
			fmt.Fprintf(w, "data: {\"pad\":\"%s\"}\n\n", strings.Repeat("x", 2<<20))
			return
		}
		fmt.Fprintf(w, `{"pad":"%s"}`, strings.Repeat("x", 256<<10))
		return
	case malformedBody:
		rec := httptest.NewRecorder()
		f.replay.ServeHTTP(rec, r)
		ct := rec.Header().Get("Content-Type")
		w.Header().Set("Content-Type", ct)
		if ct == "text/event-stream" {
			w.Write([]byte("data: {\"id\":\"x\",\"choices\":[{\n\n"))
			return
		}
		switch {
		case strings.HasPrefix(ct, "text/plain"):
			// A line of text (a hash, a height) garbled as a proxy's page.
			w.Write([]byte("<html><body>502 Bad Gateway</body></html>"))
			return
		case !strings.Contains(ct, "json"):
			w.Write(rec.Body.Bytes()) // not JSON in the first place
			return
		}
		w.Write([]byte(`{"data":[{"id":1,,}`))
		return
	case echoRequest:
		// As a debugging proxy or a careless service does: the whole
		// request, credentials and all, back in the error body, headers in
		// its message too.
		echo, _ := json.Marshal(map[string]any{"error": map[string]any{
			"code": "bad_request", "message": fmt.Sprintf("cannot process %s %s with headers %v", r.Method, r.URL, r.Header),
			"request": map[string]any{"url": r.URL.String(), "headers": r.Header, "body": body.String()},
		}})
		if r.Header.Get("Accept") == "text/event-stream" {
			// A streaming service reports it inside the stream, after 200.
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprintf(w, "data: %s\n\n", echo)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		w.Write(echo)
		return
	case echoCallerCreds:
		var vals []string
		for _, vs := range r.Header {
			vals = append(vals, vs...)
		}
		for _, vs := range r.URL.Query() {
			vals = append(vals, vs...)
		}
		var echoed []string
		for i, v := range vals {
			for _, enc := range echoEncodings {
				echoed = append(echoed, enc(v))
			}
			w.Header().Set(fmt.Sprintf("X-Echo-%d-%s", i, url.PathEscape(v)), "1")
		}
		msg, _ := json.Marshal(map[string]any{"error": map[string]any{"code": "unauthorized", "message": "rejected " + strings.Join(echoed, " ")}})
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		w.Write(msg)
		return
	case redirectElsewhere, redirectOtherPort, redirectDowngrade, callerCredsOtherPort:
		if f.target != "" {
			http.Redirect(w, r, f.target+r.URL.RequestURI(), http.StatusTemporaryRedirect)
			return
		}
	case redirect303:
		if n == 1 {
			http.Redirect(w, r, r.URL.RequestURI(), http.StatusSeeOther)
			return
		}
	case stallAfterHeaders, trickleBody:
		rec := httptest.NewRecorder()
		f.replay.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.(http.Flusher).Flush()
		if f.mode == trickleBody {
			// The first bytes come, then one byte at a time, each later
			// than the client's idle timeout. A body of 8 bytes or fewer
			// (a block height) keeps its last byte back, so that
			// something trickles.
			b := rec.Body.Bytes()
			first := max(0, min(len(b)-1, 8))
			w.Write(b[:first])
			w.(http.Flusher).Flush()
			for i := first; i < len(b); i++ {
				select {
				case <-time.After(3 * idleTimeout):
				case <-r.Context().Done():
					return
				case <-f.release:
					return
				}
				w.Write(b[i : i+1])
				w.(http.Flusher).Flush()
			}
			return
		}
		select {
		case <-r.Context().Done():
		case <-f.release:
		}
		return
	case hostileRetryAfter:
		w.Header().Set("Retry-After", "1e300")
		w.Header().Set("Retry-After-Ms", "NaN")
		w.WriteHeader(http.StatusTooManyRequests)
		return
	case hugeDeclaredError:
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(2<<30))
		w.WriteHeader(http.StatusNotFound)
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-f.release:
		}
		return
	}
	f.replay.ServeHTTP(w, r)
}

type nopBody struct{ *bytes.Reader }

func (nopBody) Close() error { return nil }

// reset aborts the connection with an RST, as a crashed peer would.
func reset(w http.ResponseWriter) {
	conn, _, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.SetLinger(0)
	}
	conn.Close()
}

// sameKey checks that every request the server saw carries one value of
// the JSON body member key: repeats the service folds into one.
func (f *faultServer) sameKey(t *testing.T, key string) {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	seen := map[string]bool{}
	for _, b := range f.bodies {
		var m map[string]json.RawMessage
		if json.Unmarshal(b, &m) == nil {
			seen[string(m[key])] = true
		}
	}
	if len(seen) > 1 {
		t.Errorf("the attempts carried %d different %s values: the service would keep several copies", len(seen), key)
	}
}
