package conduittest

import (
	"net/http"
	"strings"
)

func init() {
	top := answer{handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
		switch r.URL.Query().Get("page") {
		case "", "1":
			servePkgstats(w, "top_packages.json", 0)
		case "2":
			servePkgstats(w, "top_packages_2.json", 0)
		default:
			servePkgstats(w, "empty_list.json", 0)
		}
	}}
	versions := answer{handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
		if p := r.URL.Query().Get("page"); p != "" && p != "1" {
			servePkgstats(w, "empty_list.json", 0)
			return
		}
		servePkgstats(w, "top_versions.json", 0)
	}}
	fakes["pkgstats"] = &fake{answers: map[string]answer{
		// A version that does not exist is a 404, a package too large to
		// list a 403; a GitHub repo has no default file.
		"Files": {handle: func(w http.ResponseWriter, r *http.Request, _ []byte) {
			switch name, version := r.PathValue("package"), r.PathValue("version"); {
			case name == "is-even" && version == "1.99.0":
				servePkgstats(w, "version_not_found.json", http.StatusNotFound)
			case name == "huge-monorepo":
				servePkgstats(w, "package_too_large.json", http.StatusForbidden)
			case r.PathValue("registry_type") == "gh":
				servePkgstats(w, "files_gh_tree.json", 0)
			case r.URL.Query().Get("structure") == "flat":
				servePkgstats(w, "files_flat.json", 0)
			default:
				servePkgstats(w, "files_tree.json", 0)
			}
		}},
		"VersionStats":   {handle: func(w http.ResponseWriter, _ *http.Request, _ []byte) { servePkgstats(w, "version_stats.json", 0) }},
		"TopVersions":    versions,
		"AllTopVersions": versions,
		"Entrypoints":    {handle: func(w http.ResponseWriter, _ *http.Request, _ []byte) { servePkgstats(w, "entrypoints.json", 0) }},
		"TopPackages":    top,
		"AllTopPackages": top,
		"Network":        {handle: func(w http.ResponseWriter, _ *http.Request, _ []byte) { servePkgstats(w, "network.json", 0) }},
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
