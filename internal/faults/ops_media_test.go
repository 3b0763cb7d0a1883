package faults

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/media"
)

// mediaSigned is where the Upload API's credential sits: the api_key beside
// a signature made with the secret, which is never sent.
const mediaSigned = "form api_key and signature"

// mediaIDs are assets the fake holds.
var mediaIDs = []string{"products/mug-blue", "products/teapot-white"}

func init() {
	notes = append(notes,
		noted("media", "ListImages", media.New).auth(mediaBasic).rejects("max_results", func(ctx context.Context, c *media.Client) error {
			return discard(c.ListImages(ctx, &media.ListImagesParams{MaxResults: -1}))
		}),
		noted("media", "Usage", media.New).auth(mediaBasic),
		noted("media", "ListByTag", media.New).rejects("tag", func(ctx context.Context, c *media.Client) error {
			return discard(c.ListByTag(ctx, ""))
		}).rejects("tag", func(ctx context.Context, c *media.Client) error {
			return discard(c.ListByTag(ctx, "../usage"))
		}).rejects("tag", func(ctx context.Context, c *media.Client) error {
			return discard(c.ListByTag(ctx, "products\n"))
		}),
		noted("media", "Upload", media.New).writes().auth(mediaSigned).rejects("file", func(ctx context.Context, c *media.Client) error {
			return discard(c.Upload(ctx, media.File{}, nil))
		}).rejects("file", func(ctx context.Context, c *media.Client) error {
			return discard(c.Upload(ctx, media.FromURL("teapot.jpg"), nil))
		}).rejects("tags", func(ctx context.Context, c *media.Client) error {
			return discard(c.Upload(ctx, media.FromURL("https://example.com/a.jpg"), &media.UploadParams{Tags: []string{"a,b"}}))
		}).rejects("resource_type", func(ctx context.Context, c *media.Client) error {
			return discard(c.Upload(ctx, media.FromReader("a.png", strings.NewReader("x")), &media.UploadParams{ResourceType: "images"}))
		}),
		noted("media", "Destroy", media.New).writes().auth(mediaSigned).rejects("public_id", func(ctx context.Context, c *media.Client) error {
			return discard(c.Destroy(ctx, "", nil))
		}).rejects("public_id", func(ctx context.Context, c *media.Client) error {
			return discard(c.Destroy(ctx, "products/../usage", nil))
		}),
		noted("media", "AddTag", media.New).writes().auth(mediaSigned).rejects("tag", func(ctx context.Context, c *media.Client) error {
			return discard(c.AddTag(ctx, "", mediaIDs, nil))
		}).rejects("public_ids", func(ctx context.Context, c *media.Client) error {
			return discard(c.AddTag(ctx, "sale", nil, nil))
		}),
		noted("media", "RemoveTag", media.New).writes().auth(mediaSigned).rejects("public_ids", func(ctx context.Context, c *media.Client) error {
			return discard(c.RemoveTag(ctx, "sale", make([]string, 1001), nil))
		}),
		noted("media", "Explicit", media.New).writes().auth(mediaSigned).rejects("public_id", func(ctx context.Context, c *media.Client) error {
			return discard(c.Explicit(ctx, "products/./teapot", nil))
		}).rejects("eager", func(ctx context.Context, c *media.Client) error {
			return discard(c.Explicit(ctx, "products/teapot-white", &media.ExplicitParams{Eager: []string{"w_300|h_200"}}))
		}).rejects("context", func(ctx context.Context, c *media.Client) error {
			return discard(c.Explicit(ctx, "products/teapot-white", &media.ExplicitParams{Context: map[string]string{"a=b": "c"}}))
		}),
		noted("media", "Rename", media.New).writes().auth(mediaSigned).rejects("from_public_id", func(ctx context.Context, c *media.Client) error {
			return discard(c.Rename(ctx, "../usage", "products/mug-red", nil))
		}).rejects("to_public_id", func(ctx context.Context, c *media.Client) error {
			return discard(c.Rename(ctx, "products/mug-blue", "", nil))
		}).rejects("to_type", func(ctx context.Context, c *media.Client) error {
			return discard(c.Rename(ctx, "products/mug-blue", "products/mug-red", &media.RenameParams{ToType: "private\n"}))
		}),
		noted("media", "AddContext", media.New).writes().auth(mediaSigned).rejects("context", func(ctx context.Context, c *media.Client) error {
			return discard(c.AddContext(ctx, nil, mediaIDs, nil))
		}).rejects("public_ids", func(ctx context.Context, c *media.Client) error {
			return discard(c.AddContext(ctx, map[string]string{"alt": "x"}, []string{"products/.."}, nil))
		}),
		noted("media", "RemoveAllContext", media.New).writes().auth(mediaSigned).rejects("public_ids", func(ctx context.Context, c *media.Client) error {
			return discard(c.RemoveAllContext(ctx, nil, nil))
		}),
		noted("media", "UpdateMetadata", media.New).writes().auth(mediaSigned).rejects("metadata", func(ctx context.Context, c *media.Client) error {
			return discard(c.UpdateMetadata(ctx, map[string]string{"": "x"}, mediaIDs, nil))
		}).rejects("type", func(ctx context.Context, c *media.Client) error {
			return discard(c.UpdateMetadata(ctx, map[string]string{"sku": "x"}, mediaIDs, &media.UpdateParams{Type: "up\x00load"}))
		}),
		noted("media", "Resource", media.New).auth(mediaBasic).rejects("public_id", func(ctx context.Context, c *media.Client) error {
			return discard(c.Resource(ctx, "", nil))
		}).rejects("type", func(ctx context.Context, c *media.Client) error {
			return discard(c.Resource(ctx, "products/mug-blue", &media.ResourceParams{Type: "up/load"}))
		}),
		noted("media", "Search", media.New).auth(mediaBasic).rejects("max_results", func(ctx context.Context, c *media.Client) error {
			return discard(c.Search(ctx, &media.SearchParams{MaxResults: 501}))
		}).rejects("sort_by", func(ctx context.Context, c *media.Client) error {
			return discard(c.Search(ctx, &media.SearchParams{SortBy: []media.SortField{{}}}))
		}),
	)
}
