package testkit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/sunrise"
)

// fakeT records failures instead of failing the real test; Fatal stops the
// helper as it would a test.
type fakeT struct {
	testing.TB
	failed []string
}

type stop struct{}

func (f *fakeT) Helper()                   {}
func (f *fakeT) Errorf(s string, a ...any) { f.failed = append(f.failed, fmt.Sprintf(s, a...)) }
func (f *fakeT) Error(a ...any)            { f.Errorf("%s", fmt.Sprint(a...)) }
func (f *fakeT) Fatalf(s string, a ...any) { f.Errorf(s, a...); panic(stop{}) }
func (f *fakeT) Fatal(a ...any)            { f.Errorf("%s", fmt.Sprint(a...)); panic(stop{}) }
func (f *fakeT) Fail()                     { f.Errorf("Fail") }
func (f *fakeT) FailNow()                  { f.Fatal("FailNow") }
func (f *fakeT) Failed() bool              { return len(f.failed) > 0 }

// fails runs check against a fakeT and reports whether it failed.
func fails(t *testing.T, check func(tb testing.TB)) bool {
	t.Helper()
	f := &fakeT{TB: t}
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(stop); !ok {
					panic(r)
				}
			}
		}()
		check(f)
	}()
	return len(f.failed) > 0
}

var demo = &transport.Service{Name: "demo", Bases: []transport.Base{{Name: "demo_url", Option: "conduit.WithBaseURL"}},
	Auth:   transport.Auth{Scheme: transport.Bearer, Values: []string{"api_key"}},
	Values: []transport.Value{{Name: "api_key", Option: "demo.WithAPIKey", Secret: true}}}

// svcOp names errors built by hand in the checks' own tests.
var svcOp = &transport.Op{Service: &transport.Service{Name: "svc"}, Name: "Op"}

var demoGet = transport.Declare[struct{ A int }](demo, transport.Op{Name: "Get", Method: "GET", Path: "/x"}, nil)

func newDemo(o ...conduit.Option) (*transport.Client, error) { return transport.New(demo, o...) }

func get(c *transport.Client) error {
	_, err := demoGet.Do(context.Background(), c, transport.Call{}, nil)
	return err
}

func send(t *testing.T, method, url, body string, header ...string) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

func TestScriptRepeatsLastReply(t *testing.T) {
	s := Start(t, Reply{Status: 429, Header: []string{"Retry-After", "1"}, Body: `{"retry_after":1}`}, Reply{Status: 201, ContentType: "text/plain", Body: "ok"})
	var got []string
	for range 3 {
		status, body, h := send(t, "POST", s.URL+"/a%2Fb/c?x=1", `{"k":"v"}`, "X-Key", "sekrit")
		got = append(got, fmt.Sprint(status, " ", h.Get("Content-Type"), " ", h.Get("Retry-After"), " ", body))
	}
	want := []string{`429 application/json 1 {"retry_after":1}`, "201 text/plain  ok", "201 text/plain  ok"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("answers %q, want %q", got, want)
	}
	if s.Hits() != 3 || len(s.Requests()) != 3 {
		t.Errorf("hits = %d, %d requests kept", s.Hits(), len(s.Requests()))
	}
	last := s.Last(t)
	if last.Method != "POST" || last.URI != "/a%2Fb/c?x=1" || last.Path != "/a%2Fb/c" || last.Query != "x=1" || string(last.Body) != `{"k":"v"}` || last.ContentLength != 9 {
		t.Errorf("last = %+v", last)
	}
	if at := last.Holds("sekrit"); !reflect.DeepEqual(at, []string{"header X-Key"}) {
		t.Errorf("Holds = %v", at)
	}
	if at := last.Holds("a/b"); !reflect.DeepEqual(at, []string{"path"}) {
		t.Errorf("Holds(unescaped path) = %v", at)
	}
	if at := last.Holds("x=1"); !reflect.DeepEqual(at, []string{"query"}) {
		t.Errorf("Holds(query) = %v", at)
	}
	if at := last.Holds(`"k"`); !reflect.DeepEqual(at, []string{"body"}) {
		t.Errorf("Holds(body) = %v", at)
	}
	if at := last.Holds("absent"); at != nil {
		t.Errorf("Holds(absent) = %v", at)
	}
	if m := last.JSON(t); !reflect.DeepEqual(m, map[string]any{"k": "v"}) {
		t.Errorf("JSON = %v", m)
	}
	if (Request{}).JSON(t) != nil {
		t.Error("an empty body decoded to an object")
	}
	if !fails(t, func(tb testing.TB) { Request{Body: []byte(`[1]`)}.JSON(tb) }) {
		t.Error("a body that is no JSON object passed")
	}
}

