package media_test

import (
	"bytes"
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/media"
)

// sentForm reads a recorded multipart request: its text parts, and its file
// part's name and content ("" when it has none).
func sentForm(t *testing.T, r testkit.Request) (url.Values, string, string) {
	t.Helper()
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	require.NoError(t, err)
	require.Equal(t, "multipart/form-data", mt)
	mr := multipart.NewReader(bytes.NewReader(r.Body), params["boundary"])
	form := url.Values{}
	var filename, content string
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return form, filename, content
		}
		require.NoError(t, err)
		b, err := io.ReadAll(p)
		require.NoError(t, err)
		if p.FileName() != "" {
			filename, content = p.FileName(), string(b)
			continue
		}
		form.Add(p.FormName(), string(b))
	}
}

// expectedSignature recomputes Cloudinary's signature of a sent form, as
// its documentation describes it, independently of the package.
func expectedSignature(form url.Values, sha256Digest bool) string {
	var pairs []string
	for name, vals := range form {
		bare := strings.TrimSuffix(name, "[]")
		switch bare {
		case "file", "api_key", "signature", "resource_type", "cloud_name":
			continue
		}
		pairs = append(pairs, bare+"="+strings.Join(vals, ","))
	}
	sort.Strings(pairs)
	payload := []byte(strings.Join(pairs, "&") + secret)
	if sha256Digest {
		sum := sha256.Sum256(payload)
		return hex.EncodeToString(sum[:])
	}
	sum := sha1.Sum(payload)
	return hex.EncodeToString(sum[:])
}

func TestUploadStreamsASignedForm(t *testing.T) {
	rec := newRecorder(t, "upload.json")
	no := false
	before := time.Now().Unix()
	a, err := localClient(t, rec.URL).Upload(context.Background(), media.FromReader("teapot.jpg", strings.NewReader("JPEG bytes")), &media.UploadParams{
		PublicID: "products/teapot-white", Folder: "products", Tags: []string{"products", "kitchen"}, Overwrite: &no,
	})
	require.NoError(t, err)
	assert.Equal(t, "products/teapot-white", a.PublicID)
	assert.Equal(t, "https://media.example.com/ct-media-cloud-9Xw1/image/upload/v1719307544/products/teapot-white.jpg", a.SecureURL)
	assert.Equal(t, time.Date(2024, 6, 25, 9, 25, 44, 0, time.UTC), a.CreatedAt)

	r := rec.Last(t)
	assert.Equal(t, "POST", r.Method)
	assert.Equal(t, "/admin/v1_1/acme-shop/image/upload", r.Path)
	assert.Empty(t, r.Header.Get("Authorization"), "the Upload API takes a signature, not Basic")
	form, filename, content := sentForm(t, r)
	assert.Equal(t, "teapot.jpg", filename)
	assert.Equal(t, "JPEG bytes", content)
	assert.Equal(t, "products/teapot-white", form.Get("public_id"))
	assert.Equal(t, "products", form.Get("folder"))
	assert.Equal(t, "products,kitchen", form.Get("tags"))
	assert.Equal(t, "false", form.Get("overwrite"))
	assert.Equal(t, key, form.Get("api_key"))
	ts, err := strconv.ParseInt(form.Get("timestamp"), 10, 64)
	require.NoError(t, err)
	assert.True(t, ts >= before && ts <= time.Now().Unix(), "the timestamp is the time of the call")
	assert.Equal(t, expectedSignature(form, false), form.Get("signature"), "SHA-1 of the sorted parameters and the secret")
	assert.Empty(t, r.Holds(secret), "the secret is never sent")
	assert.Equal(t, []string{"body"}, r.Holds(key), "the key travels in the form only")
}

func TestUploadOfAnAddressSendsItAsTheFileField(t *testing.T) {
	rec := newRecorder(t, "upload.json")
	c := localClient(t, rec.URL, media.WithSignatureAlgorithm(media.SHA256))
	_, err := c.Upload(context.Background(), media.FromURL("https://upload.wikimedia.org/sample.jpg"), &media.UploadParams{ResourceType: media.Auto})
	require.NoError(t, err)
	r := rec.Last(t)
	assert.Equal(t, "/admin/v1_1/acme-shop/auto/upload", r.Path)
	form, filename, _ := sentForm(t, r)
	assert.Empty(t, filename, "no file part")
	assert.Equal(t, "https://upload.wikimedia.org/sample.jpg", form.Get("file"))
	assert.Len(t, form.Get("signature"), 64, "a SHA-256 hex digest")
	assert.Equal(t, expectedSignature(form, true), form.Get("signature"), "file is left out of what is signed")
}

