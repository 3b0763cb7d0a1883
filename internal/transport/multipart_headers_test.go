package transport

import (
	"context"
	"fmt"
	"mime/multipart"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// controlBytes are every byte a part header cannot carry: the C0 controls
// (tab among them) and DEL.
func controlBytes() []byte {
	var out []byte
	for b := 0; b < 0x20; b++ {
		out = append(out, byte(b))
	}
	return append(out, 0x7f)
}

// Every part header the core writes from caller text refuses a control
// character before anything is sent, naming the field as the package names
// it, or as the header does when the package gives no name.
func TestMultipartHeadersRefuseControlCharacters(t *testing.T) {
	rec := newRecorder(t, nil)
	c := newOpen(t, rec.URL)
	named := PartNames{Field: "files[0]", Filename: "files[0].name", ContentType: "files[0].content_type"}
	for _, b := range controlBytes() {
		bad := "a" + string(b) + "b"
		cases := []struct {
			part  FormPart
			field string
		}{
			{FormPart{Field: bad}, "name"},
			{FormPart{Field: "f", Filename: bad}, "filename"},
			{FormPart{Field: "f", Filename: "a", ContentType: "text/plain" + string(b)}, "Content-Type"},
			{FormPart{Field: bad, Names: named}, "files[0]"},
			{FormPart{Field: "f", Filename: bad, Names: named}, "files[0].name"},
			{FormPart{Field: "f", Filename: "a", ContentType: "text/" + bad, Names: named}, "files[0].content_type"},
		}
		for _, tc := range cases {
			tc.part.Body = strings.NewReader("x")
			err := send(bg, c, post("/up"), Call{Upload: MultipartForm(FormPart{Field: "ok", Body: strings.NewReader("v")}, tc.part)})
			require.ErrorIs(t, err, conduit.ErrInvalidParam, "%q in %s", b, tc.field)
			assert.Equal(t, tc.field, asError(t, err).Field, "%q", b)
		}
		err := send(bg, c, post("/up"), Call{Upload: MultipartForm().Fields("model", "m", "a"+string(b), "v")})
		require.ErrorIs(t, err, conduit.ErrInvalidParam, "%q in a value's name", b)
		assert.Equal(t, "name", asError(t, err).Field)
	}
	assert.Zero(t, rec.hits.Load(), "a refused part reached the server")
}

// A content type must read as a media type: the header is the caller's
// text, and anything else is not what the part claims to be.
func TestMultipartContentTypeIsAMediaType(t *testing.T) {
	rec := newRecorder(t, nil)
	c := newOpen(t, rec.URL)
	for _, ct := range []string{"image png", "image/", "text/plain; charset", `text/plain; a="`} {
		err := send(bg, c, post("/up"), Call{Upload: MultipartFile("f", "a", ct, strings.NewReader("x"))})
		require.ErrorIs(t, err, conduit.ErrInvalidParam, ct)
		assert.Equal(t, "Content-Type", asError(t, err).Field)
	}
	assert.Zero(t, rec.hits.Load())
	require.NoError(t, send(bg, c, post("/up"), Call{Upload: MultipartFile("f", "a", "text/plain; charset=utf-8", strings.NewReader("x"))}))
}

// disposition escapes as mime/multipart does, and names survive the trip
// through a parser unchanged.
func TestDispositionMatchesMimeMultipart(t *testing.T) {
	names := []string{"a.png", `we"ird.png`, `back\slash`, `\"`, `"\\"`, "ünï cødé.txt", `a\"b"c\`, "", " ", `;filename="x"`}
	for _, field := range names {
		for _, file := range names {
			if file == "" {
				continue
			}
			assert.Equal(t, multipart.FileContentDisposition(field, file), disposition(field, file), "%q %q", field, file)
		}
		var b strings.Builder
		mw := multipart.NewWriter(&b)
		_, err := mw.CreateFormField(field)
		require.NoError(t, err)
		assert.Contains(t, b.String(), "Content-Disposition: "+disposition(field, "")+"\r\n", "%q", field)
	}
	for _, name := range names {
		if name == "" {
			continue
		}
		m := MultipartFile(name, name, "text/plain", strings.NewReader("x"))
		r, err := m.Body()
		require.NoError(t, err)
		field, filename, _, _ := filePart(t, m.ContentType, r)
		assert.Equal(t, name, field)
		assert.Equal(t, name, filename)
		m.Stop(context.Background())
	}
}

// The names a package gives a part's texts are the ones its error names.
func TestPartNamesReachTheError(t *testing.T) {
	c := newOpen(t, closedURL(t))
	part := FormPart{Field: "files[3]", Filename: "x\r\nX-Injected: 1", Body: strings.NewReader("x"),
		Names: PartNames{Filename: "files[3].name"}}
	err := send(bg, c, post("/up"), Call{Upload: MultipartForm(part)})
	require.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.Equal(t, "files[3].name", asError(t, err).Field)
	assert.NotContains(t, fmt.Sprint(err), "\r\n", "the message quotes the text escaped")
}
