package replay

import "net/http"

func init() {
	Register(Package{
		Name:  "fxopen",
		Bases: []string{"open_fx_url"},
		Routes: []Route{{
			Base: "open_fx_url", Method: "GET", Path: "/latest/{base}",
			// The provider answers an unknown code with result "error" and
			// an error-type, which is what the client must surface.
			Pick: func(r *http.Request, _ []byte) string {
				if r.PathValue("base") == "USD" {
					return "latest.json"
				}
				return "unsupported_code.json"
			},
		}},
	})
}
