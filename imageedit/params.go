package imageedit

import (
	"fmt"
	"maps"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// EditParams are Edit's and EditFile's optional inputs: the v2 edit
// parameters the service documents, each sent under its own name
// ("background.color", "shadow.mode") only when set. Combinations the
// service refuses are refused before sending, naming the parameter.
type EditParams struct {
	// RemoveBackground asks for the subject cut out of its background. It
	// is always sent, false included (the service's own default is true).
	RemoveBackground bool
	// Background replaces or generates what lies behind the subject.
	Background Background
	// Shadow adds a generated shadow under the subject.
	Shadow ShadowMode
	// Lighting relights the subject.
	Lighting LightingMode
	// OutputSize is the result's size: "auto" (the default),
	// "originalImage", "croppedSubject", or a size from Size.
	OutputSize string
	// MaxWidth and MaxHeight bound the result, keeping its aspect ratio;
	// only with OutputSize "originalImage" or "croppedSubject".
	MaxWidth, MaxHeight int
	// Padding is space around the subject inside the image; the service
	// ignores it on sides where the subject is cropped. Margin is space
	// that is never ignored.
	Padding, Margin Sides
	// Scaling says whether the subject fits (the default) or fills the
	// output.
	Scaling Scaling
	// Export is the result's format and pixel density.
	Export Export
	// ReferenceBox is what padding and margin are around: the subject
	// (the default) or the original image.
	ReferenceBox ReferenceBox
	// HorizontalAlignment and VerticalAlignment place the subject in its
	// box.
	HorizontalAlignment HorizontalAlignment
	VerticalAlignment   VerticalAlignment
	// IgnorePaddingAndSnapOnCroppedSides, when set, says whether cropped
	// sides of the subject snap to the edges (the service's default is true).
	IgnorePaddingAndSnapOnCroppedSides *bool
	// KeepExistingAlphaChannel cuts the subject out along the image's own
	// transparency, where it has some.
	KeepExistingAlphaChannel bool
	// TextRemoval removes text from the image.
	TextRemoval TextRemovalMode
	// Beautify improves a product, food or car photo.
	Beautify BeautifyMode
	// Upscale enlarges the image up to four times.
	Upscale UpscaleMode
	// Uncrop completes a subject the photo cut off; Expand fills the
	// transparent pixels from the background.
	Uncrop, Expand bool
	// Segmentation says what the cut-out keeps.
	Segmentation Segmentation
	// Outline draws a coloured line around the subject.
	Outline Outline
	// TemplateID renders the image into a template made in the app.
	TemplateID string
	// PreserveMetadata keeps the original image's metadata in the result.
	PreserveMetadata PreserveMetadata
	// Extra passes parameters EditParams does not type (flat lay, ghost
	// mannequin, virtual model, shadow overrides, layers), sent after the
	// typed ones in sorted name order. It may not set imageUrl, imageFile,
	// removeBackground, or a parameter a typed field of the same call sets.
	Extra url.Values
}

// Background is what the edit puts behind the subject: a colour, an image,
// or one generated from a prompt.
type Background struct {
	// Color is a hex colour without the hash sign ("FFFFFF", "FF0000EE")
	// or a colour name ("red"); empty leaves the background transparent
	// unless ImageURL or Prompt is set.
	Color string
	// ImageURL is an image to put behind the subject; not with Prompt.
	ImageURL string
	// Prompt describes a background to generate; not with ImageURL.
	Prompt string
	// Seed makes a generated background reproducible (the
	// AIBackgroundSeed of an earlier Image); 0 leaves it to the service.
	Seed int64
	// Scaling says whether ImageURL fits or fills (the default) the output.
	Scaling Scaling
	// Guidance steers a generated background towards an image.
	Guidance Guidance
	// Blur blurs the original background (with RemoveBackground false).
	Blur Blur
}

// Guidance is an image a generated background should resemble.
type Guidance struct {
	ImageURL string
	// Scale is how closely to follow it, 0 (not at all) to 1; nil leaves
	// the service's default (0.6).
	Scale *float64
}

// Blur is a blur of the background.
type Blur struct {
	Mode BlurMode
	// Radius is how blurry, above 0 up to 0.05; 0 leaves the default.
	Radius float64
}

// Export is the result's file format and pixel density.
type Export struct {
	Format Format
	// DPI is 72 to 1200; 0 leaves the service's default.
	DPI int
}

// Segmentation says what the cut-out keeps.
type Segmentation struct {
	Mode SegmentationMode
	// Prompt describes what to keep, NegativePrompt what to remove.
	Prompt, NegativePrompt string
}

// Outline is a line drawn around the subject.
type Outline struct {
	// Color is as Background.Color; setting it draws the outline.
	Color string
	// Width is a ratio of the image, up to 0.1 (0 leaves the default 0.03);
	// BlurRadius softens it, up to 0.025.
	Width, BlurRadius float64
}

// Sides are a padding or margin: All for every side, and any side on its
// own, which overrides All there.
type Sides struct{ All, Top, Right, Bottom, Left Length }

// Length is a padding or margin: a ratio of the image (Ratio), a
// percentage (Percent) or pixels (Pixels). The zero Length is unset.
type Length string

// Ratio is r of the image's size, 0 to 0.49.
func Ratio(r float64) Length { return Length(strconv.FormatFloat(r, 'f', -1, 64)) }

// Percent is p percent of the image's size, 0 to 49.
func Percent(p float64) Length { return Length(strconv.FormatFloat(p, 'f', -1, 64) + "%") }

// Pixels is n pixels.
func Pixels(n int) Length { return Length(strconv.Itoa(n) + "px") }

// Size is the OutputSize of width by height pixels ("1000x1000").
func Size(width, height int) string { return strconv.Itoa(width) + "x" + strconv.Itoa(height) }

// The enumerations below are the closed sets the service documents; a
// value outside them is refused before sending (pass a newer one through
// Extra).
type (
	// ShadowMode is shadow.mode. The soft, hard and floating modes belong to
	// the earlier shadow models, the preset and auto ones to the 2026-04-15
	// model.
	ShadowMode string
	// LightingMode is lighting.mode.
	LightingMode string
	// Scaling is scaling and background.scaling.
	Scaling string
	// Format is export.format.
	Format string
	// ReferenceBox is referenceBox.
	ReferenceBox string
	// HorizontalAlignment is horizontalAlignment.
	HorizontalAlignment string
	// VerticalAlignment is verticalAlignment.
	VerticalAlignment string
	// TextRemovalMode is textRemoval.mode.
	TextRemovalMode string
	// BeautifyMode is beautify.mode.
	BeautifyMode string
	// UpscaleMode is upscale.mode.
	UpscaleMode string
	// BlurMode is background.blur.mode.
	BlurMode string
	// SegmentationMode is segmentation.mode.
	SegmentationMode string
	// PreserveMetadata is preserveMetadata.
	PreserveMetadata string
)

// The documented values.
const (
	ShadowSoft          ShadowMode = "ai.soft"
	ShadowHard          ShadowMode = "ai.hard"
	ShadowFloating      ShadowMode = "ai.floating"
	ShadowPresetSoft    ShadowMode = "ai.preset-soft"
	ShadowPresetHard    ShadowMode = "ai.preset-hard"
	ShadowAutoOverrides ShadowMode = "ai.auto-with-overrides"

	LightingAuto        LightingMode = "ai.auto"
	LightingPreserveHue LightingMode = "ai.preserve-hue-and-saturation"

	Fit  Scaling = "fit"
	Fill Scaling = "fill"

	PNG  Format = "png"
	JPEG Format = "jpeg"
	JPG  Format = "jpg"
	WebP Format = "webp"

	SubjectBox    ReferenceBox = "subjectBox"
	OriginalImage ReferenceBox = "originalImage"

	Left    HorizontalAlignment = "left"
	CenterH HorizontalAlignment = "center"
	Right   HorizontalAlignment = "right"
	Top     VerticalAlignment   = "top"
	CenterV VerticalAlignment   = "center"
	Bottom  VerticalAlignment   = "bottom"

	TextArtificial TextRemovalMode = "ai.artificial"
	TextNatural    TextRemovalMode = "ai.natural"
	TextAll        TextRemovalMode = "ai.all"

	BeautifyAuto BeautifyMode = "ai.auto"
	BeautifyFood BeautifyMode = "ai.food"
	BeautifyCar  BeautifyMode = "ai.car"

	UpscaleFast UpscaleMode = "ai.fast"
	UpscaleSlow UpscaleMode = "ai.slow"

	Gaussian BlurMode = "gaussian"
	Bokeh    BlurMode = "bokeh"

	KeepSalientObject   SegmentationMode = "keepSalientObject"
	IgnoreSalientObject SegmentationMode = "ignoreSalientObject"

	MetadataNever      PreserveMetadata = "never"
	MetadataXMP        PreserveMetadata = "xmp"
	MetadataExifSubset PreserveMetadata = "exifSubsetWithXmpCompatibility"
)

var (
	outputSizeRE = regexp.MustCompile(`^(auto|[1-9][0-9]*x[1-9][0-9]*|originalImage|croppedSubject)$`)
	colorRE      = regexp.MustCompile(`^([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8}|[A-Za-z]+)$`)
	uuidRE       = regexp.MustCompile(`^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$`)
)

// params is the name, value list an edit sends, built as it is checked.
type params struct {
	op  *transport.Op
	set map[string]string
	err error
}

func (ps *params) add(name, value string) {
	if value != "" {
		ps.set[name] = value
	}
}

// fail records the first problem, naming the parameter.
func (ps *params) fail(name, format string, args ...any) {
	if ps.err == nil {
		ps.err = ps.op.Invalid(name, format, args...)
	}
}

func (ps *params) enum(name, value string, allowed ...string) {
	if value != "" && !slices.Contains(allowed, value) {
		ps.fail(name, "is %q; want one of %s", value, strings.Join(allowed, ", "))
	}
	ps.add(name, value)
}

func (ps *params) number(name string, v, lo, hi float64) {
	if v == 0 {
		return
	}
	if math.IsNaN(v) || v < lo || v > hi {
		ps.fail(name, "is %v; want %v to %v", v, lo, hi)
	}
	ps.add(name, strconv.FormatFloat(v, 'f', -1, 64))
}

func (ps *params) color(name, c string) {
	if c != "" && !colorRE.MatchString(c) {
		ps.fail(name, "%q is neither a hex colour without # (FFFFFF, FF0000EE) nor a colour name", c)
	}
	ps.add(name, c)
}

func (ps *params) link(name, u string) {
	if u == "" {
		return
	}
	if v, err := url.Parse(u); err != nil || (v.Scheme != "http" && v.Scheme != "https") || v.Host == "" {
		ps.fail(name, "must be an absolute http or https URL")
	}
	ps.add(name, u)
}

func (ps *params) sides(name string, s Sides) {
	for _, side := range []struct {
		suffix string
		l      Length
	}{{"", s.All}, {"Top", s.Top}, {"Right", s.Right}, {"Bottom", s.Bottom}, {"Left", s.Left}} {
		if msg := side.l.check(); msg != "" {
			ps.fail(name+side.suffix, "%s", msg)
		}
		ps.add(name+side.suffix, string(side.l))
	}
}

// check says what is wrong with l, or "".
func (l Length) check() string {
	s := string(l)
	max, unit := 0.49, ""
	switch {
	case s == "":
		return ""
	case strings.HasSuffix(s, "px"):
		max, unit = math.Inf(1), "px"
	case strings.HasSuffix(s, "%"):
		max, unit = 49, "%"
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, unit), 64)
	switch {
	case err != nil || math.IsNaN(v):
		return fmt.Sprintf("%q is not a ratio, a percentage (30%%) or pixels (100px)", s)
	case v < 0 || v > max:
		return fmt.Sprintf("%q is out of range: ratios go to 0.49, percentages to 49%%", s)
	case unit == "px" && v != math.Trunc(v):
		return fmt.Sprintf("%q is not a whole number of pixels", s)
	}
	return ""
}

