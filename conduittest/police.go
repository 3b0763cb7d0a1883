package conduittest

import "net/http"

func init() {
	fakes["police"] = &fake{answers: map[string]answer{
		"StreetCrimes": {pick: func(r *http.Request, _ []byte) string {
			if r.URL.Query().Get("date") == "2010-11" {
				return "street_crimes_empty.json" // before the data starts
			}
			return "street_crimes.json"
		}},
	}}
}
