package conduittest

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
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
			"ListImages": {handle: inCloud(admin(mediaListImages))},
			"Usage":      {handle: inCloud(admin(func(w http.ResponseWriter, _ *http.Request) { serveFixture(w, "media", "usage.json", 0) }))},
			"ListByTag":  {handle: inCloud(mediaListByTag)},
			"Resource":   {handle: inCloud(admin(mediaResource))},
			"Search":     {handle: inCloud(admin(mediaSearch))},
			"Upload":     {handle: inCloud(signedForm(mediaUpload))},
			"Destroy":    {handle: inCloud(signedForm(mediaDestroy))},
			"AddTag":     {handle: inCloud(signedForm(mediaTags("add")))},
			"RemoveTag":  {handle: inCloud(signedForm(mediaTags("remove")))},
		},
		// AddTag and RemoveTag share one path; the form's command tells them
		// apart.
		which: func(r *http.Request, body []byte) string {
			if form := mediaForm(r.Header.Get("Content-Type"), body); form != nil && form.Get("command") == "remove" {
				return "RemoveTag"
			}
			return "AddTag"
		},
	}
}

// admin sends the Admin API's hourly budget headers with every answer, as
// Cloudinary does: 500 calls, one spent, renewed at the next full hour.
func admin(h func(http.ResponseWriter, *http.Request)) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-FeatureRateLimit-Limit", "500")
		w.Header().Set("X-FeatureRateLimit-Remaining", "499")
		w.Header().Set("X-FeatureRateLimit-Reset", time.Now().UTC().Truncate(time.Hour).Add(time.Hour).Format(http.TimeFormat))
		h(w, r)
	}
}

// mediaForm reads a form body, multipart or URL-encoded, or returns nil.
func mediaForm(contentType string, body []byte) url.Values {
	mt, params, err := mime.ParseMediaType(contentType)
	switch {
	case err != nil:
		return nil
	case mt == "application/x-www-form-urlencoded":
		v, _ := url.ParseQuery(string(body))
		return v
	case mt != "multipart/form-data":
		return nil
	}
	form, err := multipart.NewReader(bytes.NewReader(body), params["boundary"]).ReadForm(32 << 20)
	if err != nil {
		return nil
	}
	defer form.RemoveAll()
	v := url.Values(form.Value)
	if len(form.File["file"]) > 0 {
		v.Set("conduittest_filename", form.File["file"][0].Filename)
	}
	return v
}

// signedForm checks an Upload API call as Cloudinary does: a form whose
// signature is the SHA-1 or SHA-256 hex digest of its sorted parameters
// (file, cloud_name, resource_type and api_key left out, arrays joined with
// commas) followed by the API secret, which must itself never arrive.
func signedForm(h func(http.ResponseWriter, *http.Request, url.Values)) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		form := mediaForm(r.Header.Get("Content-Type"), body)
		if form == nil {
			writeError(w, http.StatusBadRequest, "invalid_request", "the Upload API takes a form body")
			return
		}
		secret := Credential("media", "api_secret")
		if form.Get("timestamp") == "" || form.Get("signature") == "" || form.Has("api_secret") {
			writeError(w, http.StatusBadRequest, "invalid_request", "missing timestamp or signature, or an api_secret sent")
			return
		}
		var names []string
		for name := range form {
			name = strings.TrimSuffix(name, "[]")
			if !slices.Contains([]string{"file", "cloud_name", "resource_type", "api_key", "signature", "conduittest_filename"}, name) && !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		var pairs []string
		for _, name := range names {
			vals := append(form[name], form[name+"[]"]...)
			for i, v := range vals {
				vals[i] = strings.ReplaceAll(v, "&", "%26")
			}
			pairs = append(pairs, name+"="+strings.Join(vals, ","))
		}
		payload := []byte(strings.Join(pairs, "&") + secret)
		sum1, sum256 := sha1.Sum(payload), sha256.Sum256(payload)
		if got := form.Get("signature"); got != hex.EncodeToString(sum1[:]) && got != hex.EncodeToString(sum256[:]) {
			w.Header().Set("X-Cld-Error", "Invalid Signature")
			serveFixture(w, "media", "invalid_signature.json", http.StatusUnauthorized)
			return
		}
		h(w, r, form)
	}
}

// mediaUpload answers an upload of a streamed file or of an address.
func mediaUpload(w http.ResponseWriter, r *http.Request, form url.Values) {
	if form.Get("file") == "" && form.Get("conduittest_filename") == "" {
		writeError(w, http.StatusBadRequest, "invalid_request", "Missing required parameter - file")
		return
	}
	serveFixture(w, "media", "upload.json", 0)
}

// mediaDestroy deletes the assets the fixtures hold; any other public id is
// "not found", with status 200 as Cloudinary answers it.
func mediaDestroy(w http.ResponseWriter, r *http.Request, form url.Values) {
	switch form.Get("public_id") {
	case "products/mug-blue", "products/teapot-white", "banners/summer sale":
		serveFixture(w, "media", "destroy.json", 0)
	default:
		serveFixture(w, "media", "destroy_not_found.json", 0)
	}
}

// mediaTags checks the command and its inputs and answers with the public
// ids changed.
func mediaTags(command string) func(http.ResponseWriter, *http.Request, url.Values) {
	return func(w http.ResponseWriter, r *http.Request, form url.Values) {
		if form.Get("command") != command || form.Get("tag") == "" || len(form["public_ids[]"]) == 0 {
			writeError(w, http.StatusBadRequest, "invalid_request", "Missing required parameter - command, tag or public_ids")
			return
		}
		serveFixture(w, "media", "tags.json", 0)
	}
}

// mediaResource serves the details of products/mug-blue; any other asset
// is Cloudinary's 404.
func mediaResource(w http.ResponseWriter, r *http.Request) {
	if r.PathValue("resource_type") != "image" || r.PathValue("type") != "upload" || r.PathValue("public_id") != "products/mug-blue" {
		serveFixture(w, "media", "resource_not_found.json", http.StatusNotFound)
		return
	}
	serveFixture(w, "media", "resource.json", 0)
}

// mediaSearchSecondPage is the next_cursor of search.json.
const mediaSearchSecondPage = "b16b8bd80426df43a107f26b0348"

// mediaSearch checks the JSON body and serves two pages.
func mediaSearch(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var q struct {
		MaxResults *int   `json:"max_results"`
		NextCursor string `json:"next_cursor"`
	}
	if err := json.Unmarshal(body, &q); err != nil || (q.MaxResults != nil && (*q.MaxResults < 1 || *q.MaxResults > 500)) {
		writeError(w, http.StatusBadRequest, "invalid_request", "the search takes a JSON body; max_results between 1 and 500")
		return
	}
	switch q.NextCursor {
	case "":
		serveFixture(w, "media", "search.json", 0)
	case mediaSearchSecondPage:
		serveFixture(w, "media", "search_page2.json", 0)
	default:
		writeError(w, http.StatusBadRequest, "invalid_request", "next_cursor names no page")
	}
}

// inCloud answers for the fake cloud only, as the credential check would
// for a credential out of place.
func inCloud(h func(http.ResponseWriter, *http.Request)) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, r *http.Request, _ []byte) {
		if cloud := Credential("media", "cloud_name"); r.PathValue("cloud") != cloud {
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
