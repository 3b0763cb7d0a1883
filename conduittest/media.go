package conduittest

import (
	"net/http"
	"strconv"
)

// mediaSecondPage is the next_cursor of list_images.json.
const mediaSecondPage = "8edbc61040178db60b0973ca9494bf3a"

func init() {
	fakes["media"] = &fake{
		creds: map[string]string{
			"api_key":    "ct-media-api-key-7Kq2",
			"api_secret": "ct-media-api-secret-3Vd8",
			// Not a credential but a setting every path starts with: each
			// answer checks it is this cloud.
			"cloud_name": "ct-media-cloud-9Xw1",
		},
		answers: map[string]answer{
			"ListImages": {handle: inCloud(mediaListImages)},
			"Usage":      {handle: inCloud(func(w http.ResponseWriter, _ *http.Request) { serveFixture(w, "media", "usage.json", 0) })},
			"ListByTag":  {handle: inCloud(mediaListByTag)},
		},
	}
}

// inCloud answers for the fake cloud only, as the credential check would
// for a credential out of place.
func inCloud(h func(http.ResponseWriter, *http.Request)) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, r *http.Request, _ []byte) {
		if cloud, _ := Credential("media", "cloud_name"); r.PathValue("cloud") != cloud {
			writeError(w, http.StatusUnauthorized, "unauthorized", "wrong cloud_name in the path")
			return
		}
		h(w, r)
	}
}

// mediaListImages checks max_results, when sent, is a positive integer,
// and serves two pages: the first names the second with its next_cursor.
func mediaListImages(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if v := q.Get("max_results"); v != "" {
		if n, err := strconv.Atoi(v); err != nil || n <= 0 {
			writeError(w, http.StatusBadRequest, "invalid_parameter", "max_results must be a positive integer")
			return
		}
	}
	switch q.Get("next_cursor") {
	case "":
		serveFixture(w, "media", "list_images.json", 0)
	case mediaSecondPage:
		serveFixture(w, "media", "list_images_page2.json", 0)
	default:
		writeError(w, http.StatusBadRequest, "invalid_parameter", "next_cursor names no page")
	}
}

// mediaListByTag serves the public tag list of "products". It must carry
// no Authorization header at all: the credential check sees a Basic
// header's key and secret only encoded together.
func mediaListByTag(w http.ResponseWriter, r *http.Request) {
	switch tag := r.PathValue("tag"); {
	case r.Header.Get("Authorization") != "":
		writeError(w, http.StatusUnauthorized, "unauthorized", "the public tag list takes no credentials")
	case tag != "products":
		writeError(w, http.StatusNotFound, "not_found", "no public list for tag "+tag)
	default:
		serveFixture(w, "media", "list_by_tag.json", 0)
	}
}
