package imageedit_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"image"
	_ "image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/imageedit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const testKey = "sk-live-imageedit-Vb73"

func newReplay(t *testing.T) (*imageedit.Client, *replay.Server) {
	srv := testkit.ReplayServer(t)
	return testkit.Client(t, imageedit.New, srv.Options("imageedit")...), srv
}

// newLocal points every placeholder below url, with testKey as the key.
func newLocal(t *testing.T, url string, opts ...imageedit.Option) *imageedit.Client {
	return testkit.Client(t, imageedit.New, append([]imageedit.Option{
		conduit.WithBaseURL(url + "/edit/"),
		imageedit.WithAccountURL(url + "/acct"),
		imageedit.WithSegmentURL(url + "/seg"),
		imageedit.WithAPIKey(testKey),
		testkit.Fast,
	}, opts...)...)
}

// imageSummary is what the goldens record of a streamed image.
type imageSummary struct {
	ContentType string `json:"content_type"`
	Bytes       int    `json:"bytes"`
	Format      string `json:"format"`
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	SHA256      string `json:"sha256"`
}

func summarize(t *testing.T, img *imageedit.Image) imageSummary {
	t.Helper()
	defer img.Body.Close()
	b, err := io.ReadAll(img.Body)
	require.NoError(t, err)
	cfg, format, err := image.DecodeConfig(bytes.NewReader(b))
	require.NoError(t, err)
	sum := sha256.Sum256(b)
	return imageSummary{img.ContentType, len(b), format, cfg.Width, cfg.Height, hex.EncodeToString(sum[:])}
}

func TestEditReplay(t *testing.T) {
	c, srv := newReplay(t)
	img, err := c.Edit(context.Background(), "https://cdn.example.com/shoes/red sneaker.jpg?v=2", &imageedit.EditParams{
		RemoveBackground: true,
		Extra:            url.Values{"shadow.mode": {"ai.soft"}, "background.color": {"FFFFFF"}},
	})
	require.NoError(t, err)
	s := summarize(t, img)
	assert.Equal(t, "image/png", s.ContentType)
	assert.Equal(t, [2]int{8, 6}, [2]int{s.Width, s.Height})
	assert.Equal(t, 1, srv.Hits("GET /image_edit_url/v2/edit"))
	golden.JSON(t, "imageedit", "edit", s)
}

func TestAccountReplay(t *testing.T) {
	c, _ := newReplay(t)
	a, err := c.Account(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "97.75", a.Credits.Available.String())
	assert.Equal(t, 100.0, a.Credits.Subscription.Float64())
	var extra struct {
		Plan     string    `json:"plan"`
		RenewsAt time.Time `json:"renews_at"`
	}
	require.NoError(t, a.Decode(&extra))
	assert.Equal(t, "plus", extra.Plan, "fields the spec does not show stay reachable")
	assert.Equal(t, time.Date(2024, 7, 1, 0, 0, 0, 0, time.UTC), extra.RenewsAt)
	assert.Contains(t, string(a.RawJSON()), `"key_label"`)
	golden.JSON(t, "imageedit", "account", a)
}

func TestSegmentReplay(t *testing.T) {
	c, srv := newReplay(t)
	src, err := os.Open("../conduittest/testdata/imageedit/edit.png")
	require.NoError(t, err)
	defer src.Close()
	img, err := c.Segment(context.Background(), src, nil)
	require.NoError(t, err)
	s := summarize(t, img)
	assert.Equal(t, [2]int{5, 5}, [2]int{s.Width, s.Height})
	assert.Equal(t, 1, srv.Hits("POST /segment_url/v1/segment"))
	golden.JSON(t, "imageedit", "segment", s)
}

func TestReplayRejectsWrongKey(t *testing.T) {
	srv := testkit.ReplayServer(t)
	c := testkit.Client(t, imageedit.New, imageedit.WithAccountURL(srv.URL("imageedit", "image_url")), imageedit.WithAPIKey("wrong-key-Q1"))
	_, err := c.Account(context.Background())
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	testkit.NoSecret(t, err, "wrong-key-Q1")
}

