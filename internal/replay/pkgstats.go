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
				// Packages without traffic are ranked null.
				Base: "cdn_stats_url", Method: "GET", Path: "/stats/packages/{registry_type}/{package...}",
				Pick: func(r *http.Request, _ []byte) string {
					if r.PathValue("package") == "@babel/core" {
						return "stats.json"
					}
					return "stats_unranked.json"
				},
			},
			{
				// A package name is one segment, or two when scoped; a third
				// "resolved" segment asks for Resolve. A specifier nothing
				// matches resolves to a null version.
				Base: "cdn_stats_url", Method: "GET", Path: "/packages/{registry_type}/{rest...}",
				Pick: func(r *http.Request, _ []byte) string {
					segs := strings.Split(r.PathValue("rest"), "/")
					name := 1
					if strings.HasPrefix(segs[0], "@") {
						name = 2
					}
					switch {
					case len(segs) == name:
						return "package.json"
					case len(segs) == name+1 && segs[name] == "resolved" && strings.HasPrefix(r.URL.Query().Get("specifier"), "^9"):
						return "resolved_none.json"
					case len(segs) == name+1 && segs[name] == "resolved":
						return "resolved.json"
					}
					return "" // no fixture: the server answers 500

				},
			},
		},
	})
}
