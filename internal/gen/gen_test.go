package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit/internal/gen/genfile"
	_ "github.com/conduit-sdk/conduit/internal/testkit" // keeps the test on loopback
)

// Every generated file is what go generate would write now: a new
// operation, package, dependency or nested module shows in the README and
// raw.go without anyone writing it there by hand.
func TestGeneratedFilesCurrent(t *testing.T) {
	genfile.Current(t, generate)
}

// The README's tables name every method and dependency the review found
// missing by hand: all of maps' methods, bartventer/httpcache, and the
// otelconduit and rediscache modules.
func TestGeneratedREADMEComplete(t *testing.T) {
	_, files := genfile.Generated(t, generate)
	readme := string(files["README.md"])
	for _, want := range []string{
		"`ReverseGeocode`", "`SearchNearby`", "`Autocomplete`", "`PlaceDetails`", "`ComputeRouteMatrix`",
		"`github.com/bartventer/httpcache`", "`otelconduit`", "`rediscache`", "`https://api.sunrise-sunset.org`",
	} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.md lacks %s", want)
		}
	}
}

// A dependency without its reason stops the generator.
func TestDependencyNeedsReason(t *testing.T) {
	root := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "internal", "gen"), 0o755))
	must(os.WriteFile(filepath.Join(root, "internal", "gen", "modules.txt"), []byte("# none\n"), 0o644))
	must(os.WriteFile(filepath.Join(root, "go.mod"), []byte("module "+modulePath+"\n\nrequire example.com/new v1.0.0\n"), 0o644))
	if _, err := dependencies(root); err == nil || !strings.Contains(err.Error(), "example.com/new") {
		t.Errorf("a dependency without a reason: got %v, want an error naming it", err)
	}
}
