package transport

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// "." and ".." path arguments were sent as %2E and
// %2E%2E, which RFC 3986 makes equal to the dots, so a normalising proxy
// sent the request to another endpoint. They are refused as
// ErrInvalidParam naming the parameter, for {x} and {x...} parameters
// alike, before any I/O.
func TestDotSegmentsRefused(t *testing.T) {
	rec := newRecorder(t, nil)
	c := newOpen(t, rec.URL)
	for _, tc := range []struct {
		path  string
		args  []string
		field string
	}{
		{"/channels/{channel_id}/messages", []string{".."}, "channel_id"},
		{"/channels/{channel_id}/messages", []string{"."}, "channel_id"},
		{"/datasets/{dataset}/query/{id}", []string{"ok", ".."}, "id"},
		{"/packages/{type}/{name...}/resolved", []string{"npm", ".."}, "name"},
		{"/packages/{type}/{name...}/resolved", []string{"npm", "a/../b"}, "name"},
		{"/packages/{type}/{name...}/resolved", []string{"npm", "./a"}, "name"},
		{"/packages/{type}/{name...}/resolved", []string{"npm", "a/."}, "name"},
		// Percent-encoded dots are dots to a server that decodes the path
		// (once more for each escape the core adds).
		{"/channels/{channel_id}/messages", []string{"%2e%2e"}, "channel_id"},
		{"/channels/{channel_id}/messages", []string{"%2E"}, "channel_id"},
		{"/channels/{channel_id}/messages", []string{".%2e"}, "channel_id"},
		{"/channels/{channel_id}/messages", []string{"%252e%252e"}, "channel_id"},
		{"/packages/{type}/{name...}/resolved", []string{"npm", "a/%2e%2e/b"}, "name"},
	} {
		err := send(bg, c, get(tc.path), Call{Args: tc.args})
		require.ErrorIs(t, err, conduit.ErrInvalidParam, "%s %q", tc.path, tc.args)
		e := asError(t, err)
		assert.Equal(t, tc.field, e.Field, "%s %q", tc.path, tc.args)
		assert.Equal(t, "X", e.Op)
	}
	assert.Zero(t, rec.hits.Load(), "nothing was sent")

	// Dots inside a segment are no move in the path.
	for _, arg := range []string{"...", "..a", ".env", "a..b"} {
		require.NoError(t, send(bg, c, get("/files/{name}"), Call{Args: []string{arg}}), arg)
		r, _ := rec.last()
		assert.Equal(t, "/files/"+arg, r.URL.Path)
	}
}

// Do refuses dot segments in the path it is given, written plainly or
// percent-encoded, with the same error.
func TestDotSegmentsRefusedByDo(t *testing.T) {
	rec := newRecorder(t, nil)
	c := newOpen(t, rec.URL)
	for _, p := range []string{"/a/../b", "/a/./b", "/..", "/a/%2e%2E/b", "/a/%2E", "/a/..", "/a/%252e%252e/b", "/a/%25252E"} {
		err := c.Do(bg, "GET", p, nil, nil, nil)
		require.ErrorIs(t, err, conduit.ErrInvalidParam, p)
		assert.Equal(t, "path", asError(t, err).Field, p)
	}
	assert.Zero(t, rec.hits.Load())
}

// A User-Agent with CR or LF was refused by
// net/http only at send time, and the doomed request was retried. New
// refuses it.
func TestUserAgentWithControlCharactersFailsAtNew(t *testing.T) {
	for _, ua := range []string{"app\r\nX-Evil: 1", "app\n", "app\rx", "app\x00", "app\x7f"} {
		c, err := New(testService(Auth{}), conduit.WithBaseURL("https://api.example.test"), conduit.WithUserAgent(ua))
		assert.Nil(t, c)
		require.ErrorIs(t, err, conduit.ErrInvalidParam, "%q", ua)
		e := asError(t, err)
		assert.Equal(t, "New", e.Op)
		assert.Contains(t, err.Error(), "conduit.WithUserAgent")
	}
	rec := newRecorder(t, nil)
	c := newOpen(t, rec.URL, conduit.WithUserAgent("acme-bot/1.0 (ops@acme.test)"))
	require.NoError(t, send(bg, c, get("/"), Call{}))
	r, _ := rec.last()
	assert.Equal(t, "acme-bot/1.0 (ops@acme.test)", r.Header.Get("User-Agent"))
}

