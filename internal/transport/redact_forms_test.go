package transport

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
)

// upperHexEscape is one %XX escape whose hex digits a server may write in
// lower case.
var upperHexEscape = regexp.MustCompile(`%[0-9A-F]{2}`)

// echoForms generates, independently of the redactor, every form a server
// can derive from a key it was sent: the key escaped for a query or a path,
// then either of those escaped again for a query or a path, each pass with
// upper- or lower-case hex and a space as + or %20. The map is keyed by how
// each form was made, for the failure message.
func echoForms(key string) map[string]string {
	type pass struct {
		name string
		esc  func(string) string
		// space is the other spelling of a space this escape writes
		space func(string) string
	}
	passes := []pass{
		{"query", url.QueryEscape, func(s string) string { return strings.ReplaceAll(s, "+", "%20") }},
		{"path", url.PathEscape, func(s string) string { return strings.ReplaceAll(s, "%20", "+") }},
	}
	once := func(name, s string) map[string]string {
		out := map[string]string{}
		for _, p := range passes {
			e := p.esc(s)
			for variant, f := range map[string]string{"": e, " spaced": p.space(e)} {
				out[name+p.name+variant] = f
				out[name+p.name+variant+" lower"] = upperHexEscape.ReplaceAllStringFunc(f, strings.ToLower)
			}
		}
		return out
	}
	forms := once("", key)
	for name, f := range once("", key) {
		for name2, g := range once(name+" then ", f) {
			forms[name2] = g
		}
	}
	return forms
}

// A key echoed in any form a server derives from it (escaped once or
// twice, for a query or a path in either order, hex in either case, a
// space as + or %20) is redacted from the error's message and body, under
// every fmt verb, and through an error that wraps it.
func TestRedactionOfEveryEscapedEcho(t *testing.T) {
	keys := []string{
		"a/b&v 2",
		"s3cr/et+key=Q7 9",
		"k:y?#[]@!$'()*,;=%z",
		"ü/ß k~ey",
	}
	for _, key := range keys {
		forms := echoForms(key)
		require.Greater(t, len(forms), 20, "the generator makes the forms")
		for how, form := range forms {
			rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusBadRequest)
				fmt.Fprintf(w, `{"error":{"message":"invalid key %s","code":"bad_key"},"echo":"%s"}`, form, form)
			})
			svc := testService(Auth{Scheme: Query, Name: "key", Values: []string{"api_key"}}, apiKey)
			c := newClient(t, svc, conduit.WithBaseURL(rec.URL), svc.Set("api_key", key), conduit.WithMaxRetries(0))
			err := send(bg, c, get("/x"), Call{})
			require.Error(t, err, how)
			e := asError(t, err)
			assert.Contains(t, e.Message, redact.Redacted, "%s: %q", how, form)
			wrapped := fmt.Errorf("syncing: %w", err)
			for _, shown := range []string{e.Message, string(e.Body), e.GoString(),
				fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err), fmt.Sprintf("%s", err),
				fmt.Sprintf("%v", wrapped), fmt.Sprintf("%+v", wrapped), fmt.Sprintf("%#v", wrapped)} {
				assert.NotContains(t, shown, form, "%s form %q of %q", how, form, key)
			}
		}
	}
}

// FuzzRedactorHidesEveryEscapedForm: whatever the key, each form a server
// derives from it is gone from a text that quotes it.
func FuzzRedactorHidesEveryEscapedForm(f *testing.F) {
	for _, k := range []string{"a/b&v 2", "s3cr/et+key=Q7 9", "%", "+ +", "ü/ß", "k~:@!$"} {
		f.Add(k)
	}
	f.Fuzz(func(t *testing.T, key string) {
		if len(key) < 4 || strings.Contains(redact.Redacted, key) {
			return // too short to be a key, or part of the mark itself
		}
		r := &redact.Set{}
		r.Add(key)
		for how, form := range echoForms(key) {
			got := r.Text("invalid key \x00" + form + "\x00 sent")
			if strings.Contains(got, form) {
				t.Fatalf("%s form %q of %q survives: %q", how, form, key, got)
			}
		}
	})
}
