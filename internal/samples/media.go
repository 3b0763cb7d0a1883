package samples

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/media"
)

// ids are two resources of the fixtures.
var ids = []string{"products/mug-blue", "products/teapot-white"}

func init() {
	add("media", media.New, []row[*media.Client]{
		{"Upload", func(ctx context.Context, cl *media.Client) (Answer, error) {
			a, err := cl.Upload(ctx, media.FromReader("teapot.jpg", strings.NewReader("JPEG")), &media.UploadParams{PublicID: "products/teapot-white", Tags: []string{"products", "kitchen"}})
			return answer(a, func() any { return a.SecureURL }), err
		}},
		{"Destroy", func(ctx context.Context, cl *media.Client) (Answer, error) {
			d, err := cl.Destroy(ctx, "products/teapot-white", nil)
			return answer(d, func() any { return d.Result }), err
		}},
		{"AddTag", func(ctx context.Context, cl *media.Client) (Answer, error) {
			r, err := cl.AddTag(ctx, "sale", ids, nil)
			return answer(r, func() any { return r.PublicIDs[0] }), err
		}},
		{"RemoveTag", func(ctx context.Context, cl *media.Client) (Answer, error) {
			r, err := cl.RemoveTag(ctx, "sale", ids, nil)
			return answer(r, func() any { return r.PublicIDs[1] }), err
		}},
		{"Explicit", func(ctx context.Context, cl *media.Client) (Answer, error) {
			a, err := cl.Explicit(ctx, "products/teapot-white", &media.ExplicitParams{Eager: []string{"c_fill,h_200,w_300"}, Tags: []string{"products"}})
			return answer(a, func() any { return a.Version }), err
		}},
		{"Rename", func(ctx context.Context, cl *media.Client) (Answer, error) {
			a, err := cl.Rename(ctx, "products/mug-blue", "products/mug-red", nil)
			return answer(a, func() any { return a.PublicID }), err
		}},
		{"AddContext", func(ctx context.Context, cl *media.Client) (Answer, error) {
			r, err := cl.AddContext(ctx, map[string]string{"alt": "Kitchenware"}, ids, nil)
			return answer(r, func() any { return r.PublicIDs[0] }), err
		}},
		{"RemoveAllContext", func(ctx context.Context, cl *media.Client) (Answer, error) {
			r, err := cl.RemoveAllContext(ctx, ids, nil)
			return answer(r, func() any { return r.PublicIDs[1] }), err
		}},
		{"UpdateMetadata", func(ctx context.Context, cl *media.Client) (Answer, error) {
			r, err := cl.UpdateMetadata(ctx, map[string]string{"in_stock": "true"}, ids, nil)
			return answer(r, func() any { return r.PublicIDs[0] }), err
		}},
		{"Resource", func(ctx context.Context, cl *media.Client) (Answer, error) {
			a, err := cl.Resource(ctx, "products/mug-blue", nil)
			return answer(a, func() any { return a.Bytes }), err
		}},
		{"Search", func(ctx context.Context, cl *media.Client) (Answer, error) {
			// Every page, as a caller of AllSearch reads them.
			return eachRead(cl.AllSearch(ctx, &media.SearchParams{Expression: "resource_type:image AND tags=products", MaxResults: 2}), func(l []media.AssetDetails) any { return l[0].PublicID })
		}},
		{"ListImages", func(ctx context.Context, cl *media.Client) (Answer, error) {
			l, err := cl.ListImages(ctx, &media.ListImagesParams{MaxResults: 2})
			return answer(l, func() any { return l.Resources[0].PublicID }), err
		}},
		{"Usage", func(ctx context.Context, cl *media.Client) (Answer, error) {
			u, err := cl.Usage(ctx)
			return answer(u, func() any { return u.Plan }), err
		}},
		{"ListByTag", func(ctx context.Context, cl *media.Client) (Answer, error) {
			l, err := cl.ListByTag(ctx, "products")
			return answer(l, func() any { return l.Resources[0].PublicID }), err
		}},
	})
}
