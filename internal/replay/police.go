package replay

import "net/http"

func init() {
	Register(Package{
		Name:  "police",
		Bases: []string{"police_url"},
		Routes: []Route{
			{Base: "police_url", Method: "GET", Path: "/forces", Fixture: "forces.json"},
			{Base: "police_url", Method: "GET", Path: "/crimes-street/all-crime", Pick: func(r *http.Request, _ []byte) string {
				if r.URL.Query().Get("date") == "2010-11" {
					return "street_crimes_empty.json" // before the data starts
				}
				return "street_crimes.json"
			}},
		},
	})
}
