package faults

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/transport"
)

const maxRetries = 2

// idleTimeout is how long the clients wait for a byte of a body.
const idleTimeout = 300 * time.Millisecond

// patientIdle is the idle timeout of the rows whose fault is not a silent
// body.
const patientIdle = 10 * time.Second

// clientOptions points a package at a fault server, with fast retries, a
// small response cap, no rate limit and a debug logger whose output the
// secrets check reads.
func clientOptions(o op, root string, logs *bytes.Buffer) []conduit.Option {
	opts := fake.OptionsAt(o.pkg, root)
	return append(opts,
		conduit.WithMaxRetries(maxRetries),
		conduit.WithRetryBackoff(time.Millisecond, 5*time.Millisecond),
		conduit.WithMaxRetryWait(5*time.Second),
		conduit.WithMaxResponseBytes(128<<10),
		conduit.WithRateLimit(0, 0),
		conduit.WithIdleTimeout(idleTimeout),
		conduit.WithLogger(slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))),
	)
}

// TestFaultMatrix runs every operation against every fault and checks the
// outcome: the right result or a clear *Error, never a panic or a hang, no
// write sent twice, and no credential in any error or log line.
//
// Most cases spend their time waiting (a Retry-After of a second, a
// deadline), not computing, so they run matrixWidth at a time whatever
// -parallel says: t.Run may be called from several goroutines at once, and
// subtests that do not call t.Parallel are not held to -parallel.
func TestFaultMatrix(t *testing.T) {
	sem := make(chan struct{}, matrixWidth)
	var wg sync.WaitGroup
	for _, o := range ops {
		for _, f := range allFaults {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				t.Run(o.pkg+"."+o.name+"/"+string(f), func(t *testing.T) { runFault(t, o, f) })
			}()
		}
	}
	wg.Wait()
}

// matrixWidth is how many fault cases run at once.
const matrixWidth = 48

