package replay

import (
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
)

func init() {
	cloud := Place{Cred: "cloud_name", In: InPath}
	admin := []Place{
		{Cred: "api_key", In: InBasicUser},
		{Cred: "api_secret", In: InBasicPassword},
		cloud,
	}
	Register(Package{
		Name:  "media",
		Bases: []string{"media_admin_url", "media_delivery_url"},
		// cloud_name is a setting, not a secret; it is listed so that
		// Options and Env supply it and each route checks it is in the path.
		Credentials: map[string]string{
			"api_key":    "rp-media-api-key-7Kq2",
			"api_secret": "rp-media-api-secret-7Kq2",
			"cloud_name": "rp-media-cloud-7Kq2",
		},
		Routes: []Route{
			{Base: "media_admin_url", Method: "GET", Path: "/v1_1/{cloud}/resources/image", Auth: admin, Handler: mediaListImages},
			{Base: "media_admin_url", Method: "GET", Path: "/v1_1/{cloud}/usage", Fixture: "usage.json", Auth: admin},
			{Base: "media_delivery_url", Method: "GET", Path: "/{cloud}/image/list/{file}", Auth: []Place{cloud}, Handler: mediaListByTag},
		},
	})
}

// mediaSecondPage is the next_cursor of list_images.json.
const mediaSecondPage = "8edbc61040178db60b0973ca9494bf3a"

// mediaListImages checks max_results, when sent, is a positive integer,
// and serves two pages: the first names the second with its next_cursor.
func mediaListImages(w http.ResponseWriter, r *http.Request, _ []byte) {
	if v := r.URL.Query().Get("max_results"); v != "" {
		if n, err := strconv.Atoi(v); err != nil || n <= 0 {
			writeError(w, http.StatusBadRequest, "invalid_parameter", "max_results must be a positive integer")
			return
		}
	}
	page := "list_images.json"
	switch r.URL.Query().Get("next_cursor") {
	case "":
	case mediaSecondPage:
		page = "list_images_page2.json"
	default:
		writeError(w, http.StatusBadRequest, "invalid_parameter", "next_cursor names no page")
		return
	}
	http.ServeFile(w, r, filepath.Join(TestdataDir(), "media", page))
}

// mediaListByTag serves the public tag list. It must carry no Authorization
// header at all: checkAuth would not see a Basic header there, since that
// holds the key and secret encoded together.
func mediaListByTag(w http.ResponseWriter, r *http.Request, _ []byte) {
	if r.Header.Get("Authorization") != "" {
		writeError(w, http.StatusUnauthorized, "unauthorized", "the public tag list takes no credentials")
		return
	}
	tag, ok := strings.CutSuffix(r.PathValue("file"), ".json")
	if !ok || tag == "" {
		writeError(w, http.StatusNotFound, "not_found", "tag lists are <tag>.json")
		return
	}
	if tag != "products" {
		writeError(w, http.StatusNotFound, "not_found", "no public list for tag "+tag)
		return
	}
	http.ServeFile(w, r, filepath.Join(TestdataDir(), "media", "list_by_tag.json"))
}
