package replay

import "net/http"

func init() {
	Register(Package{
		Name:  "sunrise",
		Bases: []string{"sun_url"},
		Routes: []Route{{
			Base: "sun_url", Method: "GET", Path: "/json",
			Pick: func(r *http.Request, _ []byte) string {
				if r.URL.Query().Get("formatted") == "0" {
					return "get.json"
				}
				return "get_formatted.json"
			},
		}},
	})
}
