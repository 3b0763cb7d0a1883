package media_test

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/redact"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/media"
)

const (
	key    = "key-4417209938"
	secret = "sec-Hq8wPz1TqzL"
	cloud  = "acme-shop"
)

func replayClient(t *testing.T, extra ...media.Option) (*media.Client, *replay.Server) {
	srv := testkit.ReplayServer(t)
	return testkit.Client(t, media.New, append(srv.Options("media"), extra...)...), srv
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
	assert.Equal(t, page.NextCursor, l.NextCursor, "and the cursor is typed, to be sent back")
	assert.Equal(t, 1, srv.Hits("GET /media_admin_url/v1_1/{cloud}/resources/image"))
	golden.JSON(t, "media", "list_images", l)
}

func TestUsageReplay(t *testing.T) {
	c, _ := replayClient(t)
	u, err := c.Usage(context.Background())
	require.NoError(t, err)
	assert.Equal(t, conduit.Text("Free"), u.Plan)
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
	srv := testkit.ReplayServer(t)
	// No key or secret at all: the public list needs none.
	c := testkit.Client(t, media.New, media.WithDeliveryURL(srv.URL("media", "media_delivery_url")), media.WithCloudName(replay.Credential("media", "cloud_name")))
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
	testkit.NoSecret(t, err, "not-the-secret-77")
}

// recorder answers every request with a file from testdata/media.
func newRecorder(t *testing.T, fixture string) *testkit.Server {
	return testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "media", fixture)})
}

func localClient(t *testing.T, base string, opts ...media.Option) *media.Client {
	return testkit.Client(t, media.New, append([]media.Option{
		media.WithAdminURL(base + "/admin"),
		media.WithDeliveryURL(base + "/res/"),
		media.WithCloudName(cloud),
		media.WithAPIKey(key),
		media.WithAPISecret(secret),
		testkit.Fast,
	}, opts...)...)
}

func basicHeader() string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(key+":"+secret))
}

// assertNoSecrets checks that key and secret appear nowhere but where
// allowed: the Authorization header, when authorization is true.
func assertNoSecrets(t *testing.T, r testkit.Request, authorization bool) {
	t.Helper()
	assert.Empty(t, r.Holds(key))
	assert.Empty(t, r.Holds(secret))
	var basic []string
	if authorization {
		basic = []string{"header Authorization"}
	}
	assert.Equal(t, basic, r.Holds(base64.StdEncoding.EncodeToString([]byte(key+":"+secret))))
}

func TestAdminRequestShapes(t *testing.T) {
	rec := newRecorder(t, "list_images.json")
	c := localClient(t, rec.URL)
	for i, p := range []*media.ListImagesParams{{MaxResults: 500}, nil, {}} {
		_, err := c.ListImages(context.Background(), p)
		require.NoError(t, err)
		require.Equal(t, i+1, rec.Hits())
		r := rec.Last(t)
		assert.Equal(t, "GET", r.Method)
		assert.Equal(t, "/admin/v1_1/acme-shop/resources/image", r.Path)
		assert.Equal(t, []string{"max_results=500", "", ""}[i], r.Query, "0 or nil params leave max_results out")
		assert.Equal(t, basicHeader(), r.Header.Get("Authorization"))
		user, pass, ok := (&http.Request{Header: r.Header}).BasicAuth()
		assert.True(t, ok)
		assert.Equal(t, [2]string{key, secret}, [2]string{user, pass}, "key as user name, secret as password")
		assertNoSecrets(t, r, true)
	}

	rec = newRecorder(t, "usage.json")
	_, err := localClient(t, rec.URL).Usage(context.Background())
	require.NoError(t, err)
	r := rec.Last(t)
	assert.Equal(t, "GET", r.Method)
	assert.Equal(t, "/admin/v1_1/acme-shop/usage", r.Path)
	assert.Empty(t, r.Query)
	assert.Equal(t, basicHeader(), r.Header.Get("Authorization"))
	assertNoSecrets(t, r, true)
}

