package replay

import (
	"encoding/json"
	"net/http"
)

func init() {
	auth := []Place{{Cred: "api_key", In: InHeader, Name: "X-Service-Team"}}
	var routes []Route
	for base, authFixture := range map[string]string{"obs_url": "auth.json", "obs_eu_url": "auth_eu.json"} {
		routes = append(routes,
			Route{Base: base, Method: "GET", Path: "/1/auth", Fixture: authFixture, Auth: auth},
			Route{Base: base, Method: "GET", Path: "/1/datasets", Fixture: "list_datasets.json", Auth: auth},
			Route{Base: base, Method: "POST", Path: "/1/events/{dataset}", Auth: auth, Handler: ingestEvent},
		)
	}
	Register(Package{
		Name:        "observability",
		Bases:       []string{"obs_url", "obs_eu_url"},
		Credentials: map[string]string{"api_key": "rp-observability-api-key-9Xw4"},
		Routes:      routes,
	})
}

// ingestEvent accepts one flat JSON object of string and number values, as
// the spec describes an event, and answers anything else with 400.
func ingestEvent(w http.ResponseWriter, r *http.Request, body []byte) {
	srv := &Server{dir: TestdataDir()} // ServeFixture needs only the directory
	var event map[string]any
	if json.Unmarshal(body, &event) != nil || event == nil {
		srv.ServeFixture(w, "observability", "nested_value.json", http.StatusBadRequest)
		return
	}
	for _, v := range event {
		switch v.(type) {
		case string, float64:
		default:
			srv.ServeFixture(w, "observability", "nested_value.json", http.StatusBadRequest)
			return
		}
	}
	srv.ServeFixture(w, "observability", "send_event.json", http.StatusOK)
}
