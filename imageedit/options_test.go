package imageedit_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/imageedit"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Do reaches a path relative to image_edit_url, or to another base with
// conduit.WithBase, with the key in x-api-key as the typed calls send it;
// a POST through Do is a write, sent once unless marked idempotent.
func TestDo(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"credits":{"available":12,"subscription":100},"plan":"basic"}`})
	c := newLocal(t, srv.URL)
	var out struct {
		Plan string `json:"plan"`
	}
	require.NoError(t, c.Do(context.Background(), "GET", "/v1/account?expand=plan", nil, &out, conduit.WithBase("image_url")))
	assert.Equal(t, "basic", out.Plan)
	got := srv.Last(t)
	assert.Equal(t, "/acct/v1/account?expand=plan", got.URI)
	assertKeyOnlyInHeader(t, got)

	require.NoError(t, c.Do(context.Background(), "GET", "/v2/templates", nil, nil))
	assert.Equal(t, "/edit/v2/templates", srv.Last(t).URI, "image_edit_url by default")
	assertKeyOnlyInHeader(t, srv.Last(t))

	unavailable := testkit.Reply{Status: http.StatusServiceUnavailable, Body: `{"detail":"busy","status_code":503,"type":"overloaded"}`}
	srv = testkit.Start(t, unavailable, unavailable, unavailable, testkit.Reply{Body: `{"id":"job-1"}`})
	c = newLocal(t, srv.URL)
	err := c.Do(context.Background(), "POST", "/v2/edit/batch", map[string]any{"imageUrls": []string{"https://cdn.example.com/a.jpg"}}, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrAPI, Service: "imageedit", Op: "Do", Endpoint: "POST /v2/edit/batch", Status: 503,
		Code: "overloaded", Message: "busy"})
	assert.Equal(t, 1, srv.Hits(), "a write that may have arrived is not repeated")
	assertKeyOnlyInHeader(t, srv.Last(t))

	require.NoError(t, c.Do(context.Background(), "POST", "/v2/edit/batch", nil, nil, conduit.WithIdempotent(),
		conduit.WithBodyField("imageUrls", []string{"https://cdn.example.com/b.jpg"})))
	assert.Equal(t, 4, srv.Hits(), "marked idempotent, it is retried like a read")
	assert.JSONEq(t, `{"imageUrls":["https://cdn.example.com/b.jpg"]}`, string(srv.Last(t).Body), "a body field reaches a JSON call's wire")
}

// Per-call options reach the wire of a typed call, and WithResponse
// describes the answer of a download; an upload or a GET has no JSON
// object for a body field, so one is refused rather than dropped.
func TestPerCallOptions(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{ContentType: "image/png", Body: testkit.Fixture(t, "imageedit", "edit.png"),
		Header: []string{"X-Request-Id", "r-77", "Pr-Ai-Background-Seed", "1234"}})
	c := newLocal(t, srv.URL)
	var resp conduit.Response
	img, err := c.Edit(context.Background(), "https://cdn.example.com/shoe.jpg", nil,
		conduit.WithHeader("Pr-Hd-Background-Removal", "auto"), conduit.WithQuery("outputSize", "1000x1000"), conduit.WithResponse(&resp))
	require.NoError(t, err)
	img.Body.Close()
	got := srv.Last(t)
	assert.Equal(t, "auto", got.Header.Get("Pr-Hd-Background-Removal"))
	assert.Equal(t, "imageUrl=https%3A%2F%2Fcdn.example.com%2Fshoe.jpg&removeBackground=false&outputSize=1000x1000", got.Query)
	assertKeyOnlyInHeader(t, got)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "r-77", resp.RequestID)
	assert.Equal(t, "1234", resp.Header.Get("Pr-Ai-Background-Seed"), "the service's own headers are reachable")
	assert.Equal(t, 1, resp.Attempts)
	assert.Positive(t, resp.Elapsed)
	assert.Equal(t, srv.URL+"/edit/v2/edit?"+got.Query, resp.URL)
	assert.Nil(t, resp.RateLimit, "the service sends no budget headers")

	_, err = c.Account(context.Background())
	require.Error(t, err, "the PNG is no account record")
	assert.Empty(t, srv.Last(t).Header.Get("Pr-Hd-Background-Removal"), "a call's options end with the call")

	_, err = c.Segment(context.Background(), strings.NewReader("png"), nil, conduit.WithBodyField("format", "webp"))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "imageedit", Op: "Segment", Field: "options"})
	_, err = c.Edit(context.Background(), "https://cdn.example.com/shoe.jpg", nil, conduit.WithBodyField("format", "webp"))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "imageedit", Op: "Edit", Field: "options"})
	_, err = c.Edit(context.Background(), "https://cdn.example.com/shoe.jpg", nil, conduit.WithHeader("X-Api-Key", "other"))
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrInvalidParam, Service: "imageedit", Op: "Edit", Field: "options"})
	assert.Equal(t, 2, srv.Hits(), "a refused option sends nothing")
}

// Each base pasted with or without the version segment its paths start
// with, with or without a trailing slash, reaches the same URL.
func TestVersionSegments(t *testing.T) {
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/account") {
			testkit.Reply{Body: testkit.Fixture(t, "imageedit", "account.json")}.ServeHTTP(w, r)
			return
		}
		testkit.Reply{ContentType: "image/png", Body: testkit.Fixture(t, "imageedit", "edit.png")}.ServeHTTP(w, r)
	}))
	for _, suffix := range []string{"", "/", "/VERSION", "/VERSION/"} {
		base := func(name, version string) string {
			return srv.URL + "/" + name + strings.ReplaceAll(suffix, "VERSION", version)
		}
		c := testkit.Client(t, imageedit.New, imageedit.WithAPIKey(testKey), conduit.WithBaseURL(base("edit", "v2")),
			imageedit.WithAccountURL(base("acct", "v1")), imageedit.WithSegmentURL(base("seg", "v1")))
		img, err := c.Edit(context.Background(), "https://cdn.example.com/shoe.jpg", nil)
		require.NoError(t, err, suffix)
		img.Body.Close()
		assert.Equal(t, "/edit/v2/edit", srv.Last(t).Path, suffix)
		_, err = c.Account(context.Background())
		require.NoError(t, err, suffix)
		assert.Equal(t, "/acct/v1/account", srv.Last(t).Path, suffix)
		img, err = c.Segment(context.Background(), strings.NewReader("png"), nil)
		require.NoError(t, err, suffix)
		img.Body.Close()
		assert.Equal(t, "/seg/v1/segment", srv.Last(t).Path, suffix)
	}
	assert.Equal(t, 12, srv.Hits())
}

// nilFile is a caller's own reader type, nil.
type nilFile struct{ data []byte }

func (f *nilFile) Read(p []byte) (int, error) { return copy(p, f.data), io.EOF }

// A reader that is a nil pointer inside the io.Reader, what a failed
// os.Open leaves behind, is bad input naming the form field: no panic, and
// nothing sent.
func TestSegmentTypedNilReaders(t *testing.T) {
	srv := testkit.Start(t)
	c := newLocal(t, srv.URL)
	f, openErr := os.Open(filepath.Join(t.TempDir(), "missing.png"))
	require.Error(t, openErr)
	var (
		nilOSFile *os.File
		nilBytes  *bytes.Reader
		nilString *strings.Reader
		nilBuffer *bytes.Buffer
		nilOwn    *nilFile
		nilCloser io.ReadCloser = nilOSFile
	)
	segment := func(r io.Reader, p *imageedit.SegmentParams) func() error {
		return func() error {
			var err error
			assert.NotPanics(t, func() { _, err = c.Segment(context.Background(), r, p) })
			return err
		}
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "imageedit", Op: "Segment"}, []testkit.Input{
		{Field: "image_file", Call: segment(f, nil)},
		{Field: "image_file", Call: segment(nilOSFile, nil)},
		{Field: "image_file", Call: segment(io.Reader(nilOSFile), nil)},
		{Field: "image_file", Call: segment(nilCloser, nil)},
		{Field: "image_file", Call: segment(nilBytes, nil)},
		{Field: "image_file", Call: segment(nilString, nil)},
		{Field: "image_file", Call: segment(nilBuffer, nil)},
		{Field: "image_file", Call: segment(nilOwn, nil)},
		{Field: "image_file", Call: segment(nil, nil)},
		{Field: "upload", Call: segment(nilOSFile, &imageedit.SegmentParams{FieldName: "upload"})},
	}, testKey)
}
