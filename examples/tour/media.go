package main

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/media"
)

func init() {
	register("media", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := media.New()
		if err != nil {
			return err
		}
		tagged, err := c.ListByTag(ctx, "products")
		if err != nil {
			return err
		}
		first := tagged.Resources[0]
		say("ListByTag", "%d images tagged products, first %s.%s %dx%d, updated %s",
			len(tagged.Resources), first.PublicID, first.Format, first.Width, first.Height, tagged.UpdatedAt.Format("2006-01-02 15:04 MST"))

		list, err := c.ListImages(ctx, &media.ListImagesParams{MaxResults: 2})
		if err != nil {
			return err
		}
		last := list.Resources[len(list.Resources)-1]
		say("ListImages", "%d images, last %q v%d created %s", len(list.Resources), last.PublicID, last.Version, last.CreatedAt.Format("2006-01-02"))

		u, err := c.Usage(ctx)
		if err != nil {
			return err
		}
		var credits struct {
			Credits struct {
				Usage float64 `json:"usage"`
				Limit float64 `json:"limit"`
			} `json:"credits"`
		}
		if err := u.Decode(&credits); err != nil {
			return err
		}
		say("Usage", "plan %s, last updated %s, %.2f of %.0f credits used", u.Plan, u.LastUpdated, credits.Credits.Usage, credits.Credits.Limit)

		up, err := c.Upload(ctx, media.FromReader("teapot.jpg", strings.NewReader("JPEG bytes")), &media.UploadParams{PublicID: "products/teapot-white", Tags: []string{"products"}})
		if err != nil {
			return err
		}
		say("Upload", "signed upload stored %s v%d, %dx%d %s, %d bytes", up.PublicID, up.Version, up.Width, up.Height, up.Format, up.Bytes)

		var resp conduit.Response
		a, err := c.Resource(ctx, "products/mug-blue", nil, conduit.WithResponse(&resp))
		if err != nil {
			return err
		}
		say("Resource", "%s is %d bytes, tags %v; admin budget %d of %d left", a.PublicID, a.Bytes, a.Tags, resp.RateLimit.Requests.Remaining, resp.RateLimit.Requests.Limit)

		found, err := c.Search(ctx, &media.SearchParams{Expression: "tags=products", MaxResults: 2})
		if err != nil {
			return err
		}
		say("Search", "%d assets match tags=products, %d on the first page, more: %t", found.TotalCount, len(found.Resources), found.NextCursor != "")

		ids := []string{"products/mug-blue", "products/teapot-white"}
		added, err := c.AddTag(ctx, "sale", ids, nil)
		if err != nil {
			return err
		}
		say("AddTag", "tagged sale: %v", added.PublicIDs)
		untagged, err := c.RemoveTag(ctx, "sale", ids, nil)
		if err != nil {
			return err
		}
		say("RemoveTag", "untagged sale: %v", untagged.PublicIDs)

		gone, err := c.Destroy(ctx, "products/teapot-white", nil)
		if err != nil {
			return err
		}
		say("Destroy", "products/teapot-white: %s", gone.Result)
		return nil
	})
}
