package replay

import (
	"io"
	"net/http"
	"os"
	"testing"
)

func TestStubAnswersAndRecords(t *testing.T) {
	s := NewStub(http.StatusTeapot, "text/plain", "short and stout")
	defer s.Close()
	if s.Last() != nil {
		t.Fatal("Last before any request")
	}
	for _, p := range []string{"/a?x=1", "/b%2Fc"} {
		resp, err := http.Get(s.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusTeapot || string(b) != "short and stout" || resp.Header.Get("Content-Type") != "text/plain" {
			t.Fatalf("answer %d %q %q", resp.StatusCode, resp.Header.Get("Content-Type"), b)
		}
	}
	reqs := s.Requests()
	if len(reqs) != 2 || reqs[0].URL.RawQuery != "x=1" || s.Last().URL.EscapedPath() != "/b%2Fc" {
		t.Fatalf("recorded %d requests, last %v", len(reqs), s.Last().URL)
	}
}

func TestFixtureStub(t *testing.T) {
	s := NewFixtureStub("sunrise", "get.json")
	defer s.Close()
	resp, err := http.Get(s.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Type") != "application/json" || jsonString(mustRead(t, resp.Body), "status") != "OK" {
		t.Fatal("fixture not served")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a missing fixture must panic")
		}
	}()
	NewFixtureStub("sunrise", "no-such-file.json")
}

func mustRead(t *testing.T, r io.Reader) []byte {
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

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
