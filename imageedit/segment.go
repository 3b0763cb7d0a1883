package imageedit

import (
	"context"
	"io"
	"mime"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// DefaultSegmentField is the form field Segment puts the file in unless
// SegmentParams.FieldName says otherwise. The spec does not name the field
// (nor the method and payload) of the segment operation; this is the name
// the live background-removal service reads.
const DefaultSegmentField = "image_file"

// SegmentParams are Segment's optional inputs. Errors about the part
// headers name the parameter they fill: "name", "filename" or
// "Content-Type"; errors about the options name the form field.
type SegmentParams struct {
	// FieldName is the form field of the file; empty means
	// DefaultSegmentField.
	FieldName string
	// FileName is the file name sent with the part; empty means the base
	// name of an *os.File (anything with a Name method), else "image".
	FileName string
	// ContentType is the file's media type; empty means the one its file
	// name's extension implies, else application/octet-stream.
	ContentType string

	// The documented options, each sent only when set.

	// Format is the result's format: "png" (the service's default), "jpg"
	// or "webp" (format).
	Format Format
	// Size bounds the result (size): SizePreview (0.25 megapixels),
	// SizeMedium (1.5), SizeHD (4) or SizeFull (36, the default).
	Size SegmentSize
	// Crop crops the result to the cut-out's border (crop).
	Crop bool
	// BgColor fills the background: a hex code with its hash sign
	// ("#FF00FF") or an HTML colour name ("red") (bg_color).
	BgColor string
	// Channels is ChannelsRGBA (the default) or ChannelsAlpha, the mask
	// alone (channels).
	Channels Channels
	// Despill removes the colour a green screen left on the subject
	// (despill).
	Despill bool
}

// SegmentSize is the segment upload's size option.
type SegmentSize string

// Channels is the segment upload's channels option.
type Channels string

// The documented values of the segment options.
const (
	SizePreview SegmentSize = "preview"
	SizeMedium  SegmentSize = "medium"
	SizeHD      SegmentSize = "hd"
	SizeFull    SegmentSize = "full"

	ChannelsRGBA  Channels = "rgba"
	ChannelsAlpha Channels = "alpha"
)

var hexColorRE = regexp.MustCompile(`^(#[0-9A-Fa-f]{6}|[A-Za-z]+)$`)

// fields checks p's options and returns the form fields they send.
func (p *SegmentParams) fields(op *transport.Op) ([]string, error) {
	var out []string
	for _, f := range []struct {
		name, value string
		allowed     []string
	}{
		{"format", string(p.Format), []string{string(PNG), string(JPG), string(WebP)}},
		{"size", string(p.Size), []string{string(SizePreview), string(SizeMedium), string(SizeHD), string(SizeFull)}},
		{"channels", string(p.Channels), []string{string(ChannelsRGBA), string(ChannelsAlpha)}},
	} {
		if f.value == "" {
			continue
		}
		if !slices.Contains(f.allowed, f.value) {
			return nil, op.Invalid(f.name, "is %q; want one of %s", f.value, strings.Join(f.allowed, ", "))
		}
		out = append(out, f.name, f.value)
	}
	if p.Crop {
		out = append(out, "crop", "true")
	}
	if p.BgColor != "" {
		if !hexColorRE.MatchString(p.BgColor) {
			return nil, op.Invalid("bg_color", "%q is neither a hex code (#FF00FF) nor an HTML colour name", p.BgColor)
		}
		out = append(out, "bg_color", p.BgColor)
	}
	if p.Despill {
		out = append(out, "despill", "true")
	}
	return out, nil
}

// Segment uploads file as multipart/form-data to {segment_url}/v1/segment,
// with the options of p as form fields before it, and returns the image
// with its background removed, as a stream the caller reads and closes.
// The upload is copied from file as it is sent, never loaded whole. It is
// a write: when file is an io.Seeker it is rewound and sent again after a
// failed dial or a 429; any other reader is sent once. When Segment
// returns, file is no longer read (unless ctx ended while a Read of it was
// blocked), so it may be closed or reused.
func (c *Client) Segment(ctx context.Context, file io.Reader, p *SegmentParams, opts ...Option) (*Image, error) {
	if p == nil {
		p = &SegmentParams{}
	}
	field := p.FieldName
	if field == "" {
		field = DefaultSegmentField
	}
	if err := segmentOp.Reader(field, file); err != nil {
		return nil, err
	}
	name, ctype := partNames(file, p.FileName, p.ContentType)
	fields, err := p.fields(segmentOp.Op)
	if err != nil {
		return nil, err
	}
	m := transport.MultipartFile(field, name, ctype, file)
	m.Fields(fields...)
	return c.image(ctx, segmentOp, transport.Call{Upload: m}, opts)
}

// partNames completes the file name and media type of an upload's part;
// the core checks both as it writes the part's headers.
func partNames(file io.Reader, name, ctype string) (string, string) {
	if name == "" {
		name = fileName(file)
	}
	if ctype == "" {
		ctype = mime.TypeByExtension(filepath.Ext(name))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
	}
	return name, ctype
}
