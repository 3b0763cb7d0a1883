package conduittest

import (
	"fmt"
	"net/http"
)

func init() {
	fakes["maps"] = &fake{
		creds: map[string]string{"api_key": "ct-maps-api_key-5Tz4"},
		answers: map[string]answer{
			"Geocode": {pick: func(r *http.Request, _ []byte) string {
				if r.URL.Query().Get("address") == "Atlantis" {
					return "geocode_zero_results.json"
				}
				return "geocode.json"
			}},
			"SearchText":    {handle: requireFieldMask("search_text.json")},
			"ComputeRoutes": {handle: requireFieldMask("compute_routes.json")},
		},
	}
}

// requireFieldMask answers as the places and routes hosts do: 400 without
// the X-Provider-FieldMask header, else the fixture.
func requireFieldMask(fixture string) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, r *http.Request, _ []byte) {
		if r.Header.Get("X-Provider-FieldMask") == "" {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"error":{"code":400,"message":"FieldMask is a required parameter. Use the X-Provider-FieldMask header.","status":"INVALID_ARGUMENT"}}`)
			return
		}
		serveFixture(w, "maps", fixture, 0)
	}
}