func TestListByTagRequestShape(t *testing.T) {
	rec := newRecorder(t, "list_by_tag.json")
	c := localClient(t, rec.URL, media.WithCloudName("acme shop"))
	_, err := c.ListByTag(context.Background(), "summer sale?&#")
	require.NoError(t, err)
	r := rec.Last(t)
	assert.Equal(t, "GET", r.Method)
	assert.Equal(t, "/res/acme%20shop/image/list/summer%20sale%3F&%23.json", r.Path, "cloud and tag escaped as single segments")
	decoded, err := url.PathUnescape(r.Path)
	require.NoError(t, err)
	assert.Equal(t, "/res/acme shop/image/list/summer sale?&#.json", decoded)
	assert.Empty(t, r.Query)
	assert.Empty(t, r.Header.Get("Authorization"), "no credentials on the public list")
	assertNoSecrets(t, r, false)

	// A client without any credentials works the same.
	bare := testkit.Client(t, media.New, media.WithDeliveryURL(rec.URL+"/res"), media.WithCloudName(cloud))
	_, err = bare.ListByTag(context.Background(), "mugs")
	require.NoError(t, err)
	assert.Equal(t, "/res/acme-shop/image/list/mugs.json", rec.Last(t).Path)
}

func TestVersionBeyond2To53(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `[{"public_id":"x","version":9007199254740993,"created_at":"2024-01-02T03:04:05Z"}]`})
	l, err := localClient(t, srv.URL).ListImages(context.Background(), nil)
	require.NoError(t, err)
	require.Len(t, l.Resources, 1, "a bare array of assets is a list too")
	assert.Equal(t, int64(9007199254740993), l.Resources[0].Version)
	assert.Contains(t, string(l.Resources[0].RawJSON()), `"public_id":"x"`)
}

