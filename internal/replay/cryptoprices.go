package replay

import (
	"net/http"
	"strings"
)

func init() {
	Register(Package{
		Name:  "cryptoprices",
		Bases: []string{"crypto_url"},
		Routes: []Route{
			{Base: "crypto_url", Method: "GET", Path: "/prices/{pair}/spot", Handler: func(w http.ResponseWriter, r *http.Request, _ []byte) {
				serveCrypto(w, "spot_price.json", strings.Contains(strings.ToUpper(r.PathValue("pair")), "XYZ"))
			}},
			{Base: "crypto_url", Method: "GET", Path: "/exchange-rates", Handler: func(w http.ResponseWriter, r *http.Request, _ []byte) {
				serveCrypto(w, "exchange_rates.json", strings.EqualFold(r.URL.Query().Get("currency"), "XYZ"))
			}},
		},
	})
}

// serveCrypto answers with name, or, for a currency the service does not
// know, with the 400 invalid_request it sends then.
func serveCrypto(w http.ResponseWriter, name string, unknown bool) {
	s := &Server{dir: TestdataDir()}
	w.Header().Set("CF-RAY", "8a00000000000001-EWR")
	if unknown {
		s.ServeFixture(w, "cryptoprices", "invalid_currency.json", http.StatusBadRequest)
		return
	}
	s.ServeFixture(w, "cryptoprices", name, http.StatusOK)
}
