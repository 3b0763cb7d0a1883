// Package golden compares a test's output with a checked-in file under
// testdata/<pkg>/. Run the tests with -update to rewrite the files.
package golden

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/conduit-sdk/conduit/internal/replay"
)

var update = flag.Bool("update", false, "rewrite golden files with the current output")

// JSON marshals got as indented JSON and compares it with
// testdata/<pkg>/<name>.golden.
func JSON(t testing.TB, pkg, name string, got any) {
	t.Helper()
	b, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatalf("golden: marshal %s/%s: %v", pkg, name, err)
	}
	Bytes(t, pkg, name, append(b, '\n'))
}

// Bytes compares got with testdata/<pkg>/<name>.golden.
func Bytes(t testing.TB, pkg, name string, got []byte) {
	t.Helper()
	path := filepath.Join(replay.TestdataDir(), pkg, name+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden: %v (run the test with -update to create it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("golden: %s differs from the output\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}
