package transport

import (
	"context"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

// A request whose URL is not parsed again must be the one parsing makes,
// for any base, path, argument and query: the same URL fields, the same
// Host, the same error.
func FuzzRequestWithoutReparseMatchesParsing(f *testing.F) {
	for _, c := range [][5]string{
		{"https://api.sunrise-sunset.org", "/json", "", "lat", "51.4779"},
		{"http://127.0.0.1:8080/v1", "/chat/{id}", "chatcmpl-1", "", ""},
		{"http://localhost:/base", "/x", "", "q", ""},
		{"http://h", "/a/{name}/b", "a/b", "q", "a b#c"},
		{"http://h/a%20b", "/p", "", "k", "v"},
		{"http://[::1]:80", "/a", "", "", ""},
		{"http://[fe80::1%25en0]", "/a", "", "", ""},
		{"https://h", "/a!b;c=d@e", "é", "ü", "\x00"},
		{"https://h", "/{files...}", "a/b/c", "x", "y"},
		{"HTTP://H.example", "/Up", "~z", "", ""},
		{"http://h_1.example:8080", "/a b", "", "", ""},
	} {
		f.Add(c[0], c[1], c[2], c[3], c[4])
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, rawBase, template, arg, key, value string) {
		// A base as normalizeBase leaves it; a template as Declare or Do
		// has it.
		bu, err := url.Parse(rawBase)
		if err != nil || (bu.Scheme != "http" && bu.Scheme != "https") || bu.Host == "" || bu.User != nil || bu.RawQuery != "" || bu.ForceQuery || bu.Fragment != "" {
			return
		}
		if !strings.HasPrefix(template, "/") || strings.ContainsAny(template, "?#") || strings.ContainsFunc(template, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			return
		}
		base := newBaseURL(bu.Scheme + "://" + bu.Host + strings.TrimRight(bu.EscapedPath(), "/"))
		op := &Op{Service: &Service{Name: "fuzz"}, Name: "Fuzz", Method: http.MethodGet, Path: template}
		var args []string
		for range strings.Count(template, "{") {
			args = append(args, arg)
		}
		u, err := buildURL(base, op, args, "", []string{key, value})
		if err != nil {
			return
		}
		want, wantErr := http.NewRequestWithContext(ctx, http.MethodGet, u.raw, nil)
		got, err := newRequest(ctx, http.MethodGet, u)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("%q: error %v, parsing gives %v", u.raw, err, wantErr)
		}
		if err != nil {
			return
		}
		if !reflect.DeepEqual(got.URL, want.URL) || got.Host != want.Host {
			t.Fatalf("%q (plain %v):\n\tgot  %#v host %q\n\twant %#v host %q", u.raw, u.plain, got.URL, got.Host, want.URL, want.Host)
		}
		if got.Method != want.Method || got.Proto != want.Proto || got.Context() != want.Context() || got.Body != want.Body {
			t.Fatalf("%q: the request differs beyond its URL", u.raw)
		}
	})
}

// The typed calls of every day take the path that does not parse the URL
// again; the test above shows the two paths agree.
func TestPlainURLsAreNotParsedAgain(t *testing.T) {
	base := newBaseURL("https://api.sunrise-sunset.org")
	op := &Op{Service: &Service{Name: "t"}, Name: "Get", Method: http.MethodGet, Path: "/v1/items/{id}"}
	u, err := buildURL(base, op, []string{"item-1"}, "", []string{"lat", "51.4779", "q", "a b"})
	if err != nil || !u.plain {
		t.Fatalf("%+v, %v: want a plain URL", u, err)
	}
	u, err = buildURL(base, op, []string{"a b"}, "", nil)
	if err != nil || u.plain {
		t.Fatalf("%+v, %v: an escaped argument must be parsed", u, err)
	}
	if newBaseURL("http://[::1]:8080").plain || newBaseURL("http://h/a%20b").plain {
		t.Fatal("an IPv6 host and an escaped base path must be parsed")
	}
}
