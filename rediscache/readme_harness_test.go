package rediscache_test

import (
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
)

// readmeHarness is what README.md's rediscache snippets take as given (the
// snippets are run by readme_blocks_test.go, go generate ./internal/readme):
// the environment pointing at conduittest's fake.
type readmeHarness struct{}

func newHarness(t *testing.T) readmeHarness {
	conduittest.NewServer(t).Setenv(t)
	return readmeHarness{}
}
