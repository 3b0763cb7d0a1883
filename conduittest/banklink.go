package conduittest

import "net/http"

func init() {
	fakes["banklink"] = &fake{
		creds: map[string]string{
			"client_id": "ct-banklink-client_id-7Kq2",
			"secret":    "ct-banklink-secret-3Vd8",
			// Not a client setting: GetBalance takes a linked account's
			// token per call, in the body.
			"access_token": "ct-banklink-access_token-9Xw1",
		},
		answers: map[string]answer{
			"SearchInstitutions": {fixture: "search_institutions.json"},
			"GetBalance":         {handle: getBalance},
		},
	}
}

// getBalance answers as the service does for a token it does not know: 400
// with INVALID_ACCESS_TOKEN.
func getBalance(w http.ResponseWriter, _ *http.Request, body []byte) {
	if token, _ := Credential("banklink", "access_token"); jsonString(body, "access_token") != token {
		serveFixture(w, "banklink", "invalid_access_token.json", http.StatusBadRequest)
		return
	}
	serveFixture(w, "banklink", "get_balance.json", 0)
}
