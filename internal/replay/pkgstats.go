package replay

import (
	"net/http"
	"strings"
)

func init() {
	Register(Package{
		Name:  "pkgstats",
		Bases: []string{"cdn_stats_url"},
		Routes: []Route{
			{
				// Packages without traffic are ranked null; a period the
				// service does not know is a 400.
				Base: "cdn_stats_url", Method: "GET", Path: "/stats/packages/{registry_type}/{package...}",
				Handler: func(w http.ResponseWriter, r *http.Request, _ []byte) {
					name, status := "stats_unranked.json", http.StatusOK
					switch {
					case r.URL.Query().Get("period") == "decade":
						name, status = "invalid_period.json", http.StatusBadRequest
					case r.PathValue("package") == "@babel/core":
						name = "stats.json"
					}
					servePkgstats(w, name, status)
				},
			},
			{
				// A package name is one segment, or two when scoped; a third
				// "resolved" segment asks for Resolve. A specifier nothing
				// matches resolves to a null version. A version that does
				// not exist is a 404, a package too large to list a 403.
				Base: "cdn_stats_url", Method: "GET", Path: "/packages/{registry_type}/{rest...}",
				Handler: func(w http.ResponseWriter, r *http.Request, _ []byte) {
					name, status := pickPackage(r)
					servePkgstats(w, name, status)
				},
			},
		},
	})
}

func servePkgstats(w http.ResponseWriter, name string, status int) {
	w.Header().Set("CF-RAY", "8f00000000000001-FRA")
	(&Server{dir: TestdataDir()}).ServeFixture(w, "pkgstats", name, status)
}

func pickPackage(r *http.Request) (string, int) {
	segs := strings.Split(r.PathValue("rest"), "/")
	name := 1
	if strings.HasPrefix(segs[0], "@") {
		name = 2
	}
	resolved := len(segs) == name+1 && segs[name] == "resolved"
	switch {
	case len(segs) == name && segs[0] == "is-even@1.99.0":
		return "version_not_found.json", http.StatusNotFound
	case len(segs) == name && segs[0] == "huge-monorepo@2.0.0":
		return "package_too_large.json", http.StatusForbidden
	case len(segs) == name:
		return "package.json", http.StatusOK
	case resolved && strings.HasPrefix(r.URL.Query().Get("specifier"), "^9"):
		return "resolved_none.json", http.StatusOK
	case resolved:
		return "resolved.json", http.StatusOK
	}
	return "no_such_fixture", http.StatusOK // the server answers 500
}
