package conduittest

import "net/http"

func init() {
	fakes["museum"] = &fake{answers: map[string]answer{
		// An id the collection lacks, and one it will not show (a loan),
		// answer 404 with the service's messages.
		"Object": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
			switch r.PathValue("objectID") {
			case "544320":
				serveFixture(w, "museum", "object_no_constituents.json", 0)
			case "855340":
				serveFixture(w, "museum", "not_valid_object.json", http.StatusNotFound)
			case "999999999":
				serveFixture(w, "museum", "error_not_found.json", http.StatusNotFound)
			default:
				serveFixture(w, "museum", "object.json", 0)
			}
		}},
		// "too many requests" stands for a burst the edge blocks with its
		// HTML page.
		"Search": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
			switch r.URL.Query().Get("q") {
			case "no such thing":
				serveFixture(w, "museum", "search_empty.json", 0)
			case "too many requests":
				serveFixture(w, "museum", "incapsula_block.html", http.StatusForbidden)
			default:
				serveFixture(w, "museum", "search.json", 0)
			}
		}},
	}}
}
