// Command skeleton writes the files every package has alike: raw.go, which
// gives each result RawJSON, and client.go, with the Option and Error
// aliases and, unless the package keeps more in its client, Client and
// New. It reads the package list (internal/gen/packages.txt) and the
// packages' sources, never compiles them, so it runs even while they do
// not build. The root package runs it first (go generate ./...), and its
// test fails when a file it writes is stale.
package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/conduit-sdk/conduit/internal/gen/genfile"
)

func main() { genfile.Main(generate) }

// packages lists the interface packages, the first column of
// internal/gen/packages.txt.
func packages(root string) ([]string, error) {
	b, err := os.ReadFile(filepath.Join(root, "internal", "gen", "packages.txt"))
	if err != nil {
		return nil, err
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			name, _, _ := strings.Cut(line, "\t")
			out = append(out, name)
		}
	}
	return out, sc.Err()
}

// generate returns every file it writes, by its path in the module.
func generate(root string) (map[string][]byte, error) {
	pkgs, err := packages(root)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, pkg := range pkgs {
		out[filepath.Join(pkg, "raw.go")] = []byte(strings.Replace(rawGo, "package sunrise", "package "+pkg, 1))
		own, err := ownClient(root, pkg)
		if err != nil {
			return nil, err
		}
		out[filepath.Join(pkg, "client.go")] = []byte(clientGo(pkg, own))
	}
	return out, nil
}
