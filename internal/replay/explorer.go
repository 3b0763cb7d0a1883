package replay

func init() {
	Register(Package{
		Name:  "explorer",
		Bases: []string{"explorer_url"},
		Routes: []Route{
			{Base: "explorer_url", Method: "GET", Path: "/v1/fees/recommended", Fixture: "recommended_fees.json"},
			{Base: "explorer_url", Method: "GET", Path: "/mempool", Fixture: "mempool.json"},
			{Base: "explorer_url", Method: "GET", Path: "/v1/blocks", Fixture: "blocks.json"},
		},
	})
}
