package conduittest

import "net/http"

func init() {
	// Historical and Range answer from their fixtures, as the live service
	// does for a holiday (the working day before) and a range starting on
	// a weekend.
	fakes["fxref"] = &fake{answers: map[string]answer{
		// A currency the service does not know is "not found"; a base that
		// is also the only symbol is a pair it refuses.
		"Latest": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
			q := r.URL.Query()
			switch {
			case q.Get("base") == "XYZ" || q.Get("symbols") == "XYZ":
				serveFixture(w, "fxref", "unknown_currency.json", http.StatusNotFound)
			case q.Get("base") != "" && q.Get("base") == q.Get("symbols"):
				serveFixture(w, "fxref", "same_pair.json", http.StatusUnprocessableEntity)
			default:
				serveFixture(w, "fxref", "latest.json", 0)
			}
		}},
	}}
}
