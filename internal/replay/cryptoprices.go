package replay

func init() {
	Register(Package{
		Name:  "cryptoprices",
		Bases: []string{"crypto_url"},
		Routes: []Route{
			{Base: "crypto_url", Method: "GET", Path: "/prices/{pair}/spot", Fixture: "spot_price.json"},
			{Base: "crypto_url", Method: "GET", Path: "/exchange-rates", Fixture: "exchange_rates.json"},
		},
	})
}
