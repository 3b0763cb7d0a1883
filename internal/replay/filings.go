package replay

import (
	"net/http"
	"os"
	"path/filepath"
)

func init() {
	ua := []Place{{Cred: "user_agent", In: InHeader, Name: "User-Agent"}}
	Register(Package{
		Name:        "filings",
		Bases:       []string{"filings_url"},
		Credentials: map[string]string{"user_agent": "Replay Filings rp-filings-user-agent-7Kq2@example.com"},
		Routes: []Route{
			{
				Base: "filings_url", Method: "GET", Path: "/api/xbrl/companyconcept/CIK0000320193/us-gaap/AccountsPayableCurrent.json",
				Fixture: "company_concept.json", Auth: ua,
			},
			{Base: "filings_url", Method: "GET", Path: "/submissions/CIK0000320193.json", Fixture: "submissions.json", Auth: ua},
			// Any other company is a file the object store behind the
			// service does not hold: its XML 404.
			{Base: "filings_url", Method: "GET", Path: "/submissions/{file}", Auth: ua, Handler: noSuchKey},
		},
	})
}

func noSuchKey(w http.ResponseWriter, _ *http.Request, _ []byte) {
	b, err := os.ReadFile(filepath.Join(TestdataDir(), "filings", "not_found.xml"))
	if err != nil {
		writeError(w, http.StatusInternalServerError, "fixture", err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/xml")
	w.WriteHeader(http.StatusNotFound)
	w.Write(b)
}
