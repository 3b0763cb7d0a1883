// Package genfile is what conduit's generators share: finding the module
// and writing, or checking, the files they generate.
package genfile

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// ModulePath is conduit's main module.
const ModulePath = "github.com/conduit-sdk/conduit"

// Root is the main module's directory: go generate runs a generator in the
// root package's, and its test runs in the generator's own.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && strings.HasPrefix(string(b), "module "+ModulePath+"\n") {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no go.mod of %s above the working directory", ModulePath)
		}
		dir = up
	}
}

// Write writes files, by their path below root, leaving alone those that
// already hold what they should.
func Write(root string, files map[string][]byte) error {
	for name, b := range files {
		if old, err := os.ReadFile(filepath.Join(root, name)); err == nil && bytes.Equal(old, b) {
			continue
		}
		if err := os.WriteFile(filepath.Join(root, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Stale lists, sorted, the files whose content on disk is not what files
// says it should be.
func Stale(root string, files map[string][]byte) []string {
	var out []string
	for name, b := range files {
		if old, err := os.ReadFile(filepath.Join(root, name)); err != nil || !bytes.Equal(old, b) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// Main is a generator's main: it finds the module, asks generate for the
// files and writes those that changed, and exits non-zero on any error.
func Main(generate func(root string) (map[string][]byte, error)) {
	root, err := Root()
	if err != nil {
		log.Fatal(err)
	}
	files, err := generate(root)
	if err != nil {
		log.Fatal(err)
	}
	if err := Write(root, files); err != nil {
		log.Fatal(err)
	}
}

// Generated runs generate for a test, failing it on any error, and
// returns the module's directory and the files.
func Generated(t testing.TB, generate func(root string) (map[string][]byte, error)) (string, map[string][]byte) {
	t.Helper()
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	files, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	return root, files
}

// Current fails the test for each generated file that is stale.
func Current(t testing.TB, generate func(root string) (map[string][]byte, error)) map[string][]byte {
	t.Helper()
	root, files := Generated(t, generate)
	for _, name := range Stale(root, files) {
		t.Errorf("%s is stale: run go generate ./...", name)
	}
	return files
}
