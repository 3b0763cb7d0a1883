package replay

import (
	"encoding/json"
	"net/http"
	"strings"
)

func init() {
	Register(Package{
		Name:  "animegraph",
		Bases: []string{"anime_url"},
		Routes: []Route{{
			// Every request is a POST to the base URL itself; the body
			// decides the answer, and its status with it.
			Base: "anime_url", Method: "POST", Path: "",
			Handler: func(w http.ResponseWriter, r *http.Request, body []byte) {
				name, status := pickAnime(body)
				(&Server{dir: TestdataDir()}).ServeFixture(w, "animegraph", name, status)
			},
		}},
	})
}

// pickAnime answers as the service does: 400 with a GraphQL errors body
// for a request without a query; a Media lookup by its $search variable
// (404 when nothing matches); a query with an unknown field fails
// validation; a Staff lookup returns partial data with an error.
func pickAnime(body []byte) (string, int) {
	var req struct {
		Query     string         `json:"query"`
		Variables map[string]any `json:"variables"`
	}
	if json.Unmarshal(body, &req) != nil || strings.TrimSpace(req.Query) == "" {
		return "no_query.json", http.StatusBadRequest
	}
	search, _ := req.Variables["search"].(string)
	switch {
	case strings.Contains(req.Query, "Nope"):
		return "invalid_query.json", http.StatusBadRequest
	case strings.Contains(req.Query, "Staff"):
		return "partial.json", http.StatusOK
	case strings.Contains(req.Query, "Page"):
		return "page.json", http.StatusOK
	case strings.Contains(req.Query, "Media(") && strings.EqualFold(search, "Cowboy Bebop"):
		return "media.json", http.StatusOK
	case strings.Contains(req.Query, "Media(") && strings.EqualFold(search, "Sousou no Frieren 2nd Season"):
		return "media_upcoming.json", http.StatusOK
	}
	return "media_not_found.json", http.StatusNotFound
}
