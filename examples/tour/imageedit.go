package main

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/imageedit"
)

func init() {
	register("imageedit", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := imageedit.New()
		if err != nil {
			return err
		}
		img, err := c.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{
			RemoveBackground: true, Background: imageedit.Background{Color: "FFFFFF"}, Shadow: imageedit.ShadowPresetSoft,
			OutputSize: imageedit.Size(1000, 1000), Padding: imageedit.Sides{All: imageedit.Ratio(0.1)},
		})
		if err != nil {
			return err
		}
		w, h, n, err := describeImage(img)
		if err != nil {
			return err
		}
		say("Edit", "%s %dx%d, %d bytes streamed", img.ContentType, w, h, n)

		a, err := c.Account(ctx)
		if err != nil {
			return err
		}
		say("Account", "%s of %s credits left", a.Credits.Available, a.Credits.Subscription)

		var upload bytes.Buffer
		photo := image.NewGray(image.Rect(0, 0, 16, 12))
		photo.SetGray(8, 6, color.Gray{Y: 200})
		if err := png.Encode(&upload, photo); err != nil {
			return err
		}
		sent := upload.Len()
		img, err = c.Segment(ctx, bytes.NewReader(upload.Bytes()), &imageedit.SegmentParams{FileName: "photo.png"})
		if err != nil {
			return err
		}
		w, h, n, err = describeImage(img)
		if err != nil {
			return err
		}
		say("Segment", "sent %d bytes as %s, got %s %dx%d (%d bytes)", sent, imageedit.DefaultSegmentField, img.ContentType, w, h, n)

		// Padding and margin take a ratio, a percentage or pixels.
		padding, margin := imageedit.Percent(12.5), imageedit.Pixels(40)
		img, err = c.EditFile(ctx, bytes.NewReader(upload.Bytes()), "photo.png", &imageedit.EditParams{
			RemoveBackground: true, Background: imageedit.Background{Prompt: "on a marble table"}, Export: imageedit.Export{Format: imageedit.WebP},
			Padding: imageedit.Sides{All: padding}, Margin: imageedit.Sides{Bottom: margin},
		})
		if err != nil {
			return err
		}
		seed := img.AIBackgroundSeed
		w, h, n, err = describeImage(img)
		if err != nil {
			return err
		}
		say("EditFile", "sent %d bytes as %s, got %s %dx%d (%d bytes), background seed %d", sent, imageedit.EditFileField, img.ContentType, w, h, n, seed)
		say("Percent", "padding %q on every side of the EditFile subject", padding)
		say("Pixels", "margin %q below it", margin)
		key := conduittest.Credential("imageedit", "api_key")
		say("IsSandboxKey", "the tour's key: %t; a sandbox_ key: %t (free, watermarked results)", imageedit.IsSandboxKey(key), imageedit.IsSandboxKey("sandbox_"+key))
		return nil
	})
}

// describeImage reads a streamed image to its end and reports its size.
func describeImage(img *imageedit.Image) (w, h int, n int64, err error) {
	defer img.Body.Close()
	var buf bytes.Buffer
	cfg, _, err := image.DecodeConfig(io.TeeReader(img.Body, &buf))
	if err != nil {
		return 0, 0, 0, err
	}
	rest, err := io.Copy(io.Discard, img.Body)
	return cfg.Width, cfg.Height, int64(buf.Len()) + rest, err
}