// capturing answers every request with a fixture of the content type.
func capturing(t *testing.T, fixture, contentType string) (*imageedit.Client, *testkit.Server) {
	srv := testkit.Start(t, testkit.Reply{ContentType: contentType, Body: testkit.Fixture(t, "imageedit", fixture)})
	return newLocal(t, srv.URL), srv
}

func TestEditRequestShape(t *testing.T) {
	c, srv := capturing(t, "edit.png", "image/png")
	img, err := c.Edit(context.Background(), "https://cdn.example.com/a b/shoe.jpg?v=2&w=1", &imageedit.EditParams{
		Extra: url.Values{"shadow.mode": {"ai.soft"}, "background.color": {"FFFFFF"}, "padding": {"0.1", "0.2"}},
	})
	require.NoError(t, err)
	img.Body.Close()
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/edit/v2/edit", got.Path)
	assert.Equal(t, "imageUrl=https%3A%2F%2Fcdn.example.com%2Fa+b%2Fshoe.jpg%3Fv%3D2%26w%3D1&removeBackground=false"+
		"&background.color=FFFFFF&padding=0.1&padding=0.2&shadow.mode=ai.soft", got.Query)
	q, err := url.ParseQuery(got.Query)
	require.NoError(t, err)
	assert.Equal(t, "https://cdn.example.com/a b/shoe.jpg?v=2&w=1", q.Get("imageUrl"))
	assert.Equal(t, testKey, got.Header.Get("x-api-key"))
	assert.Equal(t, "image/*", got.Header.Get("Accept"))
	assertKeyOnlyInHeader(t, got)
}

func assertKeyOnlyInHeader(t *testing.T, r testkit.Request) {
	t.Helper()
	assert.Equal(t, []string{"header X-Api-Key"}, r.Holds(testKey), "the key elsewhere")
	assert.Empty(t, r.Header.Get("Authorization"))
}

func TestAccountRequestShape(t *testing.T) {
	c, srv := capturing(t, "account.json", "application/json")
	_, err := c.Account(context.Background())
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/acct/v1/account", got.Path)
	assert.Empty(t, got.Query)
	assert.Equal(t, testKey, got.Header.Get("x-api-key"))
	assert.Equal(t, "application/json", got.Header.Get("Accept"))
	assertKeyOnlyInHeader(t, got)
}

func TestSegmentRequestShape(t *testing.T) {
	type part struct{ field, file, ctype, data string }
	var parts []part
	png := testkit.Reply{ContentType: "image/png", Body: testkit.Fixture(t, "imageedit", "segment.png")}
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mr, err := r.MultipartReader()
		require.NoError(t, err)
		for p, err := mr.NextPart(); err == nil; p, err = mr.NextPart() {
			b, _ := io.ReadAll(p)
			parts = append(parts, part{p.FormName(), p.FileName(), p.Header.Get("Content-Type"), string(b)})
		}
		png.ServeHTTP(w, r)
	}))
	c := newLocal(t, srv.URL)

	img, err := c.Segment(context.Background(), strings.NewReader("PNGDATA"), &imageedit.SegmentParams{FileName: "shoe.png"})
	require.NoError(t, err)
	img.Body.Close()
	got := srv.Last(t)
	assert.Equal(t, "POST", got.Method)
	assert.Equal(t, "/seg/v1/segment", got.Path)
	assert.True(t, strings.HasPrefix(got.Header.Get("Content-Type"), "multipart/form-data; boundary="))
	assert.Equal(t, "image/*", got.Header.Get("Accept"))
	assert.Equal(t, testKey, got.Header.Get("x-api-key"))
	assertKeyOnlyInHeader(t, got)
	assert.Equal(t, []part{{"image_file", "shoe.png", "image/png", "PNGDATA"}}, parts)

	parts = nil
	img, err = c.Segment(context.Background(), strings.NewReader("raw"), &imageedit.SegmentParams{FieldName: "file", ContentType: "image/webp"})
	require.NoError(t, err)
	img.Body.Close()
	assert.Equal(t, []part{{"file", "image", "image/webp", "raw"}}, parts, "documented defaults and overrides")

	parts = nil
	f, err := os.Open("../conduittest/testdata/imageedit/segment.png")
	require.NoError(t, err)
	defer f.Close()
	img, err = c.Segment(context.Background(), f, nil)
	require.NoError(t, err)
	img.Body.Close()
	require.Len(t, parts, 1)
	assert.Equal(t, "segment.png", parts[0].file, "an *os.File lends its base name")
	assert.Equal(t, "image/png", parts[0].ctype)
}

