package readme

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestGeneratedBlocksCurrent fails when README.md's Go blocks changed and
// the tests generated from them did not.
func TestGeneratedBlocksCurrent(t *testing.T) {
	src, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	files, err := Files(string(src))
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range files {
		got, err := os.ReadFile(filepath.Join("../..", path))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s is not what README.md's Go blocks make: run go generate ./internal/readme", path)
		}
	}
}

// TestEveryBlockAnnotated fails on a Go block without its go test line, or
// one whose module is not a directory of the repository.
func TestEveryBlockAnnotated(t *testing.T) {
	src, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := parseREADME(string(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) < 30 {
		t.Fatalf("found %d Go blocks in README.md; the parser lost some", len(blocks))
	}
	if _, err := parseREADME("x\n```go\nfmt.Println()\n```\n"); err == nil {
		t.Error("a block without its go test line was accepted")
	}
	for _, b := range blocks {
		if b.module != "" {
			if _, err := os.Stat(filepath.Join("../..", b.module, "go.mod")); err != nil {
				t.Errorf("README.md:%d: module=%s is not a nested module", b.line, b.module)
			}
		}
	}
}