func TestErrors(t *testing.T) {
	replayKey := replay.Credential("media", "api_key")
	echo := `{"error":{"message":"bad auth header ` + basicHeader() + ` for ` + key + `"}}`
	reply := func(status int, contentType, body string) testkit.Reply {
		return testkit.Reply{Status: status, ContentType: contentType, Body: body}
	}
	want := func(is error, status int, code, message string) testkit.Shape {
		return testkit.Shape{Is: is, Status: status, Code: code, Message: message}
	}
	secrets := []string{key, secret, replayKey, base64.StdEncoding.EncodeToString([]byte(key + ":" + secret))}
	ops := func(apiKey string) []testkit.Op {
		client := func(t *testing.T, url string) *media.Client {
			return localClient(t, url, conduit.WithMaxRetries(0), media.WithAPIKey(apiKey))
		}
		return []testkit.Op{
			{Service: "media", Op: "ListImages", Call: func(t *testing.T, url string) error {
				_, err := client(t, url).ListImages(context.Background(), nil)
				return err
			}},
			{Service: "media", Op: "Usage", Call: func(t *testing.T, url string) error {
				_, err := client(t, url).Usage(context.Background())
				return err
			}},
			{Service: "media", Op: "ListByTag", Call: func(t *testing.T, url string) error {
				_, err := client(t, url).ListByTag(context.Background(), "t")
				return err
			}},
		}
	}
	// The fixture echoes the replay key: the client sends that one.
	testkit.Errors(t, []testkit.Case{
		{Name: "401 echoing the key", Reply: reply(401, "application/json", testkit.Fixture(t, "media", "invalid_credentials.json")),
			Want: want(conduit.ErrUnauthorized, 401, "", "Invalid api_key "+redact.Redacted)},
	}, secrets, ops(replayKey)...)
	testkit.Errors(t, []testkit.Case{
		{Name: "401 echoing the Basic header", Reply: reply(401, "application/json", echo),
			Want: want(conduit.ErrUnauthorized, 401, "", "bad auth header Basic "+redact.Redacted+" for "+redact.Redacted)},
		{Name: "404 json", Reply: reply(404, "application/json", `{"error":{"message":"Resource not found - acme-shop"}}`),
			Want: want(conduit.ErrNotFound, 404, "", "Resource not found - acme-shop")},
		{Name: "420 rate", Reply: reply(420, "application/json", `{"error":{"message":"Rate Limit Exceeded"}}`), Want: want(conduit.ErrAPI, 420, "", "Rate Limit Exceeded")},
		{Name: "502 html", Reply: reply(502, "text/html", "<html><body>Bad gateway</body></html>"), Want: want(conduit.ErrAPI, 502, "", "")},
		{Name: "xml from storage", Reply: reply(403, "application/xml", "<Error><Code>AccessDenied</Code></Error>"), Want: want(conduit.ErrUnauthorized, 403, "", "")},
		{Name: "error at 200", Reply: reply(200, "application/json", `{"error":{"message":"Invalid cloud_name acme-shop"}}`),
			Want: want(conduit.ErrAPI, 200, "", "Invalid cloud_name acme-shop")},
		{Name: "error string at 200", Reply: reply(200, "application/json", `{"error":"disabled"}`), Want: want(conduit.ErrAPI, 200, "disabled", "")},
		{Name: "null at 200", Reply: reply(200, "application/json", `null`), Want: want(conduit.ErrMalformedResponse, 0, "", "empty or null body where a record was expected")},
	}, secrets, ops(key)...)
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := localClient(t, srv.URL)
	newWith := func(name string) func() error {
		return func() error {
			_, err := media.New(media.WithCloudName(name), media.WithAdminURL(srv.URL))
			return err
		}
	}
	t.Setenv("CONDUIT_MEDIA_CLOUD_NAME", "")
	testkit.BadInput(t, srv, testkit.Shape{Service: "media"}, []testkit.Input{
		{Field: "max_results", Call: func() error {
			_, err := c.ListImages(context.Background(), &media.ListImagesParams{MaxResults: -1})
			return err
		}},
		{Field: "tag", Call: func() error { _, err := c.ListByTag(context.Background(), ""); return err }},
		{Field: "tag", Call: func() error { _, err := c.ListByTag(context.Background(), "a/b"); return err }},
		{Field: "tag", Call: func() error { _, err := c.ListByTag(context.Background(), "a\nb"); return err }},
		{Field: "cloud_name", Call: newWith("demo/other")},
		{Field: "cloud_name", Call: newWith("demo\r\n")},
		{Field: "cloud_name", Call: newWith("..")},
		{Field: "cloud_name", Call: newWith("%2e%2e")},
		{Field: "cloud_name", Call: newWith("")},
	}, key, secret)
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
	srv := testkit.Start(t)
	noSecret := testkit.Client(t, media.New, media.WithCloudName(cloud), media.WithAdminURL(srv.URL), media.WithAPIKey(key))
	testkit.MissingCredential(t, srv, "media.WithAPISecret", "CONDUIT_MEDIA_API_SECRET", func() error {
		_, err := noSecret.Usage(context.Background())
		return err
	})
	none := testkit.Client(t, media.New, media.WithCloudName(cloud), media.WithAdminURL(srv.URL))
	testkit.MissingCredential(t, srv, "media.WithAPIKey", "CONDUIT_MEDIA_API_KEY", func() error {
		_, err := none.ListImages(context.Background(), nil)
		return err
	})
}

func TestEnvConfiguration(t *testing.T) {
	for k, v := range testkit.ReplayServer(t).Env() {
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
	for in, want := range map[conduit.Text]time.Time{
		"2024-06-25":                time.Date(2024, 6, 25, 0, 0, 0, 0, time.UTC),
		"2024-06-25T10:11:12+02:00": time.Date(2024, 6, 25, 8, 11, 12, 0, time.UTC),
	} {
		got, err := (&media.Usage{LastUpdated: in}).LastUpdatedTime()
		require.NoError(t, err, in)
		assert.True(t, want.Equal(got), in)
	}
	for _, in := range []conduit.Text{"", "25/06/2024", "yesterday"} {
		_, err := (&media.Usage{LastUpdated: in}).LastUpdatedTime()
		assert.Error(t, err, in)
	}
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