// genReader produces n deterministic bytes without holding them: each Read
// computes the next chunk. It records the largest Read it was asked for and
// how far it ran ahead of what the server had received.
type genReader struct {
	n, off      int64
	received    *atomic.Int64
	maxRead     int
	maxInFlight int64
	h           interface{ Write([]byte) (int, error) }
}

func (g *genReader) Read(p []byte) (int, error) {
	if g.off >= g.n {
		return 0, io.EOF
	}
	g.maxRead = max(g.maxRead, len(p))
	if ahead := g.off - g.received.Load(); ahead > g.maxInFlight {
		g.maxInFlight = ahead
	}
	k := min(int64(len(p)), g.n-g.off)
	for i := range p[:k] {
		x := g.off + int64(i)
		p[i] = byte(x ^ x>>8 ^ x>>16)
	}
	g.off += k
	g.h.Write(p[:k])
	return int(k), nil
}

func TestSegmentStreamsLargeUpload(t *testing.T) {
	const size = 64 << 20
	var received atomic.Int64
	var field, serverSum string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mr, err := r.MultipartReader()
		require.NoError(t, err)
		p, err := mr.NextPart()
		require.NoError(t, err)
		field = p.FormName()
		h := sha256.New()
		buf := make([]byte, 32<<10)
		for {
			n, err := p.Read(buf)
			h.Write(buf[:n])
			received.Add(int64(n))
			if err != nil {
				break
			}
		}
		serverSum = hex.EncodeToString(h.Sum(nil))
		http.ServeFile(w, r, "../conduittest/testdata/imageedit/segment.png")
	}))
	defer srv.Close()
	h := sha256.New()
	src := &genReader{n: size, received: &received, h: h}
	img, err := newLocal(t, srv.URL).Segment(context.Background(), src, nil)
	require.NoError(t, err)
	img.Body.Close()
	assert.Equal(t, "image_file", field)
	assert.Equal(t, int64(size), received.Load(), "the server got every byte")
	assert.Equal(t, hex.EncodeToString(h.Sum(nil)), serverSum, "and the same bytes")
	assert.LessOrEqual(t, src.maxRead, 64<<10, "the source is read in small chunks")
	// The source never runs more than socket buffers ahead of the server:
	// nothing holds the file whole.
	assert.Less(t, src.maxInFlight, int64(16<<20), "read %d bytes ahead of the server", src.maxInFlight)
}

func TestEditStreamsTheBody(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/webp")
		w.Write([]byte("first-chunk|"))
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		w.Write([]byte("rest"))
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // a deadlock guard, not a timing assertion
	defer cancel()
	img, err := newLocal(t, srv.URL).Edit(ctx, "https://example.com/a.jpg", nil)
	require.NoError(t, err, "Edit returns while the server is still sending")
	defer img.Body.Close()
	assert.Equal(t, "image/webp", img.ContentType)
	first := make([]byte, len("first-chunk|"))
	_, err = io.ReadFull(img.Body, first)
	require.NoError(t, err)
	assert.Equal(t, "first-chunk|", string(first))
	close(release)
	rest, err := io.ReadAll(img.Body)
	require.NoError(t, err)
	assert.Equal(t, "rest", string(rest))
}

// flaky serves the first request with status, later ones with an image,
// keeping the whole files received.
func flaky(t *testing.T, status int, files *[]string) *testkit.Server {
	var n atomic.Int32
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f, _, err := r.FormFile("image_file"); err == nil {
			b, _ := io.ReadAll(f)
			*files = append(*files, string(b))
		}
		if n.Add(1) == 1 {
			w.WriteHeader(status)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Write([]byte("png"))
	}))
}

