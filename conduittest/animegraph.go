package conduittest

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/conduit-sdk/conduit/animegraph"
)

func init() {
	answerGraphQL := func(w http.ResponseWriter, _ *http.Request, body []byte) {
		name, status := pickAnime(body)
		serveFixture(w, "animegraph", name, status)
	}
	// The typed operations send fixed documents: each is known by its own.
	typed := map[string]string{
		animegraph.MediaDocument:                "Media",
		animegraph.MediaByIDDocument:            "MediaByID",
		animegraph.SearchMediaDocument:          "SearchMedia",
		animegraph.CharacterDocument:            "Character",
		animegraph.StaffDocument:                "Staff",
		animegraph.StudioDocument:               "Studio",
		animegraph.AiringScheduleDocument:       "AiringSchedule",
		animegraph.UserDocument:                 "User",
		animegraph.SaveMediaListEntryDocument:   "SaveMediaListEntry",
		animegraph.ViewerDocument:               "Viewer",
		animegraph.MediaListCollectionDocument:  "MediaListCollection",
		animegraph.DeleteMediaListEntryDocument: "DeleteMediaListEntry",
		animegraph.ToggleFavouriteDocument:      "ToggleFavourite",
	}
	fakes["animegraph"] = &fake{
		creds: map[string]string{"token": "anilist-test-token-7f3c"},
		answers: map[string]answer{
			"Media":     {handle: answerGraphQL},
			"Query":     {handle: answerGraphQL},
			"MediaByID": {fixture: "media_by_id.json"},
		},
		which: func(_ *http.Request, body []byte) string {
			if op, ok := typed[jsonString(body, "query")]; ok {
				return op
			}
			return "Query"
		},
	}
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
