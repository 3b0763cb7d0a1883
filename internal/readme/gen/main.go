// Command gen writes the tests of README.md's Go blocks (see package readme).
// Run from internal/readme by go generate.
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/conduit-sdk/conduit/internal/readme"
)

func main() {
	root := "../.."
	src, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		log.Fatal(err)
	}
	files, err := readme.Files(string(src))
	if err != nil {
		log.Fatal(err)
	}
	for path, b := range files {
		if err := os.WriteFile(filepath.Join(root, path), b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
