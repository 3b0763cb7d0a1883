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
			"Edit":     {handle: imageEdit},
			"EditFile": {handle: imageEditFile},
			"Account":  {fixture: "account.json"},
			"Segment":  {handle: imageSegment},
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
	editAnswer(w, q)
}

// editAnswer answers an edit whose image arrived with the edited image,
// when removeBackground is a boolean; a generated background comes with
// its seed (the documentation's example seed).
func editAnswer(w http.ResponseWriter, params url.Values) {
	if rb := params.Get("removeBackground"); rb != "true" && rb != "false" {
		writeError(w, http.StatusBadRequest, "invalid_parameter", "removeBackground must be boolean")
		return
	}
	if params.Get("background.prompt") != "" {
		w.Header().Set("pr-ai-background-seed", "123456")
	}
	serveFixture(w, "imageedit", "edit.png", 0)
}

// imageEditFile answers the upload form of an edit: its parameters as form
// fields and a non-empty file in the imageFile field.
func imageEditFile(w http.ResponseWriter, r *http.Request, body []byte) {
	params, files, ok := readForm(w, r, body)
	if !ok {
		return
	}
	if files["imageFile"] == 0 {
		writeError(w, http.StatusBadRequest, "missing_file", "no file in the imageFile field")
		return
	}
	editAnswer(w, params)
}

// readForm reads a multipart/form-data body: its text fields, and the size
// of each file by field; a body of another type is answered 415.
func readForm(w http.ResponseWriter, r *http.Request, body []byte) (url.Values, map[string]int64, bool) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		writeError(w, http.StatusUnsupportedMediaType, "invalid_body", "the body must be multipart/form-data")
		return nil, nil, false
	}
	fields, files := url.Values{}, map[string]int64{}
	mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err != nil {
			return fields, files, true
		}
		var b bytes.Buffer
		n, _ := io.Copy(&b, p)
		if p.FileName() != "" {
			files[p.FormName()] += n
			continue
		}
		fields.Add(p.FormName(), b.String())
	}
}

// imageSegment answers with the cut-out image when the body is
// multipart/form-data holding a non-empty file in the image_file field.
func imageSegment(w http.ResponseWriter, r *http.Request, body []byte) {
	_, files, ok := readForm(w, r, body)
	if !ok {
		return
	}
	if files["image_file"] == 0 {
		writeError(w, http.StatusBadRequest, "missing_file", "no file in the image_file field")
		return
	}
	serveFixture(w, "imageedit", "segment.png", 0)
}
