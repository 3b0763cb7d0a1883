package conduittest

import (
	"net/http"
	"strconv"
)

func init() {
	// A dataset's page and its iterator send the same request, so the
	// server cannot tell them apart: both are recorded and scripted as
	// the page (DebtToPenny, AvgInterestRates, …). A Query of a typed
	// dataset is recorded as that dataset's page too.
	debt, rates := answer{handle: fiscalPage("debt_to_penny")}, answer{handle: fiscalPage("avg_interest_rates")}
	exchange, outstanding, mts := answer{handle: fiscalPage("rates_of_exchange")}, answer{handle: fiscalPage("debt_outstanding")}, answer{handle: fiscalPage("mts_table_1")}
	// Any other path under the base is a dataset the service lacks.
	unknown := answer{fixture: "unknown_endpoint.json", status: http.StatusNotFound}
	fakes["fiscal"] = &fake{answers: map[string]answer{
		"DebtToPenny": debt, "AllDebtToPenny": debt,
		"AvgInterestRates": rates, "AllAvgInterestRates": rates,
		"RatesOfExchange": exchange, "AllRatesOfExchange": exchange,
		"DebtOutstanding": outstanding, "AllDebtOutstanding": outstanding,
		"MTSSummary": mts, "AllMTSSummary": mts,
		"Query": unknown, "AllQuery": unknown,
		// The Each… iterators send their page's request too.
		"EachDebtToPennyRecord": debt, "EachAvgInterestRate": rates, "EachRateOfExchange": exchange,
		"EachDebtOutstandingRecord": outstanding, "EachMTSSummaryRecord": mts, "EachQueryRow": unknown,
	}, unknown: unknown}
}

// fiscalPage serves <name>.json for the first page and <name>_<n>.json for
// page[number] n > 1, so iterators can walk the fixtures; only the number
// reaches the file name. A sort on a field the dataset lacks
// (-record_dat) is answered with the service's 400.
func fiscalPage(name string) func(http.ResponseWriter, *http.Request, []byte) {
	return func(w http.ResponseWriter, r *http.Request, _ []byte) {
		q := r.URL.Query()
		switch n, err := strconv.Atoi(q.Get("page[number]")); {
		case q.Get("sort") == "-record_dat":
			serveFixture(w, "fiscal", "error_invalid_sort.json", http.StatusBadRequest)
		case err == nil && n > 1:
			serveFixture(w, "fiscal", name+"_"+strconv.Itoa(n)+".json", 0)
		default:
			serveFixture(w, "fiscal", name+".json", 0)
		}
	}
}
