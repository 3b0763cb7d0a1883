package testkit

import (
	"cmp"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit"
)

// Shape is what a test expects of an *Error. Status, Code and Field are
// always compared: zero means the error must have none. The others are
// compared when set.
type Shape struct {
	Is       error // a sentinel errors.Is must match
	Service  string
	Op       string
	Endpoint string
	Status   int // Error.StatusCode: 0 when no answer was taken as one
	Code     string
	Message  string
	// Field is the parameter an ErrInvalidParam names; the error's text
	// must then read "invalid parameter <Field>: ".
	Field string
}

// Check fails the test unless err is an *Error (as returned, not wrapped)
// of shape want, and returns it for further checks.
func Check(t testing.TB, err error, want Shape) *conduit.Error {
	t.Helper()
	e, ok := err.(*conduit.Error)
	if !ok || e == nil {
		t.Fatalf("testkit: want an *Error itself, not wrapped, got %T: %v", err, err)
		return nil
	}
	if want.Is != nil && !errors.Is(err, want.Is) {
		t.Errorf("testkit: errors.Is(%v, %v) is false", err, want.Is)
	}
	for _, f := range [][3]string{{"Service", want.Service, e.Service}, {"Op", want.Op, e.Op}, {"Endpoint", want.Endpoint, e.Endpoint}, {"Message", want.Message, e.Message}} {
		if f[1] != "" && f[1] != f[2] {
			t.Errorf("testkit: Error.%s = %q, want %q (error: %v)", f[0], f[2], f[1], err)
		}
	}
	if e.StatusCode != want.Status {
		t.Errorf("testkit: Error.StatusCode = %d, want %d (error: %v)", e.StatusCode, want.Status, err)
	}
	if e.Code != want.Code {
		t.Errorf("testkit: Error.Code = %q, want %q (error: %v)", e.Code, want.Code, err)
	}
	if e.Field != want.Field {
		t.Errorf("testkit: Error.Field = %q, want %q (error: %v)", e.Field, want.Field, err)
	}
	if want.Field != "" && !strings.Contains(err.Error(), "invalid parameter "+want.Field+": ") {
		t.Errorf("testkit: %q does not name the parameter %s", err, want.Field)
	}
	return e
}

// Case is one server answer and the *Error it must become.
type Case struct {
	Name  string
	Reply Reply
	Want  Shape // its empty Service, Op and Endpoint come from the Op
	// Then, if set, makes further checks of the error.
	Then func(t *testing.T, err error)
}

// Op is one operation under test: the Service, Op and Endpoint its errors
// name, and a call of it through a client of the server at url.
type Op struct {
	Service, Op, Endpoint string
	Call                  func(t *testing.T, url string) error
}

// Errors runs each case as a subtest against its own server answering the
// case's Reply, calls every op there, and checks each error: the case's
// Shape, the op's names, and that none of secrets shows (NoSecret).
func Errors(t *testing.T, cases []Case, secrets []string, ops ...Op) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			srv := Start(t, tc.Reply)
			for _, op := range ops {
				want := tc.Want
				want.Service = cmp.Or(want.Service, op.Service)
				want.Op = cmp.Or(want.Op, op.Op)
				want.Endpoint = cmp.Or(want.Endpoint, op.Endpoint)
				err := op.Call(t, srv.URL)
				Check(t, err, want)
				NoSecret(t, err, secrets...)
				if tc.Then != nil {
					tc.Then(t, err)
				}
			}
		})
	}
}

// NoSecret fails the test unless err is an *Error and none of the secrets
// shows in any way it gets printed: Error, %v, %+v, %#v, its Body, Message
// and Code, and its cause printed with %+v.
func NoSecret(t testing.TB, err error, secrets ...string) {
	t.Helper()
	var e *conduit.Error
	if !errors.As(err, &e) {
		t.Fatalf("testkit: want an *Error, got %T: %v", err, err)
		return
	}
	NoSecretIn(t, strings.Join([]string{err.Error(), fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err),
		fmt.Sprintf("%#v", e), string(e.Body), e.Message, e.Code, fmt.Sprintf("%+v", e.Err)}, "\n"), secrets...)
}

// NoSecretIn fails the test if any of the secrets shows in out: log output,
// a URL, anything printed.
func NoSecretIn(t testing.TB, out string, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if s != "" && strings.Contains(out, s) {
			t.Errorf("testkit: a secret shows in %q", out)
		}
	}
}

// CommonErrors are answers every operation must turn into a clear error,
// whatever its result type: an HTML 404 from a proxy, a JSON 500, a plain
// text 503 and a body cut off mid-way.
func CommonErrors() []Case {
	return []Case{
		{Name: "404 html", Reply: Reply{Status: 404, ContentType: "text/html", Body: "<html><body><h1>Not Found</h1></body></html>"},
			Want: Shape{Is: conduit.ErrNotFound, Status: 404}},
		{Name: "500 json", Reply: Reply{Status: 500, Body: `{"error":{"code":"internal","message":"backend exploded"}}`},
			Want: Shape{Is: conduit.ErrAPI, Status: 500, Code: "internal", Message: "backend exploded"}},
		{Name: "503 plain", Reply: Reply{Status: 503, ContentType: "text/plain", Body: "down for maintenance"},
			Want: Shape{Is: conduit.ErrAPI, Status: 503, Message: "down for maintenance"}},
		{Name: "truncated", Reply: Reply{Body: `{"data":[{"a":"`}, Want: Shape{Is: conduit.ErrMalformedResponse}},
	}
}