func runFault(t *testing.T, o op, f fault) {
	srv := newFaultServer(t, f)
	var second *faultServer
	var tlsClient *http.Client
	switch f {
	case redirectElsewhere, redirectOtherPort, redirectDowngrade, callerCredsOtherPort:
		second = newFaultServer(t, fail500Then200)
		second.hits.Store(1) // let everything through to the fake
		srv.target = second.localhostURL()
		if f != redirectElsewhere {
			srv.target = second.URL // the same host, another port
		}
		if f == redirectDowngrade {
			// The first server speaks https; the redirect goes to plain http.
			tlsClient = srv.startTLS(t)
		}
	}
	timeout := 20 * time.Second
	switch f {
	case headersNeverCome:
		timeout = 200 * time.Millisecond
	case retryAfterTooLong:
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	root := srv.URL
	if f == dialRefused {
		root = refusedURL(t)
	}
	var logs bytes.Buffer
	opts := clientOptions(o, root, &logs)
	if f != stallAfterHeaders && f != trickleBody && f != hugeDeclaredError {
		// Only these faults test the idle timeout. Every other row waits
		// longer for a byte, so that a handler the race detector and 48
		// rows at once keep off a busy machine's cores is not read as a
		// stalled body.
		opts = append(opts, conduit.WithIdleTimeout(patientIdle))
	}
	if tlsClient != nil {
		opts = append(opts, conduit.WithHTTPClient(tlsClient))
	}
	if f == echoCallerCreds || f == callerCredsOtherPort {
		// Given to New, the rows' options apply to every call of the
		// client; Response's redaction is tested in internal/transport.
		opts = append(opts, callerOptions()...)
	}
	start := time.Now()
	err := o.call(ctx, opts)
	took := time.Since(start)
	hits := int(srv.hits.Load())
	defer func() {
		if t.Failed() {
			t.Logf("err: %v; hits: %d", err, hits)
		}
	}()
	checkSecrets(t, o, err, &logs)
	checkCallerSecrets(t, err, &logs)
	if o.dedupeKey != "" {
		srv.sameKey(t, o.dedupeKey)
	}

	attempts := maxRetries + 1
	if o.write {
		attempts = 1
	}
	var e *conduit.Error
	switch f {
	case resetBeforeResponse:
		wantErr(t, err)
		if hits != attempts {
			t.Errorf("server saw %d requests, want %d", hits, attempts)
		}
	case truncatedBody:
		switch o.kind {
		case none:
			// The 2xx status is the whole answer: the write was accepted,
			// and failing it would invite the caller to send it again.
			wantOK(t, err)
		case binary:
			// The body is the caller's io.ReadCloser: the cut shows as the
			// read error of that stream (net/http's), after the call itself
			// succeeded, so it need not be an *Error.
			if err == nil {
				t.Errorf("want an error reading the cut body, got success")
			}
		default:
			wantErr(t, err)
		}
	case fail500Then200:
		if o.write {
			wantStatus(t, err, 500)
			wantHits(t, hits, 1)
		} else {
			wantOK(t, err)
			// An iterator makes one request per page; the retry adds one.
			wantHits(t, hits, cleanRequests(t, o)+1)
		}
	case fail500Always:
		wantStatus(t, err, 500)
		wantHits(t, hits, attempts)
		if errors.As(err, &e) && e.Attempts != attempts {
			t.Errorf("Attempts = %d, want %d", e.Attempts, attempts)
		}
	case retryAfterSeconds, retryAfterDate, retryAfterMs, retryAfterBody:
		wantOK(t, err)
		wantHits(t, hits, cleanRequests(t, o)+1)
	case retryAfterTooLong:
		wantStatus(t, err, 429)
		wantHits(t, hits, 1)
		if !errors.Is(err, conduit.ErrRateLimited) {
			t.Errorf("want ErrRateLimited, got %v", err)
		}
		if errors.As(err, &e) && e.RetryAfter != time.Hour {
			t.Errorf("RetryAfter = %v, want 1h", e.RetryAfter)
		}
		if ctx.Err() != nil {
			t.Errorf("waited into the deadline instead of returning at once")
		}
	case headersNeverCome:
		wantErr(t, err)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("want context.DeadlineExceeded, got %v", err)
		}
	case bodyOverCap:
		if o.kind == binary || o.kind == none {
			// binary: the caller reads the body; nothing is buffered.
			// none: nothing is decoded; the status is the answer.
			wantOK(t, err)
			break
		}
		wantErr(t, err)
	case malformedBody:
		if o.kind == binary || o.kind == none {
			wantOK(t, err)
			break
		}
		wantErr(t, err)
		if !errors.Is(err, conduit.ErrMalformedResponse) {
			t.Errorf("want ErrMalformedResponse, got %v", err)
		}
	case echoRequest:
		if o.kind == stream {
			wantErr(t, err)
			if !errors.Is(err, conduit.ErrAPI) {
				t.Errorf("want ErrAPI for an error event, got %v", err)
			}
		} else {
			wantStatus(t, err, 400)
		}
		wantHits(t, hits, 1)
		if errors.As(err, &e) && len(e.Body) == 0 {
			t.Errorf("the echoed body is not in Error.Body")
		}
	case dialRefused:
		// Nothing was sent, so even a write is tried again.
		wantErr(t, err)
		if errors.As(err, &e) && e.Attempts != maxRetries+1 {
			t.Errorf("Attempts = %d, want %d", e.Attempts, maxRetries+1)
		}
	case redirectOtherPort:
		// Another port is another origin: credentials and writes stay.
		if handsOff(o) {
			keyless(t, o, second)
			break
		}
		if o.secret() || o.write {
			if !errors.Is(err, conduit.ErrRedirectRefused) {
				t.Errorf("want ErrRedirectRefused, got %v", err)
			}
			if n := second.hits.Load() - 1; n != 0 {
				t.Errorf("the other port saw %d requests", n)
			}
			break
		}
		wantOK(t, err)
	case echoCallerCreds:
		wantErr(t, err)
	case callerCredsOtherPort:
		// The caller's credentials make every call credentialed.
		if !errors.Is(err, conduit.ErrRedirectRefused) {
			t.Errorf("want ErrRedirectRefused, got %v", err)
		}
		if n := second.hits.Load() - 1; n != 0 {
			t.Errorf("the other port saw %d requests", n)
		}
	case redirectDowngrade:
		// From https to http is refused for every request.
		if !errors.Is(err, conduit.ErrRedirectRefused) {
			t.Errorf("want ErrRedirectRefused, got %v", err)
		}
		if n := second.hits.Load() - 1; n != 0 {
			t.Errorf("the plain-http server saw %d requests", n)
		}
	case redirect303:
		switch {
		case o.write:
			// A write is never turned into a bodiless GET that "succeeds".
			if !errors.Is(err, conduit.ErrRedirectRefused) {
				t.Errorf("want ErrRedirectRefused, got %v", err)
			}
			wantHits(t, hits, 1)
		case httpMethod(o) == "GET":
			wantOK(t, err)
		default:
			// A POST that only reads, turned into a GET, reaches no
			// operation: an error, never a silent success.
			wantErr(t, err)
		}
	case stallAfterHeaders, trickleBody:
		if o.kind == none {
			wantOK(t, err) // the 2xx status is the whole answer
		} else if !errors.Is(err, conduit.ErrStalled) {
			t.Errorf("want ErrStalled, got %v", err)
		}
		if took > 10*idleTimeout {
			t.Errorf("took %v to give up on a silent body", took)
		}
	case hostileRetryAfter:
		wantStatus(t, err, 429)
		wantHits(t, hits, 1)
		if errors.As(err, &e) && e.RetryAfter <= 5*time.Second {
			t.Errorf("RetryAfter = %v, want longer than the cap", e.RetryAfter)
		}
	case hugeDeclaredError:
		wantStatus(t, err, 404)
		if !errors.Is(err, conduit.ErrNotFound) {
			t.Errorf("want ErrNotFound, got %v", err)
		}
		if took > 10*idleTimeout {
			t.Errorf("took %v to give up on a silent error body", took)
		}
	case redirectElsewhere:
		if handsOff(o) {
			keyless(t, o, second)
			break
		}
		if o.secret() || o.write {
			if !errors.Is(err, conduit.ErrRedirectRefused) {
				t.Errorf("credentialed call: want ErrRedirectRefused, got %v", err)
			}
			if n := second.hits.Load() - 1; n != 0 {
				t.Errorf("the other host saw %d requests carrying credentials", n)
			}
			break
		}
		wantOK(t, err)
		if second.hits.Load() < 2 {
			t.Errorf("the redirect was not followed")
		}
		for _, ref := range second.referers {
			if ref != "" {
				t.Errorf("Referer sent across hosts: %q", ref)
			}
		}
	}
}

func wantOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Errorf("want success, got %v", err)
	}
}

func wantErr(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		t.Errorf("want an error, got success")
		return
	}
	var e *conduit.Error
	if !errors.As(err, &e) {
		t.Errorf("want *conduit.Error, got %T: %v", err, err)
	}
}

func wantStatus(t *testing.T, err error, status int) {
	t.Helper()
	var e *conduit.Error
	if !errors.As(err, &e) || e.StatusCode != status {
		t.Errorf("want an *Error with status %d, got %v", status, err)
	}
}

func wantHits(t *testing.T, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("server saw %d requests, want %d", got, want)
	}
}

// checkSecrets: no credential of the package in the error's text in any
// verb, in its body, or in the debug log.
func checkSecrets(t *testing.T, o op, err error, logs *bytes.Buffer) {
	t.Helper()
	for _, secret := range secretForms(o.pkg) {
		if strings.Contains(o.cred, "User-Agent") {
			continue // the filings contact is not a secret
		}
		if notSecret[secret] {
			continue
		}
		if err != nil {
			for _, verb := range []string{"%v", "%+v", "%#v"} {
				if strings.Contains(fmt.Sprintf(verb, err), secret) {
					t.Errorf("credential printed by %s of the error", verb)
				}
			}
			var e *conduit.Error
			if errors.As(err, &e) && bytes.Contains(e.Body, []byte(secret)) {
				t.Errorf("credential in Error.Body")
			}
		}
		if strings.Contains(logs.String(), secret) {
			t.Errorf("credential in the debug log")
		}
	}
}

// checkCallerSecrets: no credential the caller added, in any encoding the
// fault server echoes it in, reaches the error or the log.
func checkCallerSecrets(t *testing.T, err error, logs *bytes.Buffer) {
	t.Helper()
	var texts []string
	if err != nil {
		texts = append(texts, fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err))
		var e *conduit.Error
		if errors.As(err, &e) {
			texts = append(texts, string(e.Body))
		}
	}
	texts = append(texts, logs.String())
	for _, s := range callerSecrets {
		for _, enc := range echoEncodings {
			form := enc(s)
			for _, text := range texts {
				if strings.Contains(text, form) || strings.Contains(strings.ToLower(text), strings.ToLower(url.PathEscape(s))) {
					t.Errorf("the caller's credential %q shows as %q", s, form)
					return
				}
			}
		}
	}
}

