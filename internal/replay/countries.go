package replay

import "net/http"

func init() {
	Register(Package{
		Name:  "countries",
		Bases: []string{"countries_url"},
		Routes: []Route{
			{Base: "countries_url", Method: "GET", Path: "/countries/capital", Fixture: "capitals.json"},
			{
				// An unknown country gets the error envelope with status
				// 200, the case a client must not mistake for success.
				Base: "countries_url", Method: "POST", Path: "/countries/cities",
				Pick: func(_ *http.Request, body []byte) string {
					if jsonString(body, "country") == "Nigeria" {
						return "cities.json"
					}
					return "cities_not_found.json"
				},
			},
		},
	})
}