func TestSignedCallsCheckTheirInputBeforeSending(t *testing.T) {
	srv := testkit.Start(t)
	c := localClient(t, srv.URL)
	ctx := context.Background()
	for field, call := range map[string]func() error{
		"file":  func() error { _, err := c.Upload(ctx, media.File{}, nil); return err },
		"file ": func() error { _, err := c.Upload(ctx, media.FromURL("javascript:alert(1)"), nil); return err },
		"file  ": func() error {
			_, err := c.Upload(ctx, media.FromReader("a.png\r\nX-Injected: 1", strings.NewReader("x")), nil)
			return err
		},
		"tags": func() error {
			_, err := c.Upload(ctx, media.FromURL("https://a.example/x.png"), &media.UploadParams{Tags: []string{"a,b"}})
			return err
		},
		"public_id": func() error { _, err := c.Destroy(ctx, "a/../b", nil); return err },
		"resource_type": func() error {
			_, err := c.Destroy(ctx, "a", &media.DestroyParams{ResourceType: media.Auto})
			return err
		},
		"tag":        func() error { _, err := c.AddTag(ctx, "", []string{"a"}, nil); return err },
		"public_ids": func() error { _, err := c.RemoveTag(ctx, "sale", make([]string, 1001), nil); return err },
	} {
		testkit.InvalidParam(t, call(), strings.TrimSpace(field))
	}
	assert.Zero(t, srv.Hits())
}

func TestSignedCallsNeedTheSecretBeforeSending(t *testing.T) {
	t.Setenv("CONDUIT_MEDIA_API_SECRET", "")
	srv := testkit.Start(t)
	c := testkit.Client(t, media.New, media.WithAdminURL(srv.URL), media.WithCloudName(cloud), media.WithAPIKey(key))
	_, err := c.Destroy(context.Background(), "products/mug-blue", nil)
	assert.ErrorIs(t, err, conduit.ErrMissingCredential)
	assert.Contains(t, err.Error(), "media.WithAPISecret")
	assert.Zero(t, srv.Hits())
}

func TestDestroyAndTagsSendSignedForms(t *testing.T) {
	rec := newRecorder(t, "destroy.json")
	d, err := localClient(t, rec.URL).Destroy(context.Background(), "banners/summer sale", &media.DestroyParams{ResourceType: media.Video, Type: "private", Invalidate: true})
	require.NoError(t, err)
	assert.Equal(t, "ok", d.Result)
	r := rec.Last(t)
	assert.Equal(t, "/admin/v1_1/acme-shop/video/destroy", r.Path)
	form, _, _ := sentForm(t, r)
	assert.Equal(t, [3]string{"banners/summer sale", "private", "true"}, [3]string{form.Get("public_id"), form.Get("type"), form.Get("invalidate")})
	assert.Equal(t, expectedSignature(form, false), form.Get("signature"))

	rec = newRecorder(t, "tags.json")
	c := localClient(t, rec.URL)
	res, err := c.RemoveTag(context.Background(), "sale", []string{"products/mug-blue", "products/teapot-white"}, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"products/mug-blue", "products/teapot-white"}, res.PublicIDs)
	r = rec.Last(t)
	assert.Equal(t, "/admin/v1_1/acme-shop/image/tags", r.Path)
	form, _, _ = sentForm(t, r)
	assert.Equal(t, "remove", form.Get("command"))
	assert.Equal(t, []string{"products/mug-blue", "products/teapot-white"}, form["public_ids[]"])
	assert.Equal(t, expectedSignature(form, false), form.Get("signature"), "public_ids signed as one comma-joined value")
	assert.Empty(t, r.Holds(secret))
}

func TestDestroyOfAMissingAssetIsNotFound(t *testing.T) {
	rec := newRecorder(t, "destroy_not_found.json")
	_, err := localClient(t, rec.URL).Destroy(context.Background(), "products/gone", nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "media", Op: "Destroy", Status: 200, Code: "not found", Message: "no asset with that public id"})
}

func TestInvalidSignatureIsUnauthorized(t *testing.T) {
	srv := testkit.Start(t, fixture(t, 401, "application/json", "invalid_signature.json"))
	_, err := localClient(t, srv.URL).AddTag(context.Background(), "sale", []string{"a"}, nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrUnauthorized, Service: "media", Op: "AddTag", Status: http.StatusUnauthorized,
		Message: "Invalid Signature 61ff76640a4a23242f08e4e45d53b9d144222e06. String to sign - 'timestamp=1761839719'."})
	assert.Equal(t, 1, srv.Hits(), "a refused write is not sent again")
}
