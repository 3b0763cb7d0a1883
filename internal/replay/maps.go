package replay

import (
	"fmt"
	"net/http"
)

func init() {
	header := []Place{{Cred: "api_key", In: InHeader, Name: "X-Provider-Api-Key"}}
	Register(Package{
		Name:        "maps",
		Bases:       []string{"geocoding_url", "places_url", "routes_url"},
		Credentials: map[string]string{"api_key": "rp-maps-api_key-5Tz4"},
		Routes: []Route{
			{
				Base: "geocoding_url", Method: "GET", Path: "/maps/api/geocode/json",
				Auth: []Place{{Cred: "api_key", In: InQuery, Name: "key"}},
				Pick: func(r *http.Request, _ []byte) string {
					if r.URL.Query().Get("address") == "Atlantis" {
						return "geocode_zero_results.json"
					}
					return "geocode.json"
				},
			},
			{Base: "places_url", Method: "POST", Path: "/v1/places:searchText", Auth: header, Handler: requireFieldMask("search_text.json")},
			{Base: "routes_url", Method: "POST", Path: "/directions/v2:computeRoutes", Auth: header, Handler: requireFieldMask("compute_routes.json")},
		},
	})
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
		(&Server{dir: TestdataDir()}).ServeFixture(w, "maps", fixture, 0)
	}
}
