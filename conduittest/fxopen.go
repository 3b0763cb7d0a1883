package conduittest

import "net/http"

func init() {
	fakes["fxopen"] = &fake{answers: map[string]answer{
		// The provider answers a code it does not support with result
		// "error" and an error-type (under status 200), which the client
		// must surface.
		"Latest": {pick: func(r *http.Request, _ []byte) string {
			if r.PathValue("base_code") == "USD" {
				return "latest.json"
			}
			return "unsupported_code.json"
		}},
	}}
}