// A credentialed client with a plain http:// base
// on a host other than loopback sent its keys in clear text without a
// word. New refuses it, and says which option accepts the risk.
func TestPlainHTTPBaseOfCredentialedClientRefused(t *testing.T) {
	svc := testService(Auth{Scheme: Bearer, Values: []string{"api_key"}}, apiKey)
	for _, base := range []string{"http://api.example.test/v1", "http://10.0.0.7:8080", "http://[2001:db8::1]/x"} {
		c, err := New(svc, conduit.WithBaseURL(base), svc.Set("api_key", "k-Yy01"))
		assert.Nil(t, c, base)
		require.ErrorIs(t, err, conduit.ErrInvalidParam, base)
		assert.Contains(t, err.Error(), "conduit.WithInsecureHTTP", base)
		assert.Equal(t, "test_url", asError(t, err).Field)
		assert.NotContains(t, err.Error(), "k-Yy01")

		_, err = New(svc, conduit.WithBaseURL(base), svc.Set("api_key", "k-Yy01"), conduit.WithInsecureHTTP())
		assert.NoError(t, err, "%s with the explicit opt-in", base)
	}
	t.Setenv("CONDUIT_TESTSVC_OTHER_URL", "http://api.example.test")
	_, err := New(svc)
	assert.ErrorIs(t, err, conduit.ErrInvalidParam, "a base from the environment is checked the same way")
	t.Setenv("CONDUIT_TESTSVC_OTHER_URL", "")

	for _, base := range []string{"http://127.0.0.1:8080", "http://localhost/v1", "http://[::1]:9000", "https://api.example.test"} {
		_, err := New(svc, conduit.WithBaseURL(base), svc.Set("api_key", "k"))
		assert.NoError(t, err, "%s is loopback or https", base)
	}
	_, err = New(testService(Auth{}), conduit.WithBaseURL("http://api.example.test"))
	assert.NoError(t, err, "a service that sends no credential may use http")

	perOp := testService(Auth{})
	Declare[item](perOp, Op{Name: "Private", Method: "GET", Path: "/p", Auth: &Auth{Scheme: Bearer, Values: []string{"api_key"}}}, nil)
	_, err = New(perOp, conduit.WithBaseURL("http://api.example.test"))
	assert.ErrorIs(t, err, conduit.ErrInvalidParam, "one credentialed operation is enough")
	assert.True(t, strings.Contains(err.Error(), "clear text"), err.Error())
}

// A nil *os.File (what a failed os.Open returns)
// passed as an io.Reader made imageedit panic at the first Read. The
// core's reader check, which every package runs on its reader inputs,
// refuses nil and typed-nil readers as ErrInvalidParam naming the field.
func TestTypedNilReadersRefused(t *testing.T) {
	op := Declare[item](testService(Auth{}), Op{Name: "Segment", Method: "POST", Path: "/segment"}, nil)
	var file *os.File
	var buf *bytes.Buffer
	var pipe *io.PipeReader
	for name, r := range map[string]io.Reader{"nil": nil, "nil *os.File": file, "nil *bytes.Buffer": buf, "nil *io.PipeReader": pipe} {
		err := op.Reader("image_file", r)
		require.ErrorIs(t, err, conduit.ErrInvalidParam, name)
		e := asError(t, err)
		assert.Equal(t, "image_file", e.Field, name)
		assert.Equal(t, "Segment", e.Op, name)
	}
	assert.NoError(t, op.Reader("image_file", strings.NewReader("png")))
	assert.NoError(t, op.Reader("image_file", &bytes.Buffer{}))
}
