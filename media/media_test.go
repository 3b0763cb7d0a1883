package media_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/media"
)

const (
	key    = "key-4417209938"
	secret = "sec-Hq8wPz1TqzL"
	cloud  = "acme-shop"
)

func replayClient(t *testing.T, extra ...media.Option) (*media.Client, *replay.Server) {
	t.Helper()
	srv := replay.Start()
	t.Cleanup(srv.Close)
	c, err := media.New(append(srv.Options("media"), extra...)...)
	require.NoError(t, err)
	return c, srv
}

func TestListImagesReplay(t *testing.T) {
	c, srv := replayClient(t)
	l, err := c.ListImages(context.Background(), &media.ListImagesParams{MaxResults: 2})
	require.NoError(t, err)
	require.Len(t, l.Resources, 2)
	a := l.Resources[1]
	assert.Equal(t, "banners/summer sale", a.PublicID)
	assert.Equal(t, int64(1719304854), a.Version)
	assert.Equal(t, [2]int{1920, 640}, [2]int{a.Width, a.Height})
	assert.Equal(t, time.Date(2024, 6, 25, 8, 40, 54, 0, time.UTC), a.CreatedAt)
	var item struct {
		Bytes     int64  `json:"bytes"`
		SecureURL string `json:"secure_url"`
	}
	require.NoError(t, a.Decode(&item), "each asset keeps its own raw item")
	assert.Equal(t, int64(1376836), item.Bytes)
	assert.True(t, strings.HasPrefix(item.SecureURL, "https://"))
	var page struct {
		NextCursor string `json:"next_cursor"`
	}
	require.NoError(t, l.Decode(&page))
	assert.Equal(t, "8edbc61040178db60b0973ca9494bf3a", page.NextCursor, "fields the spec does not show stay reachable")
	assert.Equal(t, 1, srv.Hits("GET /media_admin_url/v1_1/{cloud}/resources/image"))
	golden.JSON(t, "media", "list_images", l)
}

func TestUsageReplay(t *testing.T) {
	c, _ := replayClient(t)
	u, err := c.Usage(context.Background())
	require.NoError(t, err)
	assert.Equal(t, media.Text("Free"), u.Plan)
	day, err := u.LastUpdatedTime()
	require.NoError(t, err)
	assert.Equal(t, time.Date(2024, 6, 25, 0, 0, 0, 0, time.UTC), day)
	var more struct {
		Storage struct {
			Usage int64 `json:"usage"`
		} `json:"storage"`
		Credits struct {
			UsedPercent float64 `json:"used_percent"`
		} `json:"credits"`
	}
	require.NoError(t, u.Decode(&more))
	assert.Equal(t, int64(6126731620), more.Storage.Usage, "beyond 2^32")
	assert.Equal(t, 36.08, more.Credits.UsedPercent)
	assert.Contains(t, string(u.RawJSON()), `"media_limits"`)
	golden.JSON(t, "media", "usage", u)
}

func TestListByTagReplay(t *testing.T) {
	t.Setenv("CONDUIT_MEDIA_API_KEY", "")
	t.Setenv("CONDUIT_MEDIA_API_SECRET", "")
	srv := replay.Start()
	defer srv.Close()
	// No key or secret at all: the public list needs none.
	c, err := media.New(media.WithDeliveryURL(srv.URL("media_delivery_url")), media.WithCloudName(replay.Credential("media", "cloud_name")))
	require.NoError(t, err)
	l, err := c.ListByTag(context.Background(), "products")
	require.NoError(t, err)
	require.Len(t, l.Resources, 2)
	assert.Equal(t, "products/teapot-white", l.Resources[1].PublicID)
	assert.Equal(t, "webp", l.Resources[1].Format)
	assert.Equal(t, time.Date(2024, 6, 26, 11, 2, 17, 0, time.UTC), l.UpdatedAt)
	var ctx struct {
		Context struct {
			Custom map[string]string `json:"custom"`
		} `json:"context"`
	}
	require.NoError(t, l.Resources[1].Decode(&ctx))
	assert.Equal(t, "White teapot on a wooden table", ctx.Context.Custom["alt"])
	assert.Contains(t, string(l.Resources[0].RawJSON()), `"MUG-001"`)
	golden.JSON(t, "media", "list_by_tag", l)

	_, err = c.ListByTag(context.Background(), "archived")
	assert.ErrorIs(t, err, conduit.ErrNotFound)
}

