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

// photo is a small PNG to upload. It is read from a bytes.Reader, which
// the client rewinds to send it again when a call is retried.
var photo = func() []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 4, 3))); err != nil {
		panic(err)
	}
	return b.Bytes()
}()

func init() {
	add("imageedit", imageedit.New, []row[*imageedit.Client]{
		{"Edit", func(ctx context.Context, cl *imageedit.Client) (Answer, error) {
			out, err := cl.Edit(ctx, "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{RemoveBackground: true})
			return edited(out, err)
		}},
		{"EditFile", func(ctx context.Context, cl *imageedit.Client) (Answer, error) {
			out, err := cl.EditFile(ctx, bytes.NewReader(photo), "shoe.png", &imageedit.EditParams{RemoveBackground: true, Background: imageedit.Background{Prompt: "a blue sky"}})
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
			out, err := cl.Segment(ctx, bytes.NewReader(photo), &imageedit.SegmentParams{FileName: "photo.png"})
			return edited(out, err)
		}},
	})
}
