package conduittest

import (
	"net/http"
	"strings"
)

func init() {
	fakes["cryptoprices"] = &fake{answers: map[string]answer{
		"SpotPrice": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
			name := "spot_price.json"
			if r.URL.Query().Get("date") != "" {
				name = "spot_price_on.json" // a past day's price
			}
			serveCrypto(w, name, strings.Contains(strings.ToUpper(r.PathValue("pair")), "XYZ"))
		}},
		"BuyPrice": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
			serveCrypto(w, "buy_price.json", strings.Contains(strings.ToUpper(r.PathValue("pair")), "XYZ"))
		}},
		"SellPrice": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
			serveCrypto(w, "sell_price.json", strings.Contains(strings.ToUpper(r.PathValue("pair")), "XYZ"))
		}},
		"Currencies": {handle: func(w http.ResponseWriter, _ *http.Request, _ []byte) { serveCrypto(w, "currencies.json", false) }},
		"CryptoCurrencies": {handle: func(w http.ResponseWriter, _ *http.Request, _ []byte) {
			serveCrypto(w, "crypto_currencies.json", false)
		}},
		"Time": {handle: func(w http.ResponseWriter, _ *http.Request, _ []byte) { serveCrypto(w, "time.json", false) }},
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
