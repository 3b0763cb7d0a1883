package transport

import "net/http"

// WriteJSON answers an inbound request (a platform calling the caller's
// handler, as Discord's interactions do) with body as JSON and status 200,
// so that a package's handler writes no HTTP of its own.
func WriteJSON(w http.ResponseWriter, body []byte) error {
	w.Header().Set("Content-Type", "application/json")
	_, err := w.Write(body)
	return err
}