func TestKeepsTheLatestRequests(t *testing.T) {
	s := Start(t)
	for i := range Kept + 2 {
		send(t, "GET", fmt.Sprintf("%s/%d", s.URL, i), "")
	}
	reqs := s.Requests()
	if s.Hits() != Kept+2 || len(reqs) != Kept || reqs[0].Path != "/2" || reqs[Kept-1].Path != fmt.Sprintf("/%d", Kept+1) {
		t.Errorf("%d hits, kept %d from %s to %s", s.Hits(), len(reqs), reqs[0].Path, reqs[len(reqs)-1].Path)
	}
}

func TestZeroReply(t *testing.T) {
	s := Start(t)
	status, body, h := send(t, "GET", s.URL, "")
	if status != 200 || body != "" || h.Get("Content-Type") != "application/json" {
		t.Errorf("zero reply: %d %q %q", status, h.Get("Content-Type"), body)
	}
}

func TestLastWithoutRequestFails(t *testing.T) {
	s := Start(t)
	if !fails(t, func(tb testing.TB) { s.Last(tb) }) {
		t.Error("Last before any request passed")
	}
}

func TestResetAfterReading(t *testing.T) {
	s := Start(t, Reply{Reset: true})
	resp, err := http.Post(s.URL, "application/json", strings.NewReader(`{"branch":"main"}`))
	if err == nil {
		resp.Body.Close()
		t.Fatal("a reset connection gave an answer")
	}
	if s.Hits() != 1 || string(s.Last(t).Body) != `{"branch":"main"}` {
		t.Errorf("the request was not read whole before the reset: %d hits", s.Hits())
	}
}

func TestHandlerSeesTheWholeBody(t *testing.T) {
	var seen int
	s := Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		seen = len(b)
		Reply{Body: `{"ok":true}`}.ServeHTTP(w, r)
	}))
	big := strings.Repeat("x", MaxBody+10)
	_, body, _ := send(t, "PUT", s.URL, big)
	if seen != len(big) || len(s.Last(t).Body) != MaxBody || body != `{"ok":true}` {
		t.Errorf("handler saw %d bytes, recorded %d, answered %q", seen, len(s.Last(t).Body), body)
	}
}

func TestClosed(t *testing.T) {
	u := Closed(t)
	if _, err := http.Get(u); err == nil || !strings.HasPrefix(u, "http://127.0.0.1:") {
		t.Errorf("%s answered (%v)", u, err)
	}
}

func TestFixture(t *testing.T) {
	if got := Fixture(t, "sunrise", "get.json"); !strings.Contains(got, `"status"`) {
		t.Errorf("fixture %q", got)
	}
	if !fails(t, func(tb testing.TB) { Fixture(tb, "sunrise", "no-such-file.json") }) {
		t.Error("a missing fixture passed")
	}
}

func TestReplayBuildsOnTheServer(t *testing.T) {
	c := Replay(t, "sunrise", sunrise.New, conduit.WithMaxRetries(0))
	day, err := c.Get(context.Background(), 51.4779, -0.0015, nil)
	if err != nil {
		t.Fatal(err)
	}
	if day.Status != "OK" {
		t.Fatalf("not the replay fixture: %v", day)
	}
}

func TestReplayEnv(t *testing.T) {
	srv := ReplayEnv(t)
	if got := os.Getenv("CONDUIT_SUNRISE_SUN_URL"); got != srv.URL("sunrise", "sun_url") {
		t.Errorf("CONDUIT_SUNRISE_SUN_URL is %q, want %q", got, srv.URL("sunrise", "sun_url"))
	}
}

