package conduittest

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"unicode"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// fake is what the server knows of one package beyond its declarations:
// the fake credentials it accepts and how each operation answers.
type fake struct {
	// creds are the fake values of the package's credentials and settings,
	// and of per-call credentials (a webhook's id and token).
	creds map[string]string
	// answers maps an operation's name to its answer; an operation without
	// one answers with the fixture named for it (CreateMessage:
	// create_message.json).
	answers map[string]answer
	// unknown answers a path under the package's bases that no operation
	// has, as the service answers one.
	unknown answer
	// which names the operation a request is for, among operations that
	// share one route.
	which func(r *http.Request, body []byte) string
}

// answer is how an operation answers a well-authenticated call.
type answer struct {
	fixture string // file under testdata/<pkg>/
	status  int    // of the fixture; 200 if 0
	// pick chooses the fixture from the request.
	pick func(r *http.Request, body []byte) string
	// handle answers by hand (echoing a JSON-RPC id, say).
	handle func(w http.ResponseWriter, r *http.Request, body []byte)
}

// fakes holds every package's fake, filled by the files named for them.
var fakes = map[string]*fake{}

// answer writes the normal answer of op.
func (f *fake) answer(svc *transport.Service, op *transport.Op, w http.ResponseWriter, r *http.Request, body []byte) {
	a := f.answers[op.Name]
	switch {
	case a.handle != nil:
		a.handle(w, r, body)
	case a.pick != nil:
		serveFixture(w, svc.Name, a.pick(r, body), a.status)
	case a.fixture != "":
		serveFixture(w, svc.Name, a.fixture, a.status)
	default:
		serveFixture(w, svc.Name, snake(op.Name)+".json", a.status)
	}
}

// Credential returns the fake value of pkg's credential or setting name
// that the server accepts. Like On, Requests, Last and BaseURL, it panics,
// naming what pkg has, for a name pkg has no fake value of: a misspelt
// name is a mistake in the test, not a state to check.
func Credential(pkg, name string) string {
	v, ok := credential(pkg, name)
	if !ok {
		mustService(pkg)
		panic(fmt.Sprintf("conduittest: package %s has no fake credential %q (known: %s)", pkg, name, strings.Join(slices.Sorted(maps.Keys(Credentials(pkg))), ", ")))
	}
	return v
}

// credential is Credential for a name that may have no fake value.
func credential(pkg, name string) (string, bool) {
	f := fakes[pkg]
	if f == nil {
		return "", false
	}
	v, ok := f.creds[name]
	return v, ok
}

// snake turns a method name into a file name: CreateMessage, create_message.
func snake(name string) string {
	var b strings.Builder
	for i, r := range name {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Credentials returns every fake credential and setting of pkg that the
// server accepts, by name, for tests that check none of them leaks.
func Credentials(pkg string) map[string]string {
	out := map[string]string{}
	if f := fakes[pkg]; f != nil {
		for k, v := range f.creds {
			out[k] = v
		}
	}
	return out
}
