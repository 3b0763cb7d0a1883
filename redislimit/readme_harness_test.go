package redislimit_test

import (
	"testing"

	"github.com/conduit-sdk/conduit/conduittest"
)

// readmeHarness is what README.md's redislimit snippets take as given
// (the snippets are run by readme_blocks_test.go, go generate
// ./internal/readme): a bot token, on conduittest's fake.
type readmeHarness struct{ token string }

func newHarness(t *testing.T) readmeHarness {
	conduittest.NewServer(t).Setenv(t)
	token := conduittest.Credential("chat", "bot_token")
	return readmeHarness{token: token}
}
