package replay

import "net/http"

func init() {
	Register(Package{
		Name:  "museum",
		Bases: []string{"museum_url"},
		Routes: []Route{
			{Base: "museum_url", Method: "GET", Path: "/objects/{objectID}", Pick: func(r *http.Request, _ []byte) string {
				if r.PathValue("objectID") == "544320" {
					return "object_no_constituents.json"
				}
				return "object.json"
			}},
			{Base: "museum_url", Method: "GET", Path: "/search", Pick: func(r *http.Request, _ []byte) string {
				if r.URL.Query().Get("q") == "no such thing" {
					return "search_empty.json"
				}
				return "search.json"
			}},
		},
	})
}
