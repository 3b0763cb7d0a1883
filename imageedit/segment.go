package imageedit

import (
	"context"
	"io"
	"mime"
	"path/filepath"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// DefaultSegmentField is the form field Segment puts the file in unless
// SegmentParams.FieldName says otherwise. The spec does not name the field
// (nor the method and payload) of the segment operation; this is the name
// the live background-removal service reads.
const DefaultSegmentField = "image_file"

// SegmentParams are Segment's optional inputs. Errors about them name the
// part-header parameter they fill: "name", "filename" or "Content-Type".
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
}

// Segment uploads file as multipart/form-data to {segment_url}/v1/segment
// and returns the image with its background removed, as a stream the caller
// reads and closes. The upload is copied from file as it is sent, never
// loaded whole. It is a write: when file is an io.Seeker it is rewound and
// sent again after a failed dial or a 429; any other reader is sent once.
// When Segment returns, file is no longer read (unless ctx ended while a
// Read of it was blocked), so it may be closed or reused.
func (c *Client) Segment(ctx context.Context, file io.Reader, p *SegmentParams, opts ...Option) (*Image, error) {
	if p == nil {
		p = &SegmentParams{}
	}
	field, name, ctype := p.FieldName, p.FileName, p.ContentType
	if field == "" {
		field = DefaultSegmentField
	}
	if err := segmentOp.Reader(field, file); err != nil {
		return nil, err
	}
	if name == "" {
		name = "image"
		if f, ok := file.(interface{ Name() string }); ok && f.Name() != "" {
			name = filepath.Base(f.Name())
		}
	}
	if ctype == "" {
		ctype = mime.TypeByExtension(filepath.Ext(name))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
	}
	switch {
	case hasControl(field):
		return nil, segmentOp.Invalid("name", "the form field name contains a control character")
	case hasControl(name):
		return nil, segmentOp.Invalid("filename", "the file name contains a control character")
	}
	if _, _, err := mime.ParseMediaType(ctype); err != nil || hasControl(ctype) {
		return nil, segmentOp.Invalid("Content-Type", "%q is not a media type", ctype)
	}
	return image(segmentOp.Open(ctx, c.t, transport.Call{Upload: transport.MultipartFile(field, name, ctype, file)}, opts))
}

func hasControl(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f })
}