func TestReplayRejectsCredentialsOnTheTagList(t *testing.T) {
	c, _ := replayClient(t)
	_, err := c.ListByTag(context.Background(), "products")
	require.NoError(t, err, "a client holding credentials still sends none to the public list")
	_, err = c.ListImages(context.Background(), nil)
	require.NoError(t, err)

	wrong, _ := replayClient(t, media.WithAPISecret("not-the-secret-77"))
	_, err = wrong.Usage(context.Background())
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	assert.NotContains(t, err.Error(), "not-the-secret-77")
}

// recorder answers every request with a file from testdata/media and
// keeps the requests it saw.
type recorder struct {
	*httptest.Server
	reqs []*http.Request
}

func newRecorder(t *testing.T, fixture string) *recorder {
	rec := &recorder{}
	rec.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.reqs = append(rec.reqs, r.Clone(context.Background()))
		http.ServeFile(w, r, "../testdata/media/"+fixture)
	}))
	t.Cleanup(rec.Close)
	return rec
}

func localClient(t *testing.T, base string, opts ...media.Option) *media.Client {
	t.Helper()
	c, err := media.New(append([]media.Option{
		media.WithAdminURL(base + "/admin"),
		media.WithDeliveryURL(base + "/res/"),
		media.WithCloudName(cloud),
		media.WithAPIKey(key),
		media.WithAPISecret(secret),
		conduit.WithRetryBackoff(time.Millisecond, 5*time.Millisecond),
	}, opts...)...)
	require.NoError(t, err)
	return c
}

func basicHeader() string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(key+":"+secret))
}

// assertNoSecrets checks that key and secret appear nowhere but where
// allowed: the Authorization header, when authorization is true.
func assertNoSecrets(t *testing.T, r *http.Request, authorization bool) {
	t.Helper()
	for name, vals := range r.Header {
		if name == "Authorization" && authorization {
			continue
		}
		v := strings.Join(vals, ",")
		assert.NotContains(t, v, key, name)
		assert.NotContains(t, v, secret, name)
		assert.NotContains(t, v, base64.StdEncoding.EncodeToString([]byte(key+":"+secret)), name)
	}
	assert.NotContains(t, r.URL.String(), key)
	assert.NotContains(t, r.URL.String(), secret)
}

func TestAdminRequestShapes(t *testing.T) {
	rec := newRecorder(t, "list_images.json")
	c := localClient(t, rec.URL)
	_, err := c.ListImages(context.Background(), &media.ListImagesParams{MaxResults: 500})
	require.NoError(t, err)
	_, err = c.ListImages(context.Background(), nil)
	require.NoError(t, err)
	_, err = c.ListImages(context.Background(), &media.ListImagesParams{})
	require.NoError(t, err)
	require.Len(t, rec.reqs, 3)
	for i, wantQuery := range []string{"max_results=500", "", ""} {
		r := rec.reqs[i]
		assert.Equal(t, "GET", r.Method)
		assert.Equal(t, "/admin/v1_1/acme-shop/resources/image", r.URL.Path)
		assert.Equal(t, wantQuery, r.URL.RawQuery, "0 or nil params leave max_results out")
		assert.Equal(t, basicHeader(), r.Header.Get("Authorization"))
		user, pass, ok := r.BasicAuth()
		assert.True(t, ok)
		assert.Equal(t, [2]string{key, secret}, [2]string{user, pass}, "key as user name, secret as password")
		assertNoSecrets(t, r, true)
	}

	rec = newRecorder(t, "usage.json")
	_, err = localClient(t, rec.URL).Usage(context.Background())
	require.NoError(t, err)
	r := rec.reqs[0]
	assert.Equal(t, "GET", r.Method)
	assert.Equal(t, "/admin/v1_1/acme-shop/usage", r.URL.Path)
	assert.Empty(t, r.URL.RawQuery)
	assert.Equal(t, basicHeader(), r.Header.Get("Authorization"))
	assertNoSecrets(t, r, true)
}

func TestListByTagRequestShape(t *testing.T) {
	rec := newRecorder(t, "list_by_tag.json")
	c := localClient(t, rec.URL, media.WithCloudName("acme shop"))
	_, err := c.ListByTag(context.Background(), "summer sale?&#")
	require.NoError(t, err)
	r := rec.reqs[0]
	assert.Equal(t, "GET", r.Method)
	assert.Equal(t, "/res/acme%20shop/image/list/summer%20sale%3F&%23.json", r.URL.EscapedPath(), "cloud and tag escaped as single segments")
	assert.Equal(t, "/res/acme shop/image/list/summer sale?&#.json", r.URL.Path)
	assert.Empty(t, r.URL.RawQuery)
	assert.Empty(t, r.Header.Get("Authorization"), "no credentials on the public list")
	assertNoSecrets(t, r, false)

	// A client without any credentials works the same.
	bare, err := media.New(media.WithDeliveryURL(rec.URL+"/res"), media.WithCloudName(cloud))
	require.NoError(t, err)
	_, err = bare.ListByTag(context.Background(), "mugs")
	require.NoError(t, err)
	assert.Equal(t, "/res/acme-shop/image/list/mugs.json", rec.reqs[1].URL.Path)
}

