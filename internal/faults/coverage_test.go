package faults

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Adding an operation touches its declaration, its fixture and its sample;
// this test names what else is missing: a row of the fault matrix (its
// sample, or a row of its own for a package not on the table yet), and a
// call in the package's Example or example program. (conduittest's own
// test proves every operation has an answer, and the tour's that every one
// has a line.)
func TestEveryOperationCovered(t *testing.T) {
	rows := map[string]bool{}
	for _, o := range ops {
		rows[o.pkg+"."+o.name] = true
	}
	readme := read(t, "../../README.md")
	for _, pkg := range conduittest.Packages() {
		examples := read(t, filepath.Join("../..", pkg, "example_test.go")) + read(t, filepath.Join("../../examples", pkg, "main.go"))
		for _, op := range transport.Lookup(pkg).Ops() {
			if !rows[pkg+"."+op.Name] {
				t.Errorf("%s.%s has no sample in internal/samples/%s.go", pkg, op.Name, pkg)
			}
			if !strings.Contains(examples, "."+op.Name+"(") {
				t.Errorf("%s.%s is called in neither %s/example_test.go nor examples/%s/main.go", pkg, op.Name, pkg, pkg)
			}
			if !strings.Contains(readme, op.Name) {
				t.Errorf("%s.%s is not in the README", pkg, op.Name)
			}
		}
	}
}

func read(t *testing.T, path string) string {
	b, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(b)
}

var envToken = regexp.MustCompile(`CONDUIT_[A-Z0-9_]*[A-Z0-9]`)

// TestDocsNameVariables: every environment variable a package's sources
// name is one it reads, CONDUIT_<PACKAGE>_<NAME>, CONDUIT_<PACKAGE>_URL
// for a service of one base, or a base URL's 0.1 name
// CONDUIT_<PLACEHOLDER>; and its documentation names each of the first two.
func TestDocsNameVariables(t *testing.T) {
	for _, pkg := range conduittest.Packages() {
		svc := transport.Lookup(pkg)
		names := map[string]bool{}
		read01 := map[string]bool{}
		for _, b := range svc.Bases {
			names[transport.EnvName(pkg, b.Name)] = true
			read01["CONDUIT_"+strings.ToUpper(b.Name)] = true
		}
		if len(svc.Bases) == 1 {
			names[transport.URLEnvName(pkg)] = true
		}
		for _, v := range svc.Values {
			names[transport.EnvName(pkg, v.Name)] = true
		}
		files, _ := filepath.Glob(filepath.Join("../..", pkg, "*.go"))
		var all strings.Builder
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src := read(t, f)
			all.WriteString(src)
			for i, line := range strings.Split(src, "\n") {
				for _, tok := range envToken.FindAllString(line, -1) {
					if !names[tok] && !read01[tok] {
						t.Errorf("%s:%d names %s, which %s does not read", f, i+1, tok, pkg)
					}
				}
			}
		}
		for n := range names {
			if !strings.Contains(all.String(), n) {
				t.Errorf("%s: its documentation does not name %s", pkg, n)
			}
		}
	}
}
