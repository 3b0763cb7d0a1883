package replay

func init() {
	// client_id and secret ride in every JSON body; the balance read also
	// carries the linked account's access token there. Both environments
	// serve the same fixtures, so tests tell them apart by Hits.
	creds := []Place{
		{Cred: "client_id", In: InBody, Name: "client_id"},
		{Cred: "secret", In: InBody, Name: "secret"},
	}
	balance := append(creds[:len(creds):len(creds)], Place{Cred: "access_token", In: InBody, Name: "access_token"})
	var routes []Route
	for _, base := range []string{"bank_sandbox_url", "bank_production_url"} {
		routes = append(routes,
			Route{Base: base, Method: "POST", Path: "/institutions/search", Fixture: "search_institutions.json", Auth: creds},
			Route{Base: base, Method: "POST", Path: "/accounts/balance/get", Fixture: "get_balance.json", Auth: balance},
		)
	}
	Register(Package{
		Name:  "banklink",
		Bases: []string{"bank_sandbox_url", "bank_production_url"},
		Credentials: map[string]string{
			"client_id": "rp-banklink-client_id-7Kq2",
			"secret":    "rp-banklink-secret-3Vd8",
			// Not a client setting: GetBalance takes it per call. Exported as
			// CONDUIT_BANKLINK_ACCESS_TOKEN for the examples and the tour.
			"access_token": "rp-banklink-access_token-9Xw1",
		},
		Routes: routes,
	})
}
