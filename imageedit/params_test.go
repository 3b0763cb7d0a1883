package imageedit_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/imageedit"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func ptr[T any](v T) *T { return &v }

// everything sets every typed parameter EditParams has, as the service
// documents them.
var everything = imageedit.EditParams{
	RemoveBackground: true,
	Background: imageedit.Background{
		Color: "FF0000EE", Prompt: "a blue sky", Seed: 123456,
		Guidance: imageedit.Guidance{ImageURL: "https://example.com/image.jpg", Scale: ptr(0.0)},
		Blur:     imageedit.Blur{Mode: imageedit.Bokeh, Radius: 0.03},
	},
	Shadow: imageedit.ShadowAutoOverrides, Lighting: imageedit.LightingPreserveHue,
	OutputSize: "croppedSubject", MaxWidth: 200, MaxHeight: 400,
	Padding: imageedit.Sides{All: imageedit.Ratio(0.1), Top: imageedit.Percent(30)},
	Margin:  imageedit.Sides{Bottom: imageedit.Pixels(100)},
	Scaling: imageedit.Fill, Export: imageedit.Export{Format: imageedit.JPEG, DPI: 300},
	ReferenceBox: imageedit.OriginalImage, HorizontalAlignment: imageedit.Left, VerticalAlignment: imageedit.Bottom,
	IgnorePaddingAndSnapOnCroppedSides: ptr(false), KeepExistingAlphaChannel: true,
	TextRemoval: imageedit.TextAll, Beautify: imageedit.BeautifyFood, Upscale: imageedit.UpscaleSlow,
	Uncrop: true, Expand: true,
	Segmentation: imageedit.Segmentation{Mode: imageedit.KeepSalientObject, Prompt: "a red object", NegativePrompt: "a hand"},
	Outline:      imageedit.Outline{Color: "red", Width: 0.05, BlurRadius: 0.01},
	TemplateID:   "592dd982-4a1b-4cd9-ab11-21481d5a0064", PreserveMetadata: imageedit.MetadataXMP,
	Extra: url.Values{"flatLay.mode": {"ai.auto"}},
}

// everythingSent is everything as the service reads it, by name.
var everythingSent = map[string]string{
	"removeBackground": "true", "background.color": "FF0000EE", "background.prompt": "a blue sky",
	"background.seed": "123456", "background.guidance.imageUrl": "https://example.com/image.jpg",
	"background.guidance.scale": "0", "background.blur.mode": "bokeh", "background.blur.radius": "0.03",
	"shadow.mode": "ai.auto-with-overrides", "lighting.mode": "ai.preserve-hue-and-saturation",
	"outputSize": "croppedSubject", "maxWidth": "200", "maxHeight": "400",
	"padding": "0.1", "paddingTop": "30%", "marginBottom": "100px", "scaling": "fill",
	"export.format": "jpeg", "export.dpi": "300", "referenceBox": "originalImage",
	"horizontalAlignment": "left", "verticalAlignment": "bottom", "ignorePaddingAndSnapOnCroppedSides": "false",
	"keepExistingAlphaChannel": "auto", "textRemoval.mode": "ai.all", "beautify.mode": "ai.food",
	"upscale.mode": "ai.slow", "uncrop.mode": "ai.auto", "expand.mode": "ai.auto",
	"segmentation.mode": "keepSalientObject", "segmentation.prompt": "a red object", "segmentation.negativePrompt": "a hand",
	"outline.color": "red", "outline.width": "0.05", "outline.blurRadius": "0.01",
	"templateId": "592dd982-4a1b-4cd9-ab11-21481d5a0064", "preserveMetadata": "xmp", "flatLay.mode": "ai.auto",
}

func TestEditSendsEveryTypedParameterUnderItsDocumentedName(t *testing.T) {
	c, srv := capturing(t, "edit.png", "image/png")
	img, err := c.Edit(context.Background(), "https://cdn.example.com/shoe.jpg", &everything)
	require.NoError(t, err)
	img.Body.Close()
	q, err := url.ParseQuery(srv.Last(t).Query)
	require.NoError(t, err)
	got := map[string]string{}
	for k, vs := range q {
		require.Len(t, vs, 1, k)
		got[k] = vs[0]
	}
	want := map[string]string{"imageUrl": "https://cdn.example.com/shoe.jpg"}
	for k, v := range everythingSent {
		want[k] = v
	}
	assert.Equal(t, want, got)
	assert.True(t, strings.HasPrefix(srv.Last(t).Query, "imageUrl=https%3A%2F%2Fcdn.example.com%2Fshoe.jpg&removeBackground=true&background.blur.mode="),
		"imageUrl, removeBackground, then the rest in name order")
}