func TestVersionBeyond2To53(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`[{"public_id":"x","version":9007199254740993,"created_at":"2024-01-02T03:04:05Z"}]`))
	}))
	defer srv.Close()
	l, err := localClient(t, srv.URL).ListImages(context.Background(), nil)
	require.NoError(t, err)
	require.Len(t, l.Resources, 1, "a bare array of assets is a list too")
	assert.Equal(t, int64(9007199254740993), l.Resources[0].Version)
	assert.Contains(t, string(l.Resources[0].RawJSON()), `"public_id":"x"`)
}

func TestErrors(t *testing.T) {
	fixture, err := os.ReadFile("../testdata/media/invalid_credentials.json")
	require.NoError(t, err)
	replayKey := replay.Credential("media", "api_key")
	echo := `{"error":{"message":"bad auth header ` + basicHeader() + ` for ` + key + `"}}`
	cases := []struct {
		name, ctype, body string
		status            int
		is                error
		msg               string
	}{
		{"401 echoing the key", "application/json", string(fixture), 401, conduit.ErrUnauthorized, "Invalid api_key " + transport.Redacted},
		{"401 echoing the Basic header", "application/json", echo, 401, conduit.ErrUnauthorized, "bad auth header Basic " + transport.Redacted + " for " + transport.Redacted},
		{"404 json", "application/json", `{"error":{"message":"Resource not found - acme-shop"}}`, 404, conduit.ErrNotFound, "Resource not found - acme-shop"},
		{"420 rate", "application/json", `{"error":{"message":"Rate Limit Exceeded"}}`, 420, conduit.ErrAPI, "Rate Limit Exceeded"},
		{"502 html", "text/html", "<html><body>Bad gateway</body></html>", 502, conduit.ErrAPI, ""},
		{"xml from storage", "application/xml", "<Error><Code>AccessDenied</Code></Error>", 403, conduit.ErrUnauthorized, ""},
		{"error at 200", "application/json", `{"error":{"message":"Invalid cloud_name acme-shop"}}`, 200, conduit.ErrAPI, "Invalid cloud_name acme-shop"},
		{"error string at 200", "application/json", `{"error":"disabled"}`, 200, conduit.ErrAPI, ""},
		{"null at 200", "application/json", `null`, 0, conduit.ErrMalformedResponse, "empty or null body where a record was expected"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := replay.Canned(max(tc.status, 200), tc.ctype, tc.body)
			defer srv.Close()
			c := localClient(t, srv.URL, conduit.WithMaxRetries(0), media.WithAPIKey(key))
			if strings.Contains(tc.body, replayKey) {
				c = localClient(t, srv.URL, conduit.WithMaxRetries(0), media.WithAPIKey(replayKey))
			}
			calls := map[string]func() error{
				"ListImages": func() error { _, err := c.ListImages(context.Background(), nil); return err },
				"Usage":      func() error { _, err := c.Usage(context.Background()); return err },
				"ListByTag":  func() error { _, err := c.ListByTag(context.Background(), "t"); return err },
			}
			for op, call := range calls {
				err := call()
				var e *media.Error
				require.ErrorAs(t, err, &e, op)
				assert.ErrorIs(t, err, tc.is, op)
				assert.Equal(t, tc.status, e.StatusCode, op)
				assert.Equal(t, op, e.Op)
				if tc.msg != "" {
					assert.Equal(t, tc.msg, e.Message, op)
				}
				for _, s := range []string{err.Error(), fmt.Sprintf("%+v", err), fmt.Sprintf("%#v", err), string(e.Body)} {
					for _, cred := range []string{key, secret, replayKey, base64.StdEncoding.EncodeToString([]byte(key + ":" + secret))} {
						assert.NotContains(t, s, cred, op)
					}
				}
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer srv.Close()
	c := localClient(t, srv.URL)
	newWith := func(name string) func() error {
		return func() error {
			_, err := media.New(media.WithCloudName(name), media.WithAdminURL(srv.URL))
			return err
		}
	}
	cases := []struct {
		field string
		call  func() error
	}{
		{"max_results", func() error {
			_, err := c.ListImages(context.Background(), &media.ListImagesParams{MaxResults: -1})
			return err
		}},
		{"tag", func() error { _, err := c.ListByTag(context.Background(), ""); return err }},
		{"tag", func() error { _, err := c.ListByTag(context.Background(), "a/b"); return err }},
		{"tag", func() error { _, err := c.ListByTag(context.Background(), "a\nb"); return err }},
		{"cloud_name", newWith("demo/other")},
		{"cloud_name", newWith("demo\r\n")},
		{"cloud_name", newWith("")},
	}
	t.Setenv("CONDUIT_MEDIA_CLOUD_NAME", "")
	for i, tc := range cases {
		var e *media.Error
		if err := tc.call(); assert.ErrorIs(t, err, conduit.ErrInvalidParam, "case %d", i) && assert.ErrorAs(t, err, &e) {
			assert.Equal(t, tc.field, e.Field, "case %d", i)
			assert.Contains(t, e.Error(), "invalid parameter "+tc.field, "case %d", i)
		}
	}
	assert.Zero(t, hits.Load(), "no request for bad input")
}

func TestMissingCloudNameSaysHow(t *testing.T) {
	t.Setenv("CONDUIT_MEDIA_CLOUD_NAME", "")
	_, err := media.New()
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.Contains(t, err.Error(), "media.WithCloudName")
	assert.Contains(t, err.Error(), "CONDUIT_MEDIA_CLOUD_NAME")

	t.Setenv("CONDUIT_MEDIA_CLOUD_NAME", "from-env")
	c, err := media.New()
	require.NoError(t, err)
	assert.Equal(t, "from-env", c.CloudName())
}

func TestMissingCredential(t *testing.T) {
	t.Setenv("CONDUIT_MEDIA_API_KEY", "")
	t.Setenv("CONDUIT_MEDIA_API_SECRET", "")
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer srv.Close()
	noSecret, err := media.New(media.WithCloudName(cloud), media.WithAdminURL(srv.URL), media.WithAPIKey(key))
	require.NoError(t, err)
	_, err = noSecret.Usage(context.Background())
	assert.ErrorIs(t, err, conduit.ErrMissingCredential)
	assert.Contains(t, err.Error(), "media.WithAPISecret or CONDUIT_MEDIA_API_SECRET")

	none, err := media.New(media.WithCloudName(cloud), media.WithAdminURL(srv.URL))
	require.NoError(t, err)
	_, err = none.ListImages(context.Background(), nil)
	assert.ErrorIs(t, err, conduit.ErrMissingCredential)
	assert.Contains(t, err.Error(), "media.WithAPIKey or CONDUIT_MEDIA_API_KEY")
	assert.Zero(t, hits.Load())
}

func TestEnvConfiguration(t *testing.T) {
	srv := replay.Start()
	defer srv.Close()
	for k, v := range srv.Env() {
		if strings.HasPrefix(k, "CONDUIT_MEDIA_") {
			t.Setenv(k, v)
		}
	}
	c, err := media.New()
	require.NoError(t, err)
	_, err = c.Usage(context.Background())
	require.NoError(t, err)
	_, err = c.ListByTag(context.Background(), "products")
	require.NoError(t, err)
}

func TestLastUpdatedTime(t *testing.T) {
	for in, want := range map[media.Text]time.Time{
		"2024-06-25":                time.Date(2024, 6, 25, 0, 0, 0, 0, time.UTC),
		"2024-06-25T10:11:12+02:00": time.Date(2024, 6, 25, 8, 11, 12, 0, time.UTC),
	} {
		got, err := (&media.Usage{LastUpdated: in}).LastUpdatedTime()
		require.NoError(t, err, in)
		assert.True(t, want.Equal(got), in)
	}
	for _, in := range []media.Text{"", "25/06/2024", "yesterday"} {
		_, err := (&media.Usage{LastUpdated: in}).LastUpdatedTime()
		assert.Error(t, err, in)
	}
}

func FuzzText(f *testing.F) {
	for _, s := range []string{`"Free"`, `12`, `null`, `{"name":"Plus"}`, `[1]`, `"\u00e9"`, `tru`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var x media.Text
		if err := x.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatalf("Text must never fail a record: %v", err)
		}
	})
}

func FuzzImageList(f *testing.F) {
	for _, s := range []string{
		`{"resources":[{"public_id":"a","version":1,"created_at":"2024-01-01T00:00:00Z"}]}`,
		`[{"public_id":"b"}]`, `[]`, `{}`, `null`, `[null]`, `{"resources":"x"}`, `[1]`, `{"error":{"message":"m"}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var l media.ImageList
		if err := l.UnmarshalJSON([]byte(in)); err != nil {
			return
		}
		for _, a := range l.Resources {
			if a.PublicID != "" && len(a.RawJSON()) == 0 {
				t.Fatalf("asset %q decoded without its raw bytes", a.PublicID)
			}
		}
	})
}
