package transport

import (
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// fullPasses is the full reading's verdict: no word, or a success word.
func fullPasses(w *StatusWord, body string) bool {
	word := first(parseJSON([]byte(body)), []string{w.Path})
	return word == "" || slices.Contains(w.OK, word)
}

// The scan for a status word passes a body only where the full reading
// finds no failure in it, and it passes the usual answers itself.
func TestStatusWordScanAgreesWithFullReading(t *testing.T) {
	status := &StatusWord{Path: "status", OK: []string{"OK", "ZERO_RESULTS"}}
	nested := &StatusWord{Path: "meta.state", OK: []string{"done"}}
	for _, tc := range []struct {
		w    *StatusWord
		body string
		scan bool // the scan answers by itself
	}{
		{status, `{"results":{"sunrise":"x","status":"no"},"status":"OK","tzid":"UTC"}`, true},
		{status, `{"status":"ZERO_RESULTS","results":[]}`, true},
		{status, `{"results":[1,2,{"status":"DENIED"}]}`, true},
		{status, ` {"status":null} `, true},
		{status, `{"status":""}`, true},
		{status, `{"status":{"code":"DENIED"}}`, true},
		{status, `[{"status":"DENIED"}]`, true},
		{status, `"DENIED"`, true},
		{status, `{"st\u0061tus":"OK"}`, true},
		{status, `{"status":"O\u004b"}`, true},
		{status, `{"status":"DENIED","status":"OK"}`, true},
		{status, `{"status":"OK"} {"status":"DENIED"}`, true},
		{status, `{"status":"OK","status":"DENIED"}`, false},
		{status, `{"status":"REQUEST_DENIED"}`, false},
		{status, `{"st\u0061tus":"DENIED"}`, false},
		{status, `{"status":503}`, false},
		{status, `{"status":true}`, false},
		{status, `{"status":"OK",`, false},
		{status, `{"status":"DENIED",`, false},
		{nested, `{"meta":{"state":"done"},"meta":{"other":1}}`, true},
		{nested, `{"meta":{"state":"failed"}}`, false},
		{nested, `{"meta":"state"}`, true},
		{&StatusWord{Path: "errors.0.code"}, `{"errors":[]}`, false},
		{&StatusWord{Path: "error"}, `{"id":1}`, true},
		{&StatusWord{Path: "error"}, `{"error":"bad key"}`, false},
	} {
		scanned := tc.w.passes([]byte(tc.body))
		assert.Equal(t, tc.scan, scanned, "scan of %s at %s", tc.body, tc.w.Path)
		if scanned {
			assert.True(t, fullPasses(tc.w, tc.body), "the full reading of %s at %s finds a failure", tc.body, tc.w.Path)
		}
	}
}

func FuzzStatusWordScan(f *testing.F) {
	for _, s := range []string{`{"status":"OK"}`, `{"a":[1,{"status":"x"}],"status":"DENIED"}`, `{"meta":{"state":"done"}}`,
		`{"st\u0061tus":"OK","status":"NO"}`, `{"status":"O\"K"}`, `[{"status":"NO"}]`} {
		f.Add(s)
	}
	words := []*StatusWord{{Path: "status", OK: []string{"OK"}}, {Path: "meta.state", OK: []string{"done"}}}
	f.Fuzz(func(t *testing.T, body string) {
		for _, w := range words {
			if w.passes([]byte(body)) && !fullPasses(w, body) {
				t.Fatalf("the scan passes %q at %s; the full reading finds a failure", body, w.Path)
			}
		}
	})
}

// BenchmarkStatusWordScan scans the sunrise fixture for its status word, as
// the retry check does for every answer of sunrise.Get.
func BenchmarkStatusWordScan(b *testing.B) {
	body, err := os.ReadFile("../../conduittest/testdata/sunrise/get.json")
	if err != nil {
		b.Fatal(err)
	}
	w := &StatusWord{Path: "status", OK: []string{"OK"}}
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if !w.passes(body) {
			b.Fatal("the fixture's word does not pass")
		}
	}
}
