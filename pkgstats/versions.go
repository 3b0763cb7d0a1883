package pkgstats

import (
	"context"
	"iter"
	"path"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	versionStatsOp = transport.Declare[Stats](service, transport.Op{Name: "VersionStats", Method: "GET",
		Path: "/stats/packages/{registry_type}/{package...}@{version}"}, nil)
	topVersionsOp = transport.Declare[[]VersionUsage](service, transport.Op{Name: "TopVersions", Method: "GET",
		Path: "/stats/packages/{registry_type}/{package...}/versions"}, nil)
	allTopVersionsOp = transport.Declare[[]VersionUsage](service, transport.Op{Name: "AllTopVersions", Method: "GET",
		Path: "/stats/packages/{registry_type}/{package...}/versions"}, nil)
	filesOp = transport.Declare[VersionFiles](service, transport.Op{Name: "Files", Method: "GET",
		Path: "/packages/{registry_type}/{package...}@{version}"}, nil)
	entrypointsOp = transport.Declare[Entrypoints](service, transport.Op{Name: "Entrypoints", Method: "GET",
		Path: "/packages/{registry_type}/{package...}@{version}/entrypoints"}, nil)
)

// VersionUsage is one version's use in TopVersions: its hits and bandwidth
// by day over the period. Usage ranks are nil here: the service ranks
// packages, not versions. RawJSON returns it as sent.
type VersionUsage struct {
	raw `json:"-"`
	// Type is "version".
	Type      string `json:"type"`
	Version   string `json:"version"`
	Hits      Usage  `json:"hits"`
	Bandwidth Usage  `json:"bandwidth"`
	Links     Links  `json:"links"`
}

// VersionStats returns how often one exact version of a package was
// served in a period, by day; Links.Files leads to its files' stats.
func (c *Client) VersionStats(ctx context.Context, registryType, name, version string, p *StatsParams, opts ...Option) (*Stats, error) {
	call, err := versionCall(versionStatsOp.Op, registryType, name, version)
	if err != nil {
		return nil, err
	}
	if call.Query, err = p.query(versionStatsOp.Op); err != nil {
		return nil, err
	}
	return versionStatsOp.Do(ctx, c.t, call, opts)
}

// TopVersions returns one page of a package's most served versions in a
// period, with each one's daily hits and bandwidth.
func (c *Client) TopVersions(ctx context.Context, registryType, name string, p *TopParams, opts ...Option) ([]VersionUsage, error) {
	if err := checkPackage(topVersionsOp.Op, registryType, name); err != nil {
		return nil, err
	}
	q, err := p.query(topVersionsOp.Op, false)
	if err != nil {
		return nil, err
	}
	list, err := topVersionsOp.Do(ctx, c.t, transport.Call{Args: []string{registryType, name}, Query: q}, opts)
	if err != nil {
		return nil, err
	}
	return *list, nil
}

// AllTopVersions yields a package's versions by use, page after page from
// p's page on, as AllTopPackages does.
func (c *Client) AllTopVersions(ctx context.Context, registryType, name string, p *TopParams, opts ...Option) iter.Seq2[VersionUsage, error] {
	err := checkPackage(allTopVersionsOp.Op, registryType, name)
	return pages(ctx, c, allTopVersionsOp, p, false, err, []string{registryType, name}, opts)
}

// FilesParams are Files' optional inputs.
type FilesParams struct {
	// Flat lists every file once with its full path (structure=flat); the
	// default is the tree of directories (structure=tree).
	Flat bool
}

// VersionFiles is the result of Files: the files of one version of a
// package. RawJSON returns it as sent.
type VersionFiles struct {
	raw     `json:"-"`
	Type    string `json:"type"`
	Name    string `json:"name"`
	Version string `json:"version"`
	// Default is the path of the file the CDN serves for the bare package
	// URL; nil for GitHub repos and packages that set none.
	Default *string `json:"default"`
	// Files are the top-level files and directories (a tree), or every
	// file with its full path (flat).
	Files []File `json:"files"`
	Links Links  `json:"links"`
}

// File is one file, or in a tree a directory with its Files.
type File struct {
	// Type is "file" or "directory" in a tree; empty in a flat list.
	Type string `json:"type,omitempty"`
	// Name is the file's name in a tree, its absolute path ("/dist/a.js")
	// in a flat list.
	Name string `json:"name"`
	// Hash is the base64-encoded SHA-256 of the contents; Size is in bytes.
	// Directories have neither.
	Hash  string `json:"hash,omitempty"`
	Size  int64  `json:"size,omitempty"`
	Files []File `json:"files,omitempty"`
}

// Paths yields every file with its absolute path, whichever structure the
// listing came in: a tree is walked depth first, a flat list yields as is.
// Directories are not yielded.
func (v *VersionFiles) Paths() iter.Seq2[string, File] {
	return func(yield func(string, File) bool) {
		var walk func(dir string, files []File) bool
		walk = func(dir string, files []File) bool {
			for _, f := range files {
				if f.Type == "directory" {
					if !walk(path.Join(dir, f.Name), f.Files) {
						return false
					}
					continue
				}
				p := f.Name
				if !strings.HasPrefix(p, "/") {
					p = path.Join(dir, f.Name)
				}
				if !yield(p, f) {
					return false
				}
			}
			return true
		}
		walk("/", v.Files)
	}
}

// Files returns the files of one exact version of a package, as a tree of
// directories or, with p.Flat, as a flat list of paths.
func (c *Client) Files(ctx context.Context, registryType, name, version string, p *FilesParams, opts ...Option) (*VersionFiles, error) {
	call, err := versionCall(filesOp.Op, registryType, name, version)
	if err != nil {
		return nil, err
	}
	if p != nil && p.Flat {
		call.Query = []string{"structure", "flat"}
	}
	return filesOp.Do(ctx, c.t, call, opts)
}

// Entrypoints is the result of Entrypoints. RawJSON returns it as sent.
type Entrypoints struct {
	raw         `json:"-"`
	Entrypoints struct {
		// JS and CSS are nil when the version has no such entry point.
		JS  *Entrypoint `json:"js"`
		CSS *Entrypoint `json:"css"`
	} `json:"entrypoints"`
}

// Entrypoint is the file a package's script or style is loaded from.
type Entrypoint struct {
	File string `json:"file"`
	// Guessed is true when the service inferred the file by its own
	// heuristics, false when the package's metadata names it.
	Guessed bool `json:"guessed"`
}

// Entrypoints returns the JavaScript and CSS files an npm package version
// is meant to be loaded from. The service has them for npm only.
func (c *Client) Entrypoints(ctx context.Context, name, version string, opts ...Option) (*Entrypoints, error) {
	call, err := versionCall(entrypointsOp.Op, "npm", name, version)
	if err != nil {
		return nil, err
	}
	return entrypointsOp.Do(ctx, c.t, call, opts)
}

// versionCall validates a package and an exact version and returns the
// call's path arguments.
func versionCall(op *transport.Op, registryType, name, version string) (transport.Call, error) {
	if err := checkPackage(op, registryType, name); err != nil {
		return transport.Call{}, err
	}
	if strings.Contains(strings.TrimPrefix(name, "@"), "@") {
		return transport.Call{}, op.Invalid("package", "%q names a version already; pass it as version", name)
	}
	if err := checkVersion(op, version); err != nil {
		return transport.Call{}, err
	}
	return transport.Call{Args: []string{registryType, name, version}}, nil
}
