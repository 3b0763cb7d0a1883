package conduittest

import (
	"bytes"
	"embed"
	"encoding/json"
	"net/http"
	"path"
)

// fixtures are the answers the server gives, one folder a package, as
// files named for what they hold (get.json, chat_completion_stream.sse).
//
//go:embed testdata
var fixtures embed.FS

// Fixture returns a fixture of pkg ("sunrise", "get.json"): the bodies the
// server answers with, for tests that decode them directly.
func Fixture(pkg, name string) ([]byte, error) {
	return fixtures.ReadFile(path.Join("testdata", pkg, name))
}

// serveFixture writes a fixture of pkg with status (200 if 0). Event
// streams are written event by event and flushed, as a live server sends
// them.
func serveFixture(w http.ResponseWriter, pkg, name string, status int) {
	b, err := Fixture(pkg, name)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "fixture", err.Error())
		return
	}
	if status == 0 {
		status = http.StatusOK
	}
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", contentType(name))
	}
	w.WriteHeader(status)
	if path.Ext(name) != ".sse" {
		w.Write(b)
		return
	}
	rc := http.NewResponseController(w)
	for _, ev := range bytes.SplitAfter(b, []byte("\n\n")) {
		w.Write(ev)
		rc.Flush()
	}
}

func contentType(name string) string {
	switch path.Ext(name) {
	case ".sse":
		return "text/event-stream"
	case ".json":
		return "application/json"
	case ".png":
		return "image/png"
	case ".html":
		return "text/html; charset=utf-8"
	}
	return "text/plain; charset=utf-8"
}

// jsonString reads a top-level string member of a JSON object body.
func jsonString(body []byte, name string) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return ""
	}
	var s string
	json.Unmarshal(m[name], &s)
	return s
}