func TestSegmentRetries(t *testing.T) {
	t.Run("seekable after 429", func(t *testing.T) {
		var files []string
		srv := flaky(t, http.StatusTooManyRequests, &files)
		img, err := newLocal(t, srv.URL).Segment(context.Background(), strings.NewReader("the-file"), nil)
		require.NoError(t, err)
		img.Body.Close()
		assert.Equal(t, 2, srv.Hits())
		assert.Equal(t, []string{"the-file", "the-file"}, files, "the retry resends the whole file")
	})
	t.Run("one-shot reader after 429", func(t *testing.T) {
		var files []string
		srv := flaky(t, http.StatusTooManyRequests, &files)
		_, err := newLocal(t, srv.URL).Segment(context.Background(), io.MultiReader(strings.NewReader("the-file")), nil)
		assert.ErrorIs(t, err, conduit.ErrRateLimited)
		assert.Equal(t, 1, srv.Hits(), "a reader that cannot rewind is sent once")
	})
	t.Run("seekable after 503", func(t *testing.T) {
		var files []string
		srv := flaky(t, http.StatusServiceUnavailable, &files)
		_, err := newLocal(t, srv.URL).Segment(context.Background(), strings.NewReader("the-file"), nil)
		var e *imageedit.Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, 503, e.StatusCode)
		assert.Equal(t, 1, srv.Hits(), "an upload that reached the server is not repeated")
	})
}

func TestEditRetriesReads(t *testing.T) {
	var files []string
	srv := flaky(t, http.StatusBadGateway, &files)
	img, err := newLocal(t, srv.URL).Edit(context.Background(), "https://example.com/a.jpg", nil)
	require.NoError(t, err)
	img.Body.Close()
	assert.Equal(t, 2, srv.Hits())
}

func TestErrors(t *testing.T) {
	reply := func(status int, contentType, body string) testkit.Reply {
		return testkit.Reply{Status: status, ContentType: contentType, Body: body}
	}
	fixture := func(status int, name string) testkit.Reply {
		return reply(status, "application/json", testkit.Fixture(t, "imageedit", name))
	}
	testkit.Errors(t, []testkit.Case{
		{Name: "400 json", Reply: fixture(400, "bad_image_url.json"), Want: testkit.Shape{Is: conduit.ErrAPI, Status: 400, Code: "invalid_image_url"}},
		{Name: "402 json", Reply: fixture(402, "no_credits.json"), Want: testkit.Shape{Is: conduit.ErrAPI, Status: 402, Code: "payment_required"}},
		{Name: "403 echoing the key", Reply: reply(403, "application/json", `{"detail":"key `+testKey+` is revoked","type":"forbidden"}`), Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 403, Code: "forbidden"}},
		{Name: "404 html", Reply: reply(404, "text/html", "<html><h1>Not Found</h1></html>"), Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404}},
		{Name: "500 plain", Reply: reply(500, "text/plain", "upstream timeout"), Want: testkit.Shape{Is: conduit.ErrAPI, Status: 500}},
		{Name: "json at 200", Reply: reply(200, "application/json", `{"detail":"imageUrl unreachable","type":"invalid_image_url"}`), Want: testkit.Shape{Is: conduit.ErrAPI, Status: 200, Code: "invalid_image_url"}},
		{Name: "html at 200", Reply: reply(200, "text/html", "<html>sign in to the wifi "+testKey+"</html>"), Want: testkit.Shape{Is: conduit.ErrMalformedResponse, Status: 200}},
	}, []string{testKey},
		testkit.Op{Service: "imageedit", Op: "Edit", Call: func(t *testing.T, url string) error {
			_, err := newLocal(t, url, conduit.WithMaxRetries(0)).Edit(context.Background(), "https://example.com/a.jpg", nil)
			return err
		}},
		testkit.Op{Service: "imageedit", Op: "Segment", Call: func(t *testing.T, url string) error {
			_, err := newLocal(t, url, conduit.WithMaxRetries(0)).Segment(context.Background(), strings.NewReader("f"), nil)
			return err
		}})
}

