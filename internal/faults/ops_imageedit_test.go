package faults

import (
	"bytes"
	"context"
	"net/url"

	"github.com/conduit-sdk/conduit/imageedit"
)

func init() {
	ops = append(ops,
		row("imageedit", "Edit", imageedit.New, func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{
				RemoveBackground: true, Extra: url.Values{"background.color": {"FFFFFF"}},
			}))
		}).auth(imageKey).returns(binary).rejects("imageUrl", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "shoe.jpg", nil))
		}).rejects("imageUrl", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "ftp://cdn.example.com/shoe.jpg", nil))
		}).rejects("Extra", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{Extra: url.Values{"": {"x"}}}))
		}).rejects("removeBackground", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{Extra: url.Values{"removeBackground": {"false"}}}))
		}),
		row("imageedit", "Account", imageedit.New, func(ctx context.Context, c *imageedit.Client) error {
			return discard(c.Account(ctx))
		}).auth(imageKey),
		row("imageedit", "Segment", imageedit.New, func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{FileName: "photo.png"}))
		}).writes().auth(imageKey).returns(binary).rejects(imageedit.DefaultSegmentField, func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Segment(ctx, nil, nil))
		}).rejects("name", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{FieldName: "image\r\nfile"}))
		}).rejects("filename", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{FileName: "photo\x00.png"}))
		}).rejects("Content-Type", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{ContentType: "png image"}))
		}),
	)
}
