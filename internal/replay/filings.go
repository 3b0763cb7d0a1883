package replay

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
		},
	})
}