func TestEditSendsOnlyWhatIsSet(t *testing.T) {
	c, srv := capturing(t, "edit.png", "image/png")
	img, err := c.Edit(context.Background(), "https://cdn.example.com/shoe.jpg", &imageedit.EditParams{Background: imageedit.Background{Color: "white"}})
	require.NoError(t, err)
	img.Body.Close()
	assert.Equal(t, "imageUrl=https%3A%2F%2Fcdn.example.com%2Fshoe.jpg&removeBackground=false&background.color=white", srv.Last(t).Query)
}

func TestEditFileUploadsTheImageWithTheParametersAsFields(t *testing.T) {
	var fields url.Values
	var file, fileName, order string
	png := testkit.Reply{ContentType: "image/png", Body: testkit.Fixture(t, "imageedit", "edit.png"),
		Header: []string{"pr-ai-background-seed", "123456", "x-uncertainty-score", "-1", "pr-texts-detected", "2",
			"pr-edit-further-url", "https://app.photoroom.com/e/1", "pr-unsupported-attributes", "background.negativePrompt"}}
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fields = url.Values{}
		mr, err := r.MultipartReader()
		require.NoError(t, err)
		for p, err := mr.NextPart(); err == nil; p, err = mr.NextPart() {
			b, _ := io.ReadAll(p)
			if p.FileName() != "" {
				file, fileName = p.FormName()+"="+string(b), p.FileName()
				order += "F"
				continue
			}
			fields.Add(p.FormName(), string(b))
			order += "f"
		}
		png.ServeHTTP(w, r)
	}))
	c := newLocal(t, srv.URL)
	img, err := c.EditFile(context.Background(), strings.NewReader("PNGDATA"), "shoe.png", &everything)
	require.NoError(t, err)
	defer img.Body.Close()

	r := srv.Last(t)
	assert.Equal(t, "POST /edit/v2/edit", r.Method+" "+r.Path)
	assert.Empty(t, r.Query, "the parameters travel in the form")
	assertKeyOnlyInHeader(t, r)
	assert.Equal(t, "imageFile=PNGDATA", file)
	assert.Equal(t, "shoe.png", fileName)
	assert.True(t, strings.HasSuffix(order, "fF"), "the fields come before the file: %s", order)
	got := map[string]string{}
	for k := range fields {
		got[k] = fields.Get(k)
	}
	assert.Equal(t, everythingSent, got)

	assert.Equal(t, int64(123456), img.AIBackgroundSeed)
	require.NotNil(t, img.UncertaintyScore)
	assert.Equal(t, -1.0, *img.UncertaintyScore, "people get no score")
	require.NotNil(t, img.TextsDetected)
	assert.Equal(t, 2, *img.TextsDetected)
	assert.Equal(t, "https://app.photoroom.com/e/1", img.EditFurtherURL)
	assert.Equal(t, "background.negativePrompt", img.UnsupportedAttributes)
}

func TestImageWithoutMetadataHeaders(t *testing.T) {
	c, _ := capturing(t, "edit.png", "image/png")
	img, err := c.Edit(context.Background(), "https://cdn.example.com/shoe.jpg", nil)
	require.NoError(t, err)
	img.Body.Close()
	assert.Nil(t, img.UncertaintyScore)
	assert.Nil(t, img.TextsDetected)
	assert.Zero(t, img.AIBackgroundSeed)
}