// cleanRequests is how many requests a clean run of o makes: one for most
// operations, one per page for an iterator. Measured once per row against
// a fault-free server.
func cleanRequests(t testing.TB, o op) int {
	key := o.pkg + "." + o.name
	if n, ok := cleanCounts.Load(key); ok {
		return n.(int)
	}
	srv := newFaultServer(t, noFault)
	var logs bytes.Buffer
	if err := o.call(context.Background(), clientOptions(o, srv.URL, &logs)); err != nil {
		t.Fatalf("%s: a clean call failed: %v", key, err)
	}
	n := int(srv.hits.Load())
	cleanCounts.Store(key, n)
	return n
}

var cleanCounts sync.Map // "pkg.name" -> int

// secretForms is every credential value of pkg, plus the Basic header
// form where a package sends one (no raw value shows inside it).
func secretForms(pkg string) []string {
	var forms []string
	for _, v := range conduittest.Credentials(pkg) {
		forms = append(forms, v)
	}
	if pkg == "media" {
		pair := cred("media", "api_key") + ":" + cred("media", "api_secret")
		forms = append(forms, base64.StdEncoding.EncodeToString([]byte(pair)))
	}
	return forms
}

// notSecret holds the replay "credentials" that are addresses rather than
// secrets, which replay lists only so that it can check where they are
// sent: the media cloud name is a setting that starts every media path (the
// package does not mark it Secret), and a chat webhook's id is printed by
// Webhook.String by design; its token is the secret, and is checked.
var notSecret = map[string]bool{
	cred("media", "cloud_name"): true,
	cred("chat", "webhook_id"):  true,
}

// TestErrorAfterResponse: when a 2xx answer came back but its body could
// not be used (cut, malformed, over the cap), Error.Attempts, "attempts
// made, retries included", is still at least one. (StatusCode is 0 there:
// internal/testkit makes that the convention, "0 when the body never
// decoded", though the field's own comment says "0 when no response came
// back".) One subtest per fault, listing every operation that gets it
// wrong.
func TestErrorAfterResponse(t *testing.T) {
	for _, f := range []fault{truncatedBody, malformedBody, bodyOverCap} {
		t.Run(string(f), func(t *testing.T) {
			var wrong []string
			for _, o := range ops {
				if o.kind != record {
					continue
				}
				srv := newFaultServer(t, f)
				var logs bytes.Buffer
				err := o.call(context.Background(), clientOptions(o, srv.URL, &logs))
				var e *conduit.Error
				if !errors.As(err, &e) {
					t.Errorf("%s.%s: want an *Error, got %v", o.pkg, o.name, err)
					continue
				}
				if e.Attempts < 1 {
					wrong = append(wrong, o.pkg+"."+o.name)
				}
			}
			if len(wrong) > 0 {
				t.Errorf("Attempts = 0 after a request that was answered, in %d of the operations: %s", len(wrong), strings.Join(wrong, ", "))
			}
		})
	}
}

// httpMethod is the HTTP method of a row's operation; an iterator's is
// that of the listing it pages through.
func httpMethod(o op) string {
	svc := transport.Lookup(o.pkg)
	for _, name := range []string{o.name, strings.TrimPrefix(o.name, "All"), "List" + strings.TrimPrefix(o.name, "All")} {
		if d := svc.Op(name); d != nil {
			return d.Method
		}
	}
	return "GET"
}

// handsOff reports whether o is a credentialed read declared to follow its
// service's redirect to a content host (transport.Op.HandsOff).
func handsOff(o op) bool {
	return o.secret() && !o.write && transport.Lookup(o.pkg).Op(o.name).HandsOff
}

// keyless checks that a hand-off reached the other origin without a
// credential header: the fake there asks for one, so the call's own result
// is the fake's to decide.
func keyless(t *testing.T, o op, second *faultServer) {
	t.Helper()
	second.mu.Lock()
	seen := second.headers
	second.mu.Unlock()
	if len(seen) == 0 {
		t.Errorf("the hand-off was not followed")
	}
	for _, h := range seen {
		for k := range h {
			if strings.Contains(o.cred, k) || k == "Authorization" {
				t.Errorf("the other origin received the credential header %s", k)
			}
		}
	}
}
