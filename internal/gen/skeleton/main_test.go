package main

import (
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit/internal/gen/genfile"
)

// Every file the skeleton writes is what go generate would write now.
func TestSkeletonCurrent(t *testing.T) {
	if files := genfile.Current(t, generate); len(files) != 44 {
		t.Errorf("%d files, want raw.go and client.go for each of 22 packages", len(files))
	}
}

// A package that keeps more in its client than the core's declares Client
// itself; its client.go then holds only the aliases.
func TestOwnClientKept(t *testing.T) {
	root, err := genfile.Root()
	if err != nil {
		t.Fatal(err)
	}
	for pkg, want := range map[string]bool{"banklink": true, "media": true, "noderpc": true, "sunrise": false} {
		own, err := ownClient(root, pkg)
		if err != nil {
			t.Fatal(err)
		}
		if own != want {
			t.Errorf("%s: own Client %v, want %v", pkg, own, want)
		}
		if got := strings.Contains(clientGo(pkg, own), "func New("); got == want {
			t.Errorf("%s: client.go declares New: %v, want %v", pkg, got, !want)
		}
	}
}