func TestClientFailsOnNewError(t *testing.T) {
	if !fails(t, func(tb testing.TB) {
		Client(tb, func(...conduit.Option) (int, error) { return 0, errors.New("no") })
	}) {
		t.Error("a failing New passed")
	}
}

func TestCheck(t *testing.T) {
	e := &conduit.Error{Service: "demo", Op: "Get", Endpoint: "GET /x", StatusCode: 404, Code: "gone", Message: "no such thing"}
	full := Shape{Is: conduit.ErrNotFound, Service: "demo", Op: "Get", Endpoint: "GET /x", Status: 404, Code: "gone", Message: "no such thing"}
	if fails(t, func(tb testing.TB) { Check(tb, e, full) }) {
		t.Error("a matching error failed the check")
	}
	if !fails(t, func(tb testing.TB) { Check(tb, fmt.Errorf("wrapped: %w", e), full) }) {
		t.Error("a wrapped error passed the check")
	}
	if fails(t, func(tb testing.TB) { Check(tb, e, Shape{Status: 404, Code: "gone"}) }) {
		t.Error("unset names were compared")
	}
	for _, want := range []Shape{
		{Is: conduit.ErrRateLimited, Status: 404, Code: "gone"},
		{Status: 500, Code: "gone"},
		{Code: "gone"}, // Status is always compared
		{Status: 404},  // and so is Code
		{Status: 404, Code: "other"},
		{Status: 404, Code: "gone", Service: "other"},
		{Status: 404, Code: "gone", Op: "Put"},
		{Status: 404, Code: "gone", Endpoint: "GET /y"},
		{Status: 404, Code: "gone", Message: "no"},
		{Status: 404, Code: "gone", Field: "id"},
	} {
		if !fails(t, func(tb testing.TB) { Check(tb, e, want) }) {
			t.Errorf("%+v passed the check", want)
		}
	}
	if !fails(t, func(tb testing.TB) { Check(tb, errors.New("plain"), Shape{}) }) {
		t.Error("a non-*Error passed the check")
	}
	if !fails(t, func(tb testing.TB) { Check(tb, nil, Shape{}) }) {
		t.Error("nil passed the check")
	}
}

func TestInvalidParam(t *testing.T) {
	good := svcOp.Invalid("cik", "is 0")
	cases := []struct {
		err  error
		fail bool
	}{
		{good, false},
		{fmt.Errorf("wrapped: %w", good), true},
		{nil, true},
		{fmt.Errorf("plain: %w", conduit.ErrInvalidParam), true},
		{svcOp.Invalid("tag", "is empty"), true},
		{&conduit.Error{Field: "cik", Err: conduit.ErrNotFound}, true},
		{&conduit.Error{Field: "cik", Message: "says cik", Err: conduit.ErrInvalidParam, StatusCode: 400}, true},
		{&conduit.Error{Service: "svc", Message: "cik is 0", Err: conduit.ErrInvalidParam}, true}, // no Field
	}
	for i, tc := range cases {
		if got := fails(t, func(tb testing.TB) { InvalidParam(tb, tc.err, "cik") }); got != tc.fail {
			t.Errorf("case %d (%v): failed=%v, want %v", i, tc.err, got, tc.fail)
		}
	}
}

func TestNoSecret(t *testing.T) {
	for _, e := range []*conduit.Error{
		{Service: "svc", Message: "key sk-123 rejected"},
		{Service: "svc", Body: []byte("sk-123")},
		{Service: "svc", Code: "sk-123"},
		{Service: "svc", Message: "dial failed", Err: errors.New("dial sk-123")},
	} {
		if !fails(t, func(tb testing.TB) { NoSecret(tb, e, "other", "sk-123") }) {
			t.Errorf("%#v: the leak passed", e)
		}
	}
	clean := &conduit.Error{Service: "svc", Message: "rejected"}
	if fails(t, func(tb testing.TB) { NoSecret(tb, clean, "sk-123", "") }) {
		t.Error("a clean error failed")
	}
	if !fails(t, func(tb testing.TB) { NoSecret(tb, errors.New("plain"), "sk-123") }) {
		t.Error("a non-*Error passed")
	}
	if !fails(t, func(tb testing.TB) { NoSecretIn(tb, "level=DEBUG url=/x?key=sk-123", "sk-123") }) {
		t.Error("a secret in a log line passed")
	}
}

