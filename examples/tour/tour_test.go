package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit/internal/replay"
)

// Every package registered with the replay server has a tour stop, and the
// whole tour runs clean against it.
func TestTourCoversEveryPackage(t *testing.T) {
	for _, pkg := range replay.Packages() {
		if _, ok := stops[pkg]; !ok {
			t.Errorf("package %s is registered with replay but has no tour stop", pkg)
		}
	}
	for pkg := range stops {
		if !contains(replay.Packages(), pkg) {
			t.Errorf("tour stop %s has no replay registration", pkg)
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
	for pkg := range stops {
		if !strings.Contains(string(b), pkg+" ") {
			t.Errorf("tour printed nothing for %s", pkg)
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
