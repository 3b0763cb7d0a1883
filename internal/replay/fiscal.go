package replay

import (
	"net/http"
	"strconv"
)

// byPage serves <name>.json for the first page and <name>_<n>.json for
// page[number] n > 1, so iterators can walk the fixtures. Only the number
// reaches the file name. A sort on a field the dataset lacks is answered
// with the service's 400.
func byPage(name string) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, r *http.Request, _ []byte) {
		q := r.URL.Query()
		file, status := name+".json", http.StatusOK
		switch n, err := strconv.Atoi(q.Get("page[number]")); {
		case q.Get("sort") == "-record_dat":
			file, status = "error_invalid_sort.json", http.StatusBadRequest
		case err == nil && n > 1:
			file = name + "_" + strconv.Itoa(n) + ".json"
		}
		(&Server{dir: TestdataDir()}).ServeFixture(w, "fiscal", file, status)
	}
}

func init() {
	Register(Package{
		Name:  "fiscal",
		Bases: []string{"fiscal_url"},
		Routes: []Route{
			{Base: "fiscal_url", Method: "GET", Path: "/v2/accounting/od/debt_to_penny", Handler: byPage("debt_to_penny")},
			{Base: "fiscal_url", Method: "GET", Path: "/v2/accounting/od/avg_interest_rates", Handler: byPage("avg_interest_rates")},
			// Any other dataset of the family does not exist here.
			{Base: "fiscal_url", Method: "GET", Path: "/v2/accounting/od/{dataset}", Fixture: "unknown_endpoint.json", Status: http.StatusNotFound},
		},
	})
}
