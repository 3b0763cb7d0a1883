package offline_test

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/offline"
	_ "github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/sunrise"
)

// A client left on its real default base URL fails at its first dial, with
// the guard's error, instead of reaching the service.
func TestDefaultBaseRefusedInTests(t *testing.T) {
	c, err := sunrise.New(conduit.WithMaxRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Get(context.Background(), 51.5, 0, nil)
	var off *offline.Error
	if !errors.As(err, &off) {
		t.Fatalf("a call to the real service: got %v, want the offline guard's error", err)
	}
	if !strings.Contains(off.Addr, "api.sunrise-sunset.org") {
		t.Errorf("the guard names %q, want the real host", off.Addr)
	}
}

// Every test binary of the module that links the core installs the guard:
// the core no longer decides by itself that it runs inside a test.
func TestEveryTestBinaryGuarded(t *testing.T) {
	out, err := exec.Command("go", "list", "-test", "-f", "{{.ImportPath}}|{{join .Deps \",\"}}", "github.com/conduit-sdk/conduit/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const core, guard = "github.com/conduit-sdk/conduit/internal/transport", "github.com/conduit-sdk/conduit/internal/offline"
	checked := 0
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		path, deps, _ := strings.Cut(line, "|")
		if !strings.HasSuffix(path, ".test") {
			continue
		}
		has := map[string]bool{}
		for d := range strings.SplitSeq(deps, ",") {
			d, _, _ = strings.Cut(d, " ") // a test variant: "path [pkg.test]"
			has[d] = true
		}
		if !has[core] {
			continue
		}
		checked++
		if !has[guard] {
			t.Errorf("%s links the core without the offline guard: import the test kit (blank) in one of its test files", path)
		}
	}
	if checked < 20 {
		t.Errorf("checked %d test binaries, want every package's", checked)
	}
}
