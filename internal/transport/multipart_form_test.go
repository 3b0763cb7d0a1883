package transport

import (
	"io"
	"mime"
	"mime/multipart"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// formParts reads every part of a multipart body as field, file name, type
// and content.
func formParts(t *testing.T, formType string, body io.Reader) [][4]string {
	t.Helper()
	_, params, err := mime.ParseMediaType(formType)
	require.NoError(t, err)
	mr := multipart.NewReader(body, params["boundary"])
	var out [][4]string
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		data, err := io.ReadAll(p)
		require.NoError(t, err)
		out = append(out, [4]string{p.FormName(), p.FileName(), p.Header.Get("Content-Type"), string(data)})
	}
}

func TestMultipartFormSendsValuesAndFilesInOrder(t *testing.T) {
	m := MultipartForm(
		FormPart{Field: "payload_json", ContentType: "application/json", Body: strings.NewReader(`{"content":"hi"}`)},
		FormPart{Field: "files[0]", Filename: "a.txt", ContentType: "text/plain", Body: strings.NewReader("first")},
		FormPart{Field: "files[1]", Filename: "b.bin", Body: strings.NewReader("second")},
	)
	assert.True(t, m.Replayable, "every source is an io.Seeker")
	want := [][4]string{
		{"payload_json", "", "application/json", `{"content":"hi"}`},
		{"files[0]", "a.txt", "text/plain", "first"},
		{"files[1]", "b.bin", "", "second"},
	}
	for attempt := range 2 {
		r, err := m.Body()
		require.NoError(t, err)
		assert.Equal(t, want, formParts(t, m.ContentType, r), "attempt %d sends every part from its start", attempt+1)
	}
}

func TestMultipartFormWithOneUnseekablePartIsNotReplayable(t *testing.T) {
	m := MultipartForm(
		FormPart{Field: "payload_json", Body: strings.NewReader(`{}`)},
		FormPart{Field: "files[0]", Filename: "a.txt", Body: &countingReader{r: strings.NewReader("once")}},
	)
	assert.False(t, m.Replayable)
	r, err := m.Body()
	require.NoError(t, err)
	assert.Len(t, formParts(t, m.ContentType, r), 2)
	r2, err := m.Body()
	require.NoError(t, err)
	_, err = io.ReadAll(r2)
	assert.ErrorIs(t, err, ErrNotReplayable)
}