func TestAccountErrors(t *testing.T) {
	testkit.Errors(t, []testkit.Case{
		{Name: "401", Reply: testkit.Reply{Status: 401, Body: `{"detail":"Missing API key","type":"unauthorized"}`}, Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401, Code: "unauthorized"}},
		{Name: "null at 200", Reply: testkit.Reply{Body: `null`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse}},
		{Name: "truncated at 200", Reply: testkit.Reply{Body: `{"credits":{"available":`}, Want: testkit.Shape{Is: conduit.ErrMalformedResponse}},
	}, []string{testKey}, testkit.Op{Service: "imageedit", Op: "Account", Call: func(t *testing.T, url string) error {
		_, err := newLocal(t, url).Account(context.Background())
		return err
	}})
}

func TestRedirectToAnotherHostRefused(t *testing.T) {
	var foreignHits atomic.Int32
	foreign := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { foreignHits.Add(1) }))
	defer foreign.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, foreign.URL+"/steal", http.StatusFound)
	}))
	defer srv.Close()
	_, err := newLocal(t, srv.URL).Edit(context.Background(), "https://example.com/a.jpg", nil)
	assert.ErrorIs(t, err, conduit.ErrRedirectRefused)
	assert.Zero(t, foreignHits.Load(), "the key never travels to another host")
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := newLocal(t, srv.URL)
	edit := func(u string, extra url.Values) func() error {
		return func() error {
			_, err := c.Edit(context.Background(), u, &imageedit.EditParams{Extra: extra})
			return err
		}
	}
	segment := func(r io.Reader, p *imageedit.SegmentParams) func() error {
		return func() error { _, err := c.Segment(context.Background(), r, p); return err }
	}
	file := strings.NewReader("x")
	testkit.BadInput(t, srv, testkit.Shape{Service: "imageedit"}, []testkit.Input{
		{Field: "imageUrl", Call: edit("", nil)},
		{Field: "imageUrl", Call: edit("cdn.example.com/a.jpg", nil)},
		{Field: "imageUrl", Call: edit("/a.jpg", nil)},
		{Field: "imageUrl", Call: edit("ftp://example.com/a.jpg", nil)},
		{Field: "imageUrl", Call: edit("https://", nil)},
		{Field: "imageUrl", Call: edit("https://exa mple.com/%zz", nil)},
		{Field: "imageUrl", Call: edit("https://example.com/a.jpg", url.Values{"imageUrl": {"https://evil.example/b.jpg"}})},
		{Field: "removeBackground", Call: edit("https://example.com/a.jpg", url.Values{"removeBackground": {"true"}})},
		{Field: "removebackground", Call: edit("https://example.com/a.jpg", url.Values{"removebackground": {"true"}})},
		{Field: "Extra", Call: edit("https://example.com/a.jpg", url.Values{"": {"x"}})},
		{Field: "image_file", Call: segment(nil, nil)},
		{Field: "file", Call: segment(nil, &imageedit.SegmentParams{FieldName: "file"})},
		{Field: "name", Call: segment(file, &imageedit.SegmentParams{FieldName: "image\r\nX-Injected: 1"})},
		{Field: "filename", Call: segment(file, &imageedit.SegmentParams{FileName: "a\n.png"})},
		{Field: "Content-Type", Call: segment(file, &imageedit.SegmentParams{ContentType: "image png"})},
		{Field: "Content-Type", Call: segment(file, &imageedit.SegmentParams{ContentType: "image/png\r\nX: y"})},
	}, testKey)
}

func TestMissingCredential(t *testing.T) {
	t.Setenv("CONDUIT_IMAGEEDIT_API_KEY", "")
	srv := testkit.Start(t)
	c := testkit.Client(t, imageedit.New, conduit.WithBaseURL(srv.URL), imageedit.WithAccountURL(srv.URL), imageedit.WithSegmentURL(srv.URL))
	testkit.MissingCredential(t, srv, "imageedit.WithAPIKey", "CONDUIT_IMAGEEDIT_API_KEY",
		func() error { _, err := c.Edit(context.Background(), "https://example.com/a.jpg", nil); return err },
		func() error { _, err := c.Account(context.Background()); return err },
		func() error { _, err := c.Segment(context.Background(), strings.NewReader("x"), nil); return err })
}

