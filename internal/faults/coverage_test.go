package faults

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Adding an operation touches its declaration, its fixture and the README;
// this test names what else is missing: a row of the fault matrix, and a
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
				t.Errorf("%s.%s has no row in internal/faults/ops_test.go", pkg, op.Name)
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
