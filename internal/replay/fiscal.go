package replay

import (
	"net/http"
	"strconv"
)

// byPage serves <name>.json for the first page and <name>_<n>.json for
// page[number] n > 1, so iterators can walk the fixtures. Only the
// number reaches the file name.
func byPage(name string) func(*http.Request, []byte) string {
	return func(r *http.Request, _ []byte) string {
		if n, err := strconv.Atoi(r.URL.Query().Get("page[number]")); err == nil && n > 1 {
			return name + "_" + strconv.Itoa(n) + ".json"
		}
		return name + ".json"
	}
}

func init() {
	Register(Package{
		Name:  "fiscal",
		Bases: []string{"fiscal_url"},
		Routes: []Route{
			{Base: "fiscal_url", Method: "GET", Path: "/v2/accounting/od/debt_to_penny", Pick: byPage("debt_to_penny")},
			{Base: "fiscal_url", Method: "GET", Path: "/v2/accounting/od/avg_interest_rates", Pick: byPage("avg_interest_rates")},
		},
	})
}
