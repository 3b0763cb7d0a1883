package conduittest

import (
	"net/http"
	"strings"
)

func init() {
	fakes["pkgstats"] = &fake{answers: map[string]answer{
		// Packages without traffic are ranked null; a period the service
		// does not know is a 400.
		"Stats": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
			switch {
			case r.URL.Query().Get("period") == "decade":
				servePkgstats(w, "invalid_period.json", http.StatusBadRequest)
			case r.PathValue("package") == "@babel/core":
				servePkgstats(w, "stats.json", 0)
			default:
				servePkgstats(w, "stats_unranked.json", 0)
			}
		}},
		// A version that does not exist is a 404, a package too large to
		// list a 403.
		"Package": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
			switch r.PathValue("package") {
			case "is-even@1.99.0":
				servePkgstats(w, "version_not_found.json", http.StatusNotFound)
			case "huge-monorepo@2.0.0":
				servePkgstats(w, "package_too_large.json", http.StatusForbidden)
			default:
				servePkgstats(w, "package.json", 0)
			}
		}},
		// A specifier nothing matches resolves to a null version.
		"Resolve": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
			if strings.HasPrefix(r.URL.Query().Get("specifier"), "^9") {
				servePkgstats(w, "resolved_none.json", 0)
				return
			}
			servePkgstats(w, "resolved.json", 0)
		}},
	}}
}

// servePkgstats answers from behind the service's edge, which names itself
// in CF-RAY.
func servePkgstats(w http.ResponseWriter, name string, status int) {
	w.Header().Set("CF-RAY", "8f00000000000001-FRA")
	serveFixture(w, "pkgstats", name, status)
}
