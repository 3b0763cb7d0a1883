package testserver

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestScriptRepeatsLastAnswer(t *testing.T) {
	s := Start(t, Answer{Status: 429, Body: `{"retry_after":1}`}, Answer{Status: 201, ContentType: "text/plain", Body: "ok"})
	var got []string
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("POST", s.URL+"/a%2Fb/c?x=1", strings.NewReader(`{"k":"v"}`))
		req.Header.Set("X-Key", "sekrit")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got = append(got, resp.Status[:3]+" "+resp.Header.Get("Content-Type")+" "+string(b))
	}
	want := []string{`429 application/json {"retry_after":1}`, "201 text/plain ok", "201 text/plain ok"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("answer %d = %q, want %q", i, got[i], want[i])
		}
	}
	if s.Hits() != 3 {
		t.Errorf("hits = %d", s.Hits())
	}
	last := s.Last(t)
	if last.Method != "POST" || last.Path != "/a/b/c" || last.RawPath != "/a%2Fb/c" || last.Query != "x=1" || string(last.Body) != `{"k":"v"}` {
		t.Errorf("last = %+v", last)
	}
	if at := last.Holds("sekrit"); len(at) != 1 || at[0] != "header X-Key" {
		t.Errorf("Holds = %v", at)
	}
	if at := last.Holds("a%2Fb"); len(at) != 1 || at[0] != "path" {
		t.Errorf("Holds(path) = %v", at)
	}
}

func TestResetAfterReading(t *testing.T) {
	s := Start(t, Answer{Reset: true})
	resp, err := http.Post(s.URL, "application/json", strings.NewReader(`{"branch":"main"}`))
	if err == nil {
		resp.Body.Close()
		t.Fatal("a reset connection gave an answer")
	}
	if s.Hits() != 1 || string(s.Last(t).Body) != `{"branch":"main"}` {
		t.Errorf("the request was not read whole before the reset: %d hits", s.Hits())
	}
}
