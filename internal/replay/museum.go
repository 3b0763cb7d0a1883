package replay

import "net/http"

func init() {
	Register(Package{
		Name:  "museum",
		Bases: []string{"museum_url"},
		Routes: []Route{
			{Base: "museum_url", Method: "GET", Path: "/objects/{objectID}", Handler: func(w http.ResponseWriter, r *http.Request, _ []byte) {
				// An id the collection lacks, and one it will not show (a
				// loan), answer 404 with the service's messages.
				name, status := "object.json", http.StatusOK
				switch r.PathValue("objectID") {
				case "544320":
					name = "object_no_constituents.json"
				case "855340":
					name, status = "not_valid_object.json", http.StatusNotFound
				case "999999999":
					name, status = "error_not_found.json", http.StatusNotFound
				}
				(&Server{dir: TestdataDir()}).ServeFixture(w, "museum", name, status)
			}},
			{Base: "museum_url", Method: "GET", Path: "/search", Handler: func(w http.ResponseWriter, r *http.Request, _ []byte) {
				// "too many requests" stands for a burst the edge blocks.
				name, status := "search.json", http.StatusOK
				switch r.URL.Query().Get("q") {
				case "no such thing":
					name = "search_empty.json"
				case "too many requests":
					name, status = "incapsula_block.html", http.StatusForbidden
				}
				(&Server{dir: TestdataDir()}).ServeFixture(w, "museum", name, status)
			}},
		},
	})
}