func TestErrors(t *testing.T) {
	var calls []string
	Errors(t, []Case{
		{Name: "404", Reply: Reply{Status: 404, Body: `{"code":"gone","message":"no such thing"}`},
			Want: Shape{Is: conduit.ErrNotFound, Status: 404, Code: "gone", Message: "no such thing"},
			Then: func(t *testing.T, err error) { calls = append(calls, "then "+t.Name()) }},
		{Name: "null", Reply: Reply{Body: `null`}, Want: Shape{Is: conduit.ErrMalformedResponse, Endpoint: "GET /x"}},
	}, []string{"never-sent"}, Op{Service: "demo", Op: "Get", Endpoint: "GET /x", Call: func(t *testing.T, url string) error {
		calls = append(calls, t.Name())
		return get(Client(t, newDemo, conduit.WithBaseURL(url), demo.Set("api_key", "never-sent"), conduit.WithMaxRetries(0)))
	}})
	want := []string{"TestErrors/404", "then TestErrors/404", "TestErrors/null"}
	if !reflect.DeepEqual(calls, want) {
		t.Errorf("calls %q, want %q", calls, want)
	}
}

func TestBadInput(t *testing.T) {
	s := Start(t)
	n := 0
	BadInput(t, s, Shape{Service: "demo", Op: "Get"}, []Input{
		{Field: "id", Call: func() error { n++; return demoGet.Invalid("id", "is empty") }},
		{Field: "api_key", Call: func() error {
			n++
			return get(Client(t, newDemo, conduit.WithBaseURL(s.URL), demo.Set("api_key", "k\n1")))
		}},
	}, "k-1")
	if n != 2 {
		t.Errorf("%d calls made, want 2", n)
	}
}

// BadInput and Errors run subtests, so their verdicts are checked in a
// child test process: this test runs itself there with each scenario, which
// must fail, saying why.
func TestTableHelpersReportFailures(t *testing.T) {
	if scenario := os.Getenv("TESTKIT_SCENARIO"); scenario != "" {
		failingScenario(t, scenario)
		return
	}
	for scenario, says := range map[string]string{
		"bad input that reaches the server": "bad input reached the server 1 times",
		"bad input naming another field":    "Error.Field = \"id\", want \"name\"",
		"an error of another status":        "Error.StatusCode = 404, want 500",
		"an error that shows a secret":      "a secret shows in",
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestTableHelpersReportFailures$")
		cmd.Env = append(os.Environ(), "TESTKIT_SCENARIO="+scenario)
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), says) {
			t.Errorf("%s: exit %v, output lacks %q:\n%s", scenario, err, says, out)
		}
	}
}

func failingScenario(t *testing.T, scenario string) {
	s := Start(t, Reply{Status: 404, Body: `{"message":"no k-1 here"}`})
	c := Client(t, newDemo, conduit.WithBaseURL(s.URL), demo.Set("api_key", "k-1"), conduit.WithMaxRetries(0))
	invalid := func() error { return demoGet.Invalid("id", "is empty") }
	switch scenario {
	case "bad input that reaches the server":
		BadInput(t, s, Shape{}, []Input{{Field: "id", Call: func() error { get(c); return invalid() }}})
	case "bad input naming another field":
		BadInput(t, s, Shape{}, []Input{{Field: "name", Call: invalid}})
	case "an error of another status", "an error that shows a secret":
		secret := "never-sent"
		if scenario == "an error that shows a secret" {
			secret = "k-1"
		}
		Errors(t, []Case{{Name: "404", Reply: Reply{Status: 404, Body: `{"message":"no k-1 here"}`}, Want: Shape{Status: 500}}}, []string{secret},
			Op{Call: func(t *testing.T, url string) error {
				return get(Client(t, newDemo, conduit.WithBaseURL(url), demo.Set("api_key", "x")))
			}})
	}
}

