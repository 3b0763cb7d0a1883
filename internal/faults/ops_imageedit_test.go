package faults

import (
	"bytes"
	"context"
	"net/url"

	"github.com/conduit-sdk/conduit/imageedit"
)

func init() {
	notes = append(notes,
		noted("imageedit", "Edit", imageedit.New).auth(imageKey).returns(binary).rejects("imageUrl", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "shoe.jpg", nil))
		}).rejects("imageUrl", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "ftp://cdn.example.com/shoe.jpg", nil))
		}).rejects("Extra", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{Extra: url.Values{"": {"x"}}}))
		}).rejects("removeBackground", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{Extra: url.Values{"removeBackground": {"false"}}}))
		}).rejects("removeBackground", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{Background: imageedit.Background{ImageURL: "https://cdn.example.com/beach.jpg"}}))
		}).rejects("background.color", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{Background: imageedit.Background{Color: "not a colour"}}))
		}).rejects("outputSize", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{OutputSize: "1000"}))
		}).rejects("paddingLeft", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{Padding: imageedit.Sides{Left: imageedit.Percent(50)}}))
		}).rejects("shadow.mode", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{Shadow: "ai.dramatic"}))
		}).rejects("maxWidth", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{MaxWidth: 500}))
		}).rejects("background.color", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{Background: imageedit.Background{Color: "FFFFFF"},
				Extra: url.Values{"background.color": {"000000"}}}))
		}),
		noted("imageedit", "EditFile", imageedit.New).writes().auth(imageKey).returns(binary).rejects(imageedit.EditFileField, func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.EditFile(ctx, nil, "", nil))
		}).rejects("filename", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.EditFile(ctx, bytes.NewReader(photo), "photo\n.png", nil))
		}).rejects("export.dpi", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.EditFile(ctx, bytes.NewReader(photo), "photo.png", &imageedit.EditParams{Export: imageedit.Export{DPI: 1201}}))
		}).rejects("background.prompt", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.EditFile(ctx, bytes.NewReader(photo), "photo.png", &imageedit.EditParams{RemoveBackground: true,
				Background: imageedit.Background{ImageURL: "https://cdn.example.com/beach.jpg", Prompt: "a beach"}}))
		}),
		noted("imageedit", "Account", imageedit.New).auth(imageKey),
		noted("imageedit", "Segment", imageedit.New).writes().auth(imageKey).returns(binary).rejects(imageedit.DefaultSegmentField, func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Segment(ctx, nil, nil))
		}).rejects("name", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{FieldName: "image\r\nfile"}))
		}).rejects("filename", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{FileName: "photo\x00.png"}))
		}).rejects("Content-Type", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{ContentType: "png image"}))
		}).rejects("size", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{Size: "4k"}))
		}).rejects("bg_color", func(ctx context.Context, c *imageedit.Client) error {
			return readImage(c.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{BgColor: "FF00FF"}))
		}),
	)
}
