package media_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/media"
)

func TestExplicitSendsASignedFormOfItsActions(t *testing.T) {
	rec := newRecorder(t, "explicit.json")
	a, err := localClient(t, rec.URL).Explicit(context.Background(), "products/teapot-white", &media.ExplicitParams{
		ResourceType: media.Video, Type: "private",
		Eager:      []string{"c_fill,h_200,w_300", "e_sepia"},
		EagerAsync: true,
		Tags:       []string{"products", "kitchen"},
		Context:    map[string]string{"caption": "Tea | two=cups", "alt": "A white teapot"},
		Metadata:   map[string]string{"sku": "TP-1", "in_stock": ""},
		Invalidate: true,
	})
	require.NoError(t, err)
	assert.Equal(t, "products/teapot-white", a.PublicID)
	r := rec.Last(t)
	assert.Equal(t, "POST", r.Method)
	assert.Equal(t, "/admin/v1_1/acme-shop/video/explicit", r.Path)
	assert.Empty(t, r.Header.Get("Authorization"))
	form, _, _ := sentForm(t, r)
	for name, want := range map[string]string{
		"public_id":   "products/teapot-white",
		"type":        "private",
		"eager":       "c_fill,h_200,w_300|e_sepia",
		"eager_async": "true",
		"tags":        "products,kitchen",
		"context":     `alt=A white teapot|caption=Tea \| two\=cups`,
		"metadata":    "in_stock=|sku=TP-1",
		"invalidate":  "true",
		"api_key":     key,
	} {
		assert.Equal(t, want, form.Get(name), name)
	}
	assert.Equal(t, expectedSignature(form, false), form.Get("signature"))
	assert.Empty(t, r.Holds(secret))

	_, err = localClient(t, rec.URL).Explicit(context.Background(), "products/teapot-white", nil)
	require.NoError(t, err)
	form, _, _ = sentForm(t, rec.Last(t))
	assert.ElementsMatch(t, []string{"public_id", "timestamp", "signature", "api_key"}, keys(form), "nothing but the asset when nothing is asked")
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestRenameSendsBothNames(t *testing.T) {
	rec := newRecorder(t, "rename.json")
	a, err := localClient(t, rec.URL).Rename(context.Background(), "products/mug-blue", "products/mug-red",
		&media.RenameParams{Type: "upload", ToType: "private", Overwrite: true, Invalidate: true})
	require.NoError(t, err)
	assert.Equal(t, "products/mug-red", a.PublicID)
	r := rec.Last(t)
	assert.Equal(t, "/admin/v1_1/acme-shop/image/rename", r.Path)
	form, _, _ := sentForm(t, r)
	assert.Equal(t, [6]string{"products/mug-blue", "products/mug-red", "upload", "private", "true", "true"},
		[6]string{form.Get("from_public_id"), form.Get("to_public_id"), form.Get("type"), form.Get("to_type"), form.Get("overwrite"), form.Get("invalidate")})
	assert.Equal(t, expectedSignature(form, false), form.Get("signature"))
}

func TestContextAndMetadataUpdates(t *testing.T) {
	rec := newRecorder(t, "tags.json")
	c := localClient(t, rec.URL)
	ctx := context.Background()
	ids := []string{"products/mug-blue", "products/teapot-white"}

	res, err := c.AddContext(ctx, map[string]string{"alt": "Mugs", "note": "50% off"}, ids, &media.UpdateParams{ResourceType: media.Raw, Type: "upload"})
	require.NoError(t, err)
	assert.Equal(t, ids, res.PublicIDs)
	r := rec.Last(t)
	assert.Equal(t, "/admin/v1_1/acme-shop/raw/context", r.Path)
	form, _, _ := sentForm(t, r)
	assert.Equal(t, "add", form.Get("command"))
	assert.Equal(t, "alt=Mugs|note=50% off", form.Get("context"))
	assert.Equal(t, ids, form["public_ids[]"])
	assert.Equal(t, "upload", form.Get("type"))
	assert.Equal(t, expectedSignature(form, false), form.Get("signature"))

	_, err = c.RemoveAllContext(ctx, ids, nil)
	require.NoError(t, err)
	r = rec.Last(t)
	assert.Equal(t, "/admin/v1_1/acme-shop/image/context", r.Path)
	form, _, _ = sentForm(t, r)
	assert.Equal(t, "remove_all", form.Get("command"))
	assert.False(t, form.Has("context"))
	assert.Equal(t, expectedSignature(form, false), form.Get("signature"))

	_, err = c.UpdateMetadata(ctx, map[string]string{"sku": "a|b", "color": ""}, ids[:1], nil)
	require.NoError(t, err)
	r = rec.Last(t)
	assert.Equal(t, "/admin/v1_1/acme-shop/image/metadata", r.Path)
	form, _, _ = sentForm(t, r)
	assert.Equal(t, `color=|sku=a\|b`, form.Get("metadata"))
	assert.Equal(t, ids[:1], form["public_ids[]"])
	assert.False(t, form.Has("command"))
	assert.Equal(t, expectedSignature(form, false), form.Get("signature"))
}

func TestManagementCallsCheckTheirInputBeforeSending(t *testing.T) {
	srv := testkit.Start(t)
	c := localClient(t, srv.URL)
	ctx := context.Background()
	ids := []string{"products/mug-blue"}
	for _, tc := range []struct {
		field string
		call  func() error
	}{
		{"public_id", func() error { _, err := c.Explicit(ctx, "", nil); return err }},
		{"public_id", func() error { _, err := c.Explicit(ctx, "a/%2e%2e/b", nil); return err }},
		{"eager", func() error {
			_, err := c.Explicit(ctx, "a", &media.ExplicitParams{Eager: []string{""}})
			return err
		}},
		{"tags", func() error { _, err := c.Explicit(ctx, "a", &media.ExplicitParams{Tags: []string{"a,b"}}); return err }},
		{"metadata", func() error {
			_, err := c.Explicit(ctx, "a", &media.ExplicitParams{Metadata: map[string]string{"a|b": "c"}})
			return err
		}},
		{"context", func() error {
			_, err := c.Explicit(ctx, "a", &media.ExplicitParams{Context: map[string]string{"alt": "x\r\ny"}})
			return err
		}},
		{"type", func() error { _, err := c.Explicit(ctx, "a", &media.ExplicitParams{Type: "x\n"}); return err }},
		{"resource_type", func() error {
			_, err := c.Explicit(ctx, "a", &media.ExplicitParams{ResourceType: media.Auto})
			return err
		}},
		{"from_public_id", func() error { _, err := c.Rename(ctx, "a/./b", "c", nil); return err }},
		{"to_public_id", func() error { _, err := c.Rename(ctx, "a", "../c", nil); return err }},
		{"to_type", func() error { _, err := c.Rename(ctx, "a", "c", &media.RenameParams{ToType: "\x00"}); return err }},
		{"context", func() error { _, err := c.AddContext(ctx, map[string]string{}, ids, nil); return err }},
		{"context", func() error { _, err := c.AddContext(ctx, map[string]string{`a\`: "b"}, ids, nil); return err }},
		{"public_ids", func() error { _, err := c.AddContext(ctx, map[string]string{"a": "b"}, nil, nil); return err }},
		{"public_ids", func() error { _, err := c.RemoveAllContext(ctx, make([]string, 1001), nil); return err }},
		{"public_ids", func() error { _, err := c.RemoveAllContext(ctx, []string{"a//b"}, nil); return err }},
		{"metadata", func() error { _, err := c.UpdateMetadata(ctx, nil, ids, nil); return err }},
		{"type", func() error {
			_, err := c.UpdateMetadata(ctx, map[string]string{"a": "b"}, ids, &media.UpdateParams{Type: "\x7f"})
			return err
		}},
	} {
		testkit.InvalidParam(t, tc.call(), tc.field)
	}
	assert.Zero(t, srv.Hits())
}

func TestRenameOfAMissingAssetIsNotFound(t *testing.T) {
	srv := testkit.Start(t, fixture(t, 404, "application/json", "resource_not_found.json"))
	_, err := localClient(t, srv.URL).Rename(context.Background(), "products/missing-shoe", "products/shoe", nil)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "media", Op: "Rename", Status: 404,
		Message: "Resource not found - products/missing-shoe"})
	assert.Equal(t, 1, srv.Hits())
	assert.True(t, strings.HasPrefix(err.Error(), "media.Rename"))
}
