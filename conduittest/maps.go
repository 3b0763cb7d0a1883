package conduittest

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// mapsSecondPage is the nextPageToken of search_text_paged.json.
const mapsSecondPage = "AeCrKXsZWzNVbPzO-MRWPu52jWO_Xx8aKwOQ69_Je3DxRpfdjClq8Ekwh3UcF2h2Jn75kL6PtWLGV4ecQri"

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
			"ReverseGeocode": {fixture: "reverse_geocode.json"},
			// The first page names the next only when the mask asks for
			// nextPageToken, as the service's does.
			"SearchText": {handle: requireFieldMask(func(r *http.Request, body []byte) string {
				switch {
				case bytes.Contains(body, []byte(mapsSecondPage)):
					return "search_text_page2.json"
				case slices.Contains(strings.Split(r.Header.Get("X-Provider-FieldMask"), ","), "nextPageToken"):
					return "search_text_paged.json"
				}
				return "search_text.json"
			})},
			"SearchNearby":       {handle: requireFieldMask(fixed("search_nearby.json"))},
			"PlaceDetails":       {handle: requireFieldMask(fixed("place_details.json"))},
			"ComputeRoutes":      {handle: requireFieldMask(fixed("compute_routes.json"))},
			"ComputeRouteMatrix": {handle: requireFieldMask(fixed("compute_route_matrix.json"))},
			// A photo's media needs no field mask: the image, or where it
			// is served.
			"PlacePhoto":    {fixture: "place_photo.png"},
			"PlacePhotoURI": {fixture: "place_photo_uri.json"},
		},
		// Geocoding and reverse geocoding share one path: the latlng
		// parameter tells them apart. A photo's media path serves the
		// image, or with skipHttpRedirect its address.
		which: func(r *http.Request, _ []byte) string {
			if strings.HasSuffix(r.URL.Path, "/media") {
				if r.URL.Query().Get("skipHttpRedirect") == "true" {
					return "PlacePhotoURI"
				}
				return "PlacePhoto"
			}
			if r.URL.Query().Has("latlng") {
				return "ReverseGeocode"
			}
			return "Geocode"
		},
	}
}

func fixed(name string) func(*http.Request, []byte) string {
	return func(*http.Request, []byte) string { return name }
}

// requireFieldMask answers as the places and routes hosts do: 400 without
// the X-Provider-FieldMask header, else the fixture pick chooses.
func requireFieldMask(pick func(r *http.Request, body []byte) string) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, r *http.Request, body []byte) {
		if r.Header.Get("X-Provider-FieldMask") == "" {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"error":{"code":400,"message":"FieldMask is a required parameter. Use the X-Provider-FieldMask header.","status":"INVALID_ARGUMENT"}}`)
			return
		}
		serveFixture(w, "maps", pick(r, body), 0)
	}
}
