package conduittest

import "net/http"

// filingsCIK is the one company the fixtures hold (its 10-digit key).
const filingsCIK = "0000320193"

func init() {
	frames := answer{handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
		if r.PathValue("taxonomy") != "us-gaap" || r.PathValue("tag") != "AccountsPayableCurrent" ||
			r.PathValue("unit") != "USD" || r.PathValue("period") != "CY2019Q1I" {
			noSuchKey(w, "no_such_concept.xml")
			return
		}
		serveFixture(w, "filings", "frames.json", 0)
	}}
	fakes["filings"] = &fake{
		// Not a secret: the service wants a name and a contact address.
		creds: map[string]string{"user_agent": "Conduittest Filings ct-filings-user-agent-7Kq2@example.com"},
		answers: map[string]answer{
			// Any other file is one the object store behind the service
			// does not hold: its XML 404.
			"CompanyConcept": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
				if r.PathValue("cik") != filingsCIK || r.PathValue("taxonomy") != "us-gaap" || r.PathValue("tag") != "AccountsPayableCurrent" {
					noSuchKey(w, "no_such_concept.xml")
					return
				}
				serveFixture(w, "filings", "company_concept.json", 0)
			}},
			"Submissions": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
				if r.PathValue("cik") != filingsCIK {
					noSuchKey(w, "not_found.xml")
					return
				}
				serveFixture(w, "filings", "submissions.json", 0)
			}},
			"CompanyFacts": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
				if r.PathValue("cik") != filingsCIK {
					noSuchKey(w, "not_found.xml")
					return
				}
				serveFixture(w, "filings", "company_facts.json", 0)
			}},
			// The one frame held is the service's documented example.
			// EachFrameFact sends Frames' request and is recorded under it.
			"Frames":        frames,
			"EachFrameFact": frames,
			"SubmissionsFile": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
				if r.PathValue("cik") != filingsCIK || r.PathValue("number") != "001" {
					noSuchKey(w, "not_found.xml")
					return
				}
				serveFixture(w, "filings", "submissions_file.json", 0)
			}},
			"Tickers":         {fixture: "company_tickers.json"},
			"TickersExchange": {fixture: "company_tickers_exchange.json"},
		},
	}
}

// noSuchKey answers as the object store does for a key it lacks.
func noSuchKey(w http.ResponseWriter, fixture string) {
	w.Header().Set("Content-Type", "application/xml")
	serveFixture(w, "filings", fixture, http.StatusNotFound)
}
