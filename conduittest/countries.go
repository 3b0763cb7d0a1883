package conduittest

import "net/http"

func init() {
	fakes["countries"] = &fake{answers: map[string]answer{
		// An unknown country gets the error envelope with status 200, the
		// case a client must not mistake for success.
		"Cities": {pick: func(_ *http.Request, body []byte) string {
			if jsonString(body, "country") == "Nigeria" {
				return "cities.json"
			}
			return "cities_not_found.json"
		}},
	}}
}
