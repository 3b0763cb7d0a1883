package main

import (
	"context"

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
		return nil
	})
}