// values checks p and returns the parameters it sends, removeBackground
// first, the others in sorted name order, Extra last.
func (p *EditParams) values(op *transport.Op) ([]string, error) {
	ps := &params{op: op, set: map[string]string{}}
	bg := p.Background
	ps.color("background.color", bg.Color)
	ps.link("background.imageUrl", bg.ImageURL)
	ps.add("background.prompt", bg.Prompt)
	if bg.Seed != 0 {
		ps.add("background.seed", strconv.FormatInt(bg.Seed, 10))
	}
	ps.enum("background.scaling", string(bg.Scaling), string(Fit), string(Fill))
	ps.link("background.guidance.imageUrl", bg.Guidance.ImageURL)
	if s := bg.Guidance.Scale; s != nil {
		if math.IsNaN(*s) || *s < 0 || *s > 1 {
			ps.fail("background.guidance.scale", "is %v; want 0 to 1", *s)
		}
		ps.add("background.guidance.scale", strconv.FormatFloat(*s, 'f', -1, 64))
	}
	ps.enum("background.blur.mode", string(bg.Blur.Mode), string(Gaussian), string(Bokeh))
	ps.number("background.blur.radius", bg.Blur.Radius, math.SmallestNonzeroFloat64, 0.05)
	switch {
	case bg.ImageURL != "" && bg.Prompt != "":
		ps.fail("background.prompt", "cannot go with background.imageUrl: the background is either given or generated")
	case bg.Scaling != "" && bg.ImageURL == "":
		ps.fail("background.scaling", "needs background.imageUrl")
	case !p.RemoveBackground && (bg.ImageURL != "" || bg.Guidance.ImageURL != ""):
		ps.fail("removeBackground", "must be true to put another background behind the subject")
	}

	ps.enum("shadow.mode", string(p.Shadow), string(ShadowSoft), string(ShadowHard), string(ShadowFloating),
		string(ShadowPresetSoft), string(ShadowPresetHard), string(ShadowAutoOverrides))
	ps.enum("lighting.mode", string(p.Lighting), string(LightingAuto), string(LightingPreserveHue))
	if p.OutputSize != "" && !outputSizeRE.MatchString(p.OutputSize) {
		ps.fail("outputSize", "is %q; want auto, originalImage, croppedSubject or WIDTHxHEIGHT", p.OutputSize)
	}
	ps.add("outputSize", p.OutputSize)
	for _, m := range []struct {
		name string
		v    int
	}{{"maxWidth", p.MaxWidth}, {"maxHeight", p.MaxHeight}} {
		switch {
		case m.v == 0:
			continue
		case m.v < 0:
			ps.fail(m.name, "is %d; want more than 0", m.v)
		case p.OutputSize != "originalImage" && p.OutputSize != "croppedSubject":
			ps.fail(m.name, "needs outputSize originalImage or croppedSubject")
		}
		ps.add(m.name, strconv.Itoa(m.v))
	}
	ps.sides("padding", p.Padding)
	ps.sides("margin", p.Margin)
	ps.enum("scaling", string(p.Scaling), string(Fit), string(Fill))
	ps.enum("export.format", string(p.Export.Format), string(PNG), string(JPEG), string(JPG), string(WebP))
	if d := p.Export.DPI; d != 0 {
		if d < 72 || d > 1200 {
			ps.fail("export.dpi", "is %d; want 72 to 1200", d)
		}
		ps.add("export.dpi", strconv.Itoa(d))
	}
	ps.enum("referenceBox", string(p.ReferenceBox), string(SubjectBox), string(OriginalImage))
	ps.enum("horizontalAlignment", string(p.HorizontalAlignment), string(Left), string(CenterH), string(Right))
	ps.enum("verticalAlignment", string(p.VerticalAlignment), string(Top), string(CenterV), string(Bottom))
	if v := p.IgnorePaddingAndSnapOnCroppedSides; v != nil {
		ps.add("ignorePaddingAndSnapOnCroppedSides", strconv.FormatBool(*v))
	}
	if !p.RemoveBackground && (p.ReferenceBox != "" || p.IgnorePaddingAndSnapOnCroppedSides != nil) {
		ps.fail("removeBackground", "must be true for referenceBox and ignorePaddingAndSnapOnCroppedSides")
	}
	if p.KeepExistingAlphaChannel {
		ps.add("keepExistingAlphaChannel", "auto")
	}
	ps.enum("textRemoval.mode", string(p.TextRemoval), string(TextArtificial), string(TextNatural), string(TextAll))
	ps.enum("beautify.mode", string(p.Beautify), string(BeautifyAuto), string(BeautifyFood), string(BeautifyCar))
	ps.enum("upscale.mode", string(p.Upscale), string(UpscaleFast), string(UpscaleSlow))
	if p.Uncrop {
		ps.add("uncrop.mode", "ai.auto")
	}
	if p.Expand {
		ps.add("expand.mode", "ai.auto")
	}
	ps.enum("segmentation.mode", string(p.Segmentation.Mode), string(KeepSalientObject), string(IgnoreSalientObject))
	ps.add("segmentation.prompt", p.Segmentation.Prompt)
	ps.add("segmentation.negativePrompt", p.Segmentation.NegativePrompt)
	ps.color("outline.color", p.Outline.Color)
	ps.number("outline.width", p.Outline.Width, 0, 0.1)
	ps.number("outline.blurRadius", p.Outline.BlurRadius, 0, 0.025)
	if p.TemplateID != "" && !uuidRE.MatchString(p.TemplateID) {
		ps.fail("templateId", "%q is not a UUID", p.TemplateID)
	}
	ps.add("templateId", p.TemplateID)
	ps.enum("preserveMetadata", string(p.PreserveMetadata), string(MetadataNever), string(MetadataXMP), string(MetadataExifSubset))
	if ps.err != nil {
		return nil, ps.err
	}

	out := []string{"removeBackground", strconv.FormatBool(p.RemoveBackground)}
	for _, k := range slices.Sorted(maps.Keys(ps.set)) {
		out = append(out, k, ps.set[k])
	}
	extra := slices.Sorted(maps.Keys(p.Extra))
	for _, k := range extra {
		switch {
		case k == "":
			return nil, op.Invalid("Extra", "has an empty parameter name")
		case strings.EqualFold(k, "imageUrl") || strings.EqualFold(k, "imageFile") || strings.EqualFold(k, "removeBackground"):
			return nil, op.Invalid(k, "is set by the call's own arguments, not by Extra")
		case ps.set[k] != "":
			return nil, op.Invalid(k, "is set both by a field of EditParams and by Extra")
		}
		for _, v := range p.Extra[k] {
			out = append(out, k, v)
		}
	}
	return out, nil
}
