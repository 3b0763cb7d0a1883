package conduittest

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
)

func init() {
	fakes["imageedit"] = &fake{
		creds: map[string]string{"api_key": "ct-imageedit-api-key-7Kq2"},
		answers: map[string]answer{
			"Edit":    {handle: imageEdit},
			"Account": {fixture: "account.json"},
			"Segment": {handle: imageSegment},
		},
	}
}

// imageEdit answers with the edited image when imageUrl is an absolute URL
// and removeBackground a boolean, as the client must send them.
func imageEdit(w http.ResponseWriter, r *http.Request, _ []byte) {
	q := r.URL.Query()
	u, err := url.Parse(q.Get("imageUrl"))
	if err != nil || !u.IsAbs() || u.Host == "" {
		writeError(w, http.StatusBadRequest, "invalid_image_url", "imageUrl must be an absolute URL")
		return
	}
	if rb := q.Get("removeBackground"); rb != "true" && rb != "false" {
		writeError(w, http.StatusBadRequest, "invalid_parameter", "removeBackground must be true or false")
		return
	}
	serveFixture(w, "imageedit", "edit.png", 0)
}

// imageSegment answers with the cut-out image when the body is
// multipart/form-data holding a non-empty file in the image_file field.
func imageSegment(w http.ResponseWriter, r *http.Request, body []byte) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		writeError(w, http.StatusUnsupportedMediaType, "invalid_body", "the body must be multipart/form-data")
		return
	}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err != nil {
			break
		}
		n, _ := io.Copy(io.Discard, p)
		if p.FormName() == "image_file" && p.FileName() != "" && n > 0 {
			serveFixture(w, "imageedit", "segment.png", 0)
			return
		}
	}
	writeError(w, http.StatusBadRequest, "missing_file", "no file in the image_file field")
}
