package replay

import (
	"net/http"
	"net/http/httptest"
)

// Canned starts a server that answers every request with status, body and,
// unless ctype is empty, that Content-Type: the error bodies, proxy pages
// and logical failures of error-shape tests. The caller closes it.
func Canned(status int, ctype, body string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if ctype != "" {
			w.Header().Set("Content-Type", ctype)
		}
		w.WriteHeader(status)
		w.Write([]byte(body))
	}))
}