func TestKeyAndBaseURLsFromEnv(t *testing.T) {
	srv := testkit.ReplayServer(t)
	t.Setenv("CONDUIT_IMAGEEDIT_API_KEY", replay.Credential("imageedit", "api_key"))
	t.Setenv("CONDUIT_IMAGE_URL", srv.URL("imageedit", "image_url"))
	t.Setenv("CONDUIT_SEGMENT_URL", "")
	c, err := imageedit.New()
	require.NoError(t, err)
	_, err = c.Account(context.Background())
	require.NoError(t, err)
	testkit.DefaultBaseURL(t, "CONDUIT_IMAGEEDIT_SEGMENT_URL", "https://sdk.photoroom.com/v1/segment", imageedit.New,
		func(c *imageedit.Client) error {
			_, err := c.Segment(context.Background(), strings.NewReader("x"), nil)
			return err
		})
}

func TestIsSandboxKey(t *testing.T) {
	assert.True(t, imageedit.IsSandboxKey("sandbox_3f9a"))
	assert.False(t, imageedit.IsSandboxKey("sk_live_sandbox_3f9a"))
	assert.False(t, imageedit.IsSandboxKey("Sandbox_3f9a"))
	assert.False(t, imageedit.IsSandboxKey(""))
}

func TestCreditsTolerance(t *testing.T) {
	for body, want := range map[string]imageedit.Credits{
		`{"credits":{"available":"12.5","subscription":100}}`:   {Available: conduit.MustParseDecimal("12.5"), Subscription: conduit.MustParseDecimal("100")},
		`{"credits":{"available":null,"subscription":{"n":1}}}`: {},
		`{"credits":"unlimited"}`:                               {},
		`{"credits":null}`:                                      {},
		`{}`:                                                    {},
	} {
		var a imageedit.Account
		require.NoError(t, a.Credits.UnmarshalJSON(extractCredits(body)), body)
		assert.Equal(t, want, a.Credits, body)
	}
}

// extractCredits returns the credits member's raw value ("null" if absent).
func extractCredits(body string) []byte {
	i := strings.Index(body, `"credits":`)
	if i < 0 {
		return []byte("null")
	}
	return []byte(strings.TrimSuffix(body[i+len(`"credits":`):], "}"))
}

func FuzzCredits(f *testing.F) {
	for _, s := range []string{`{"available":1,"subscription":2}`, `"x"`, `null`, `{"available":{}}`, `{`, `[]`, ` {"available":"3"} `} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var c imageedit.Credits
		if err := c.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatalf("Credits must never fail an account, got %v for %q", err, in)
		}
		for _, d := range []conduit.Decimal{c.Available, c.Subscription} {
			if _, err := conduit.ParseDecimal(d.String()); !d.IsZero() && err != nil {
				t.Fatalf("kept %q that does not parse", d)
			}
		}
	})
}

func TestSegmentStopsWhenTheServerAnswersEarly(t *testing.T) {
	const size = 64 << 20
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusUnauthorized, Body: `{"detail":"Invalid API key","type":"unauthorized"}`})
	var received atomic.Int64
	src := &genReader{n: size, received: &received, h: sha256.New()}
	_, err := newLocal(t, srv.URL).Segment(context.Background(), src, nil)
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	assert.Less(t, src.off, int64(size), "the upload stops once the server has answered")
}

func TestLogsCarryNoKey(t *testing.T) {
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	var files []string
	srv := flaky(t, http.StatusTooManyRequests, &files)
	c := newLocal(t, srv.URL, conduit.WithLogger(logger))
	img, err := c.Segment(context.Background(), strings.NewReader("f"), nil)
	require.NoError(t, err)
	img.Body.Close()
	_, err = c.Edit(context.Background(), "https://example.com/a.jpg?key="+testKey, nil)
	require.NoError(t, err)
	assert.Equal(t, 3, strings.Count(logs.String(), "conduit request"), logs.String())
	testkit.NoSecretIn(t, logs.String(), testKey)
}
