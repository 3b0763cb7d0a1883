package transport

import (
	"encoding/base64"
	"net/http"
	"strings"
)

// credentialWords are the parts of a header or parameter name that mark
// its value as a credential: X-Api-Key, X-Auth-Token, Session-Id,
// X-Hub-Signature, client_secret.
var credentialWords = []string{"key", "token", "secret", "auth", "session", "signature", "pass", "credential", "cookie"}

// credentialName reports whether a header or query parameter called name
// carries a credential, so that a value the caller sets under it is kept
// out of errors, logs and other origins like the client's own.
func credentialName(name string) bool {
	n := strings.ToLower(name)
	for _, w := range credentialWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// callerSecrets returns the credential values among the headers and query
// parameters the caller added (name, value pairs), each with the parts a
// server may echo alone: the token after an Authorization scheme word, the
// password and user:password inside Basic, each value of a Cookie.
func callerSecrets(header, query []string) []string {
	var out []string
	for i := 0; i+1 < len(header); i += 2 {
		name, v := http.CanonicalHeaderKey(header[i]), strings.TrimSpace(header[i+1])
		if v == "" || !credentialName(name) {
			continue
		}
		out = append(out, v)
		switch name {
		case "Authorization", "Proxy-Authorization":
			scheme, cred, ok := strings.Cut(v, " ")
			if !ok {
				break
			}
			cred = strings.TrimSpace(cred)
			out = append(out, cred)
			if strings.EqualFold(scheme, "Basic") {
				if dec, err := base64.StdEncoding.DecodeString(cred); err == nil {
					out = append(out, string(dec))
					if _, pass, ok := strings.Cut(string(dec), ":"); ok {
						out = append(out, pass)
					}
				}
			}
		case "Cookie":
			for _, c := range strings.Split(v, ";") {
				if _, val, ok := strings.Cut(c, "="); ok && len(strings.TrimSpace(val)) > 0 {
					out = append(out, strings.TrimSpace(val))
				}
			}
		}
	}
	for i := 0; i+1 < len(query); i += 2 {
		if query[i+1] != "" && credentialName(query[i]) {
			out = append(out, query[i+1])
		}
	}
	return out
}

// sameParam reports whether a and b name one query parameter as a server
// reads it: Google and most others compare names exactly, some fold case,
// so conduit refuses both.
func sameParam(a, b string) bool { return strings.EqualFold(a, b) }
