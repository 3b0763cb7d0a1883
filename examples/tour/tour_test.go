package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
)

// Every package conduittest fakes has a tour stop, every operation of it a
// line, and the whole tour runs clean against the fakes.
func TestTourCoversEveryPackage(t *testing.T) {
	for _, pkg := range conduittest.Packages() {
		if _, ok := stops[pkg]; !ok {
			t.Errorf("package %s is faked by conduittest but has no tour stop", pkg)
		}
	}
	for pkg := range stops {
		if !contains(conduittest.Packages(), pkg) {
			t.Errorf("tour stop %s is not faked by conduittest", pkg)
		}
	}
	out, err := os.CreateTemp(t.TempDir(), "tour")
	if err != nil {
		t.Fatal(err)
	}
	if err := run(out); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Clean(out.Name()))
	lines := strings.Split(string(b), "\n")
	for _, pkg := range conduittest.Packages() {
		for _, op := range conduittest.Operations(pkg) {
			if !slices.ContainsFunc(lines, func(l string) bool {
				f := strings.Fields(l)
				return len(f) >= 2 && f[0] == pkg && f[1] == op
			}) {
				t.Errorf("the tour has no line for %s.%s: add one to examples/tour/%s.go", pkg, op, pkg)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
