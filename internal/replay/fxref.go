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
			{Base: "fx_url", Method: "GET", Path: "/latest", Handler: func(w http.ResponseWriter, r *http.Request, _ []byte) {
				// A currency the service does not know is "not found"; a
				// base that is also the only symbol is a pair it refuses.
				q := r.URL.Query()
				name, status := "latest.json", http.StatusOK
				switch {
				case q.Get("base") == "XYZ" || q.Get("symbols") == "XYZ":
					name, status = "unknown_currency.json", http.StatusNotFound
				case q.Get("base") != "" && q.Get("base") == q.Get("symbols"):
					name, status = "same_pair.json", http.StatusUnprocessableEntity
				}
				(&Server{dir: TestdataDir()}).ServeFixture(w, "fxref", name, status)
			}},
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
