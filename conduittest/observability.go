package conduittest

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

func init() {
	fakes["observability"] = &fake{
		creds: map[string]string{"api_key": "ct-observability-api-key-9Xw4"},
		answers: map[string]answer{
			// The EU region answers for its own team and environment.
			"Auth": {pick: func(r *http.Request, _ []byte) string {
				if strings.HasPrefix(r.URL.Path, "/obs_eu_url/") {
					return "auth_eu.json"
				}
				return "auth.json"
			}},
			"ListDatasets":  {fixture: "list_datasets.json"},
			"SendEvent":     {handle: ingestEvent},
			"SendBatch":     {handle: ingestBatch},
			"CreateMarker":  {fixture: "create_marker.json", status: http.StatusCreated},
			"CreateDataset": {fixture: "create_dataset.json", status: http.StatusCreated},
		},
	}
}

// ingestEvent accepts one flat JSON object of string and number values, as
// the spec describes an event, and answers anything else with 400.
func ingestEvent(w http.ResponseWriter, _ *http.Request, body []byte) {
	var event map[string]any
	if json.Unmarshal(body, &event) != nil || event == nil {
		serveFixture(w, "observability", "nested_value.json", http.StatusBadRequest)
		return
	}
	if !flat(event) {
		serveFixture(w, "observability", "nested_value.json", http.StatusBadRequest)
		return
	}
	serveFixture(w, "observability", "send_event.json", 0)
}

// flat reports whether every value of event is a string or a number.
func flat(event map[string]any) bool {
	for _, v := range event {
		switch v.(type) {
		case string, float64:
		default:
			return false
		}
	}
	return true
}

// ingestBatch answers a batch as the service does: 200 with one status an
// event, in order — 202 for an event it takes, 400 and the service's
// documented reason for one it refuses. A body that is not an array of
// objects is refused whole; a gzip body (Content-Encoding: gzip) is read
// as the service reads it.
func ingestBatch(w http.ResponseWriter, r *http.Request, body []byte) {
	if r.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err == nil {
			body, err = io.ReadAll(zr)
		}
		if err != nil {
			body = nil // answered below as unreadable
		}
	}
	var batch []struct {
		Data map[string]any `json:"data"`
	}
	if json.Unmarshal(body, &batch) != nil || len(batch) == 0 {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":"Request body is malformed and cannot be read."}`)
		return
	}
	answers := make([]string, len(batch))
	for i, e := range batch {
		switch {
		case len(e.Data) == 0:
			answers[i] = `{"status":400,"error":"Request body should not be empty."}`
		case !flat(e.Data):
			answers[i] = `{"status":400,"error":"Request body is malformed and cannot be read."}`
		default:
			answers[i] = `{"status":202}`
		}
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprint(w, "["+strings.Join(answers, ",")+"]")
}
