package samples

import (
	"bytes"
	"context"
	"image"
	"image/png"

	"github.com/conduit-sdk/conduit/imageedit"
)

// edited reads an edited image to its end; the field is its width.
func edited(out *imageedit.Image, err error) (Answer, error) {
	if err != nil {
		return Answer{}, err
	}
	return imageBody(out.Body)
}

func init() {
	add("imageedit", imageedit.New, []row[*imageedit.Client]{
		{"Edit", func(ctx context.Context, cl *imageedit.Client) (Answer, error) {
			out, err := cl.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{RemoveBackground: true})
			return edited(out, err)
		}},
		{"EditFile", func(ctx context.Context, cl *imageedit.Client) (Answer, error) {
			var upload bytes.Buffer
			if err := png.Encode(&upload, image.NewGray(image.Rect(0, 0, 4, 3))); err != nil {
				return Answer{}, err
			}
			out, err := cl.EditFile(ctx, &upload, "shoe.png", &imageedit.EditParams{RemoveBackground: true, Background: imageedit.Background{Prompt: "a blue sky"}})
			if err == nil && out.AIBackgroundSeed == 0 {
				out.Body.Close()
				return Answer{}, nil
			}
			return edited(out, err)
		}},
		{"Account", func(ctx context.Context, cl *imageedit.Client) (Answer, error) {
			a, err := cl.Account(ctx)
			return answer(a, func() any { return a.Credits.Available }), err
		}},
		{"Segment", func(ctx context.Context, cl *imageedit.Client) (Answer, error) {
			var upload bytes.Buffer
			if err := png.Encode(&upload, image.NewGray(image.Rect(0, 0, 4, 3))); err != nil {
				return Answer{}, err
			}
			out, err := cl.Segment(ctx, &upload, &imageedit.SegmentParams{FileName: "photo.png"})
			return edited(out, err)
		}},
	})
}
