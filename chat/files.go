package chat

import (
	"bytes"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// File is a file uploaded with a message. Its bytes are streamed from
// Reader as the connection takes them, never held in memory. A Reader that
// is also an io.Seeker (an *os.File, a *bytes.Reader) lets a message whose
// first attempt was refused before it arrived be sent again; any other
// Reader is read once, and such a message is never retried.
type File struct {
	// Name is the file name the channel shows; an embed refers to it as
	// "attachment://<Name>". It is written into the part's header, so a
	// control character in it is refused (ErrInvalidParam).
	Name string
	// ContentType is the file's media type; "" sends
	// application/octet-stream and lets the platform sniff it. Anything
	// that does not parse as a media type is refused.
	ContentType string
	// Description is the file's alt text.
	Description string
	Reader      io.Reader
}

// maxFiles is how many files the platform takes with one message.
const maxFiles = 10

// attachmentSlot is the entry of payload_json's attachments that gives the
// file part files[ID] its name and description.
type attachmentSlot struct {
	ID          int    `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// messageCall checks a message's body and returns the call that sends it:
// the body as JSON, or, with files, as the platform's multipart form of a
// payload_json part and one files[n] part a file.
func messageCall[B any](op *transport.Op, body B, content string, embeds []Embed, components []byte, files []File) (transport.Call, error) {
	if err := checkContent(op, content); err != nil {
		return transport.Call{}, err
	}
	if err := checkEmbeds(op, embeds); err != nil {
		return transport.Call{}, err
	}
	if err := checkComponents(op, components); err != nil {
		return transport.Call{}, err
	}
	if len(files) == 0 {
		return transport.Call{Body: body}, nil
	}
	if len(files) > maxFiles {
		return transport.Call{}, op.Invalid("files", "holds %d files; a message takes at most %d", len(files), maxFiles)
	}
	for i, f := range files {
		field := "files[" + strconv.Itoa(i) + "]"
		switch {
		case strings.TrimSpace(f.Name) == "":
			return transport.Call{}, op.Invalid(field+".name", "must not be empty")
		case isNil(f.Reader):
			return transport.Call{}, op.Invalid(field+".reader", "is nil")
		}
	}
	payload, err := wire.Encode(body)
	if err != nil {
		return transport.Call{}, op.Invalid("body", "%s", err)
	}
	parts := []transport.FormPart{{Field: "payload_json", ContentType: "application/json", Body: bytes.NewReader(payload)}}
	for i, f := range files {
		ctype := f.ContentType
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		field := "files[" + strconv.Itoa(i) + "]"
		parts = append(parts, transport.FormPart{Field: field, Filename: f.Name, ContentType: ctype, Body: f.Reader,
			Names: transport.PartNames{Filename: field + ".name", ContentType: field + ".content_type"}})
	}
	return transport.Call{Upload: transport.MultipartForm(parts...)}, nil
}

// slots names the files for payload_json's attachments.
func slots(files []File) []attachmentSlot {
	var out []attachmentSlot
	for i, f := range files {
		out = append(out, attachmentSlot{ID: i, Filename: f.Name, Description: f.Description})
	}
	return out
}

// isNil reports a nil reader, typed nils included (the *os.File a failed
// os.Open leaves), which would fail only once the upload had begun.
func isNil(r io.Reader) bool {
	if r == nil {
		return true
	}
	v := reflect.ValueOf(r)
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
		return v.IsNil()
	}
	return false
}