func TestMissingBaseURL(t *testing.T) {
	MissingBaseURL(t, "CONDUIT_DEMO_URL", newDemo, get)
	if !fails(t, func(tb testing.TB) {
		MissingBaseURL(tb, "CONDUIT_DEMO_URL", func(o ...conduit.Option) (*transport.Client, error) {
			return newDemo(append(o, conduit.WithBaseURL("http://127.0.0.1:1"), conduit.WithMaxRetries(0))...)
		}, get)
	}) {
		t.Error("a client with a base URL passed")
	}
}

func TestMissingCredential(t *testing.T) {
	s := Start(t)
	t.Setenv("CONDUIT_DEMO_API_KEY", "")
	c := Client(t, newDemo, conduit.WithBaseURL(s.URL))
	MissingCredential(t, s, "demo.WithAPIKey", "CONDUIT_DEMO_API_KEY", func() error { return get(c) })
	if !fails(t, func(tb testing.TB) {
		MissingCredential(tb, s, "demo.WithKey", "CONDUIT_DEMO_API_KEY", func() error { return get(c) })
	}) {
		t.Error("a wrong option name passed")
	}
	keyed := Client(t, newDemo, conduit.WithBaseURL(s.URL), demo.Set("api_key", "k"))
	if !fails(t, func(tb testing.TB) {
		MissingCredential(tb, s, "demo.WithAPIKey", "CONDUIT_DEMO_API_KEY", func() error { return get(keyed) })
	}) {
		t.Error("a call that reached the server passed")
	}
}

func TestOpenGET(t *testing.T) {
	s := Start(t, Reply{Body: `{}`})
	open := Client(t, func(o ...conduit.Option) (*transport.Client, error) {
		return transport.New(&transport.Service{Name: "open", Bases: []transport.Base{{Name: "open_url", Option: "conduit.WithBaseURL"}}}, o...)
	}, conduit.WithBaseURL(s.URL))
	if err := get(open); err != nil {
		t.Fatal(err)
	}
	OpenGET(t, s.Last(t))
	if err := get(Client(t, newDemo, conduit.WithBaseURL(s.URL), demo.Set("api_key", "k"))); err != nil {
		t.Fatal(err)
	}
	if !fails(t, func(tb testing.TB) { OpenGET(tb, s.Last(t)) }) {
		t.Error("a GET with Authorization passed")
	}
	send(t, "GET", s.URL, "body", "Accept", "application/json", "User-Agent", "conduit-go/"+conduit.Version)
	if !fails(t, func(tb testing.TB) { OpenGET(tb, s.Last(t)) }) {
		t.Error("a GET with a body passed")
	}
}

type pair struct{ A, B int }

type lossy struct{ N int }

func (l *lossy) UnmarshalJSON(b []byte) error { l.N = len(b); return nil }

func TestRoundTrip(t *testing.T) {
	RoundTrip[pair](t, []byte(`{"A":1,"B":2}`))
	RoundTrip[pair](t, []byte(`not json`))
	// lossy decodes "abc" to N=5, encodes {"N":5}, decodes that to N=7.
	if !fails(t, func(tb testing.TB) { RoundTrip[lossy](tb, []byte(`"abc"`)) }) {
		t.Error("a decoder that does not round-trip passed")
	}
}

func TestUnshown(t *testing.T) {
	var rec struct{ conduit.Raw }
	if err := conduit.Unmarshal([]byte(`{"known":1,"pool":{"name":"AntPool","id":44},"loaded":true}`), &rec); err != nil {
		t.Fatal(err)
	}
	Unshown(t, rec, "pool", map[string]any{"id": 44, "name": "AntPool"})
	Unshown(t, rec, "loaded", true)
	for _, c := range []struct {
		name string
		want any
	}{{"pool", map[string]any{"id": 45}}, {"loaded", false}, {"absent", nil}} {
		if !fails(t, func(tb testing.TB) { Unshown(tb, rec, c.name, c.want) }) {
			t.Errorf("%s = %v passed", c.name, c.want)
		}
	}
}
