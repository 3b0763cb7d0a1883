package conduittest

import (
	"net/http"
	"strings"
)

func init() {
	fakes["cryptoprices"] = &fake{answers: map[string]answer{
		"SpotPrice": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
			serveCrypto(w, "spot_price.json", strings.Contains(strings.ToUpper(r.PathValue("pair")), "XYZ"))
		}},
		"ExchangeRates": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
			serveCrypto(w, "exchange_rates.json", strings.EqualFold(r.URL.Query().Get("currency"), "XYZ"))
		}},
	}}
}

// serveCrypto answers with name, or, for a currency the service does not
// know (XYZ), with the 400 invalid_request it sends then.
func serveCrypto(w http.ResponseWriter, name string, unknown bool) {
	w.Header().Set("CF-RAY", "8a00000000000001-EWR")
	if unknown {
		serveFixture(w, "cryptoprices", "invalid_currency.json", http.StatusBadRequest)
		return
	}
	serveFixture(w, "cryptoprices", name, 0)
}
