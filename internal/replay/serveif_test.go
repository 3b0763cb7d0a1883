package replay

import (
	"net/http"
	"os"
	"testing"
)

func TestServeIf(t *testing.T) {
	t.Setenv("CONDUIT_SUN_URL", "unchanged")
	ServeIf(false)()
	if got := os.Getenv("CONDUIT_SUN_URL"); got != "unchanged" {
		t.Fatalf("ServeIf(false) exported %q", got)
	}
	stop := ServeIf(true)
	resp, err := http.Get(os.Getenv("CONDUIT_SUN_URL") + "/json")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("replay answered %d", resp.StatusCode)
	}
	stop()
	if _, err := http.Get(os.Getenv("CONDUIT_SUN_URL") + "/json"); err == nil {
		t.Fatal("server still up after stop")
	}
}
