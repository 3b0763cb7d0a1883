package conduittest

import "net/http"

func init() {
	fakes["sunrise"] = &fake{answers: map[string]answer{
		// ISO 8601 instants with formatted=0, 12-hour clock strings without.
		"Get": {pick: func(r *http.Request, _ []byte) string {
			if r.URL.Query().Get("formatted") == "0" {
				return "get.json"
			}
			return "get_formatted.json"
		}},
	}}
}
