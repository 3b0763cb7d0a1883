package conduittest

import (
	"encoding/json"
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
			"ListDatasets": {fixture: "list_datasets.json"},
			"SendEvent":    {handle: ingestEvent},
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
	for _, v := range event {
		switch v.(type) {
		case string, float64:
		default:
			serveFixture(w, "observability", "nested_value.json", http.StatusBadRequest)
			return
		}
	}
	serveFixture(w, "observability", "send_event.json", 0)
}
