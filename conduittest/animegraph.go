package conduittest

import (
	"encoding/json"
	"github.com/conduit-sdk/conduit/animegraph"
	"net/http"
	"strings"
)

func init() {
	answerGraphQL := func(w http.ResponseWriter, _ *http.Request, body []byte) {
		name, status := pickAnime(body)
		serveFixture(w, "animegraph", name, status)
	}
	fakes["animegraph"] = &fake{answers: map[string]answer{
		"Media": {handle: answerGraphQL},
		"Query": {handle: answerGraphQL},
	}, which: func(_ *http.Request, body []byte) string {
		if jsonString(body, "query") == animegraph.MediaDocument {
			return "Media"
		}
		return "Query"
	}}
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