func TestEditParamsCheckedBeforeSending(t *testing.T) {
	c, srv := capturing(t, "edit.png", "image/png")
	bg := func(b imageedit.Background) imageedit.EditParams {
		return imageedit.EditParams{RemoveBackground: true, Background: b}
	}
	for field, p := range map[string]imageedit.EditParams{
		"background.color":             bg(imageedit.Background{Color: "#FFFFFF"}),
		"background.imageUrl":          bg(imageedit.Background{ImageURL: "beach.jpg"}),
		"background.prompt":            bg(imageedit.Background{ImageURL: "https://example.com/b.jpg", Prompt: "a beach"}),
		"background.scaling":           bg(imageedit.Background{Scaling: imageedit.Fit}),
		"background.guidance.scale":    bg(imageedit.Background{Prompt: "a beach", Guidance: imageedit.Guidance{Scale: ptr(1.5)}}),
		"background.blur.radius":       bg(imageedit.Background{Blur: imageedit.Blur{Radius: 0.06}}),
		"background.blur.mode":         bg(imageedit.Background{Blur: imageedit.Blur{Mode: "motion"}}),
		"removeBackground":             {Background: imageedit.Background{ImageURL: "https://example.com/b.jpg"}},
		"outputSize":                   {OutputSize: "0x10"},
		"maxHeight":                    {OutputSize: "200x200", MaxHeight: 100},
		"padding":                      {Padding: imageedit.Sides{All: imageedit.Ratio(0.5)}},
		"marginRight":                  {Margin: imageedit.Sides{Right: "ten"}},
		"marginTop":                    {Margin: imageedit.Sides{Top: "1.5px"}},
		"export.format":                {Export: imageedit.Export{Format: "gif"}},
		"export.dpi":                   {Export: imageedit.Export{DPI: 71}},
		"lighting.mode":                {Lighting: "ai.dramatic"},
		"outline.width":                {Outline: imageedit.Outline{Color: "red", Width: 0.2}},
		"templateId":                   {TemplateID: "not-a-uuid"},
		"segmentation.mode":            {Segmentation: imageedit.Segmentation{Mode: "keepEverything"}},
		"Extra":                        {Extra: url.Values{"": {"x"}}},
		"imageFile":                    {Extra: url.Values{"imageFile": {"x"}}},
		"verticalAlignment":            {VerticalAlignment: "middle"},
		"shadow.mode":                  {Shadow: "ai.long"},
		"background.guidance.imageUrl": bg(imageedit.Background{Guidance: imageedit.Guidance{ImageURL: "ftp://x/y.jpg"}}),
	} {
		_, err := c.Edit(context.Background(), "https://cdn.example.com/shoe.jpg", &p)
		testkit.InvalidParam(t, err, field)
	}
	assert.Zero(t, srv.Hits())
}

func TestSegmentSendsItsDocumentedOptions(t *testing.T) {
	var fields url.Values
	png := testkit.Reply{ContentType: "image/png", Body: testkit.Fixture(t, "imageedit", "segment.png"), Header: []string{"x-uncertainty-score", "0.25"}}
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		require.NoError(t, r.ParseMultipartForm(1<<20))
		fields = url.Values(r.MultipartForm.Value)
		png.ServeHTTP(w, r)
	}))
	c := newLocal(t, srv.URL)
	img, err := c.Segment(context.Background(), strings.NewReader("PNGDATA"), &imageedit.SegmentParams{
		Format: imageedit.WebP, Size: imageedit.SizePreview, Crop: true, BgColor: "#FF00FF", Channels: imageedit.ChannelsAlpha, Despill: true,
	})
	require.NoError(t, err)
	img.Body.Close()
	assert.Equal(t, url.Values{"format": {"webp"}, "size": {"preview"}, "crop": {"true"}, "bg_color": {"#FF00FF"},
		"channels": {"alpha"}, "despill": {"true"}}, fields)
	require.NotNil(t, img.UncertaintyScore)
	assert.Equal(t, 0.25, *img.UncertaintyScore)

	img, err = c.Segment(context.Background(), strings.NewReader("PNGDATA"), nil)
	require.NoError(t, err)
	img.Body.Close()
	assert.Empty(t, fields, "nothing set, nothing sent")

	for field, p := range map[string]imageedit.SegmentParams{
		"format":   {Format: imageedit.JPEG},
		"size":     {Size: "4k"},
		"channels": {Channels: "rgb"},
		"bg_color": {BgColor: "FF00FF"},
	} {
		_, err := c.Segment(context.Background(), strings.NewReader("PNGDATA"), &p)
		testkit.InvalidParam(t, err, field)
	}
	assert.Equal(t, 2, srv.Hits())
}
