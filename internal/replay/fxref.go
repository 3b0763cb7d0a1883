package replay

import (
	"net/http"
	"strings"
)

func init() {
	Register(Package{
		Name:  "fxref",
		Bases: []string{"fx_url"},
		Routes: []Route{
			{Base: "fx_url", Method: "GET", Path: "/latest", Fixture: "latest.json"},
			{Base: "fx_url", Method: "GET", Path: "/currencies", Fixture: "currencies.json"},
			{
				// One segment holds either a date or start..end. The fixtures
				// answer as the live service does for a holiday (the working
				// day before) and a range starting on a weekend.
				Base: "fx_url", Method: "GET", Path: "/{span}",
				Pick: func(r *http.Request, _ []byte) string {
					if strings.Contains(r.PathValue("span"), "..") {
						return "range.json"
					}
					return "historical.json"
				},
			},
		},
	})
}
