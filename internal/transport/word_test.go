package transport

import (
	"errors"
	"io"
	"net/http"
	"os"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/conduit-sdk/conduit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

// countedGeo is a geocoding answer that counts how often it is decoded.
type countedGeo struct {
	conduit.Raw
	Status  string `json:"status"`
	Results []int  `json:"results"`
}

var geoDecodes atomic.Int32

func (*countedGeo) UnmarshalJSONFrom(*jsontext.Decoder) error {
	geoDecodes.Add(1)
	return errors.ErrUnsupported
}

// Where the result holds the status word, a 2xx answer is decoded once
// and its word read from the result, with the verdicts the scan gives: a
// success word passes, a failure word fails or is retried as the profile
// says, and a retried call's result holds nothing of the failed answer.
// A word under another case of its name is no word, as for the scan.
func TestStatusWordReadFromTheDecodedResult(t *testing.T) {
	svc := testService(Auth{})
	svc.Errors = geocodingProfile
	op := Declare[countedGeo](svc, get("/geocode/json"), nil)
	for _, tc := range []struct {
		answers []string
		decodes int32
		results []int
		is      error
	}{
		{[]string{`{"status":"OK","results":[1,2]}`}, 1, []int{1, 2}, nil},
		{[]string{`{"status":"UNKNOWN_ERROR","results":[9]}`, `{"status":"ZERO_RESULTS"}`}, 2, nil, nil},
		{[]string{`{"status":"REQUEST_DENIED","error_message":"no"}`}, 1, nil, conduit.ErrUnauthorized},
		{[]string{`{"Status":"REQUEST_DENIED","results":[3]}`}, 1, []int{3}, nil},
	} {
		var n atomic.Int32
		rec := newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, tc.answers[min(int(n.Add(1)), len(tc.answers))-1])
		})
		c := newClient(t, svc, conduit.WithBaseURL(rec.URL), fastRetries())
		geoDecodes.Store(0)
		out, err := op.Do(bg, c, Call{}, nil)
		assert.Equal(t, tc.decodes, geoDecodes.Load(), tc.answers)
		if tc.is != nil {
			assert.ErrorIs(t, err, tc.is, tc.answers)
			continue
		}
		require.NoError(t, err, tc.answers)
		assert.Equal(t, tc.results, out.Results, tc.answers)
		assert.Equal(t, tc.answers[len(tc.answers)-1], string(out.RawJSON()))
	}
}

// A word whose quoted name is nowhere in the body, and no \u escape
// either, is absent; a name that stands only as a value, or may hide
// behind an escape, leaves the answer to the scan.
func TestStatusWordAbsentWithoutAScan(t *testing.T) {
	for _, tc := range []struct {
		body, name string
		absent     bool
	}{
		{`{"data":[{"a":"b"}],"meta":{}}`, "error", true},
		{`{"data":[{"a":"error"}]}`, "error", false},
		{`{"err\u006fr":"x"}`, "error", false},
		{`{"a":"\u00e9"}`, "error", false},
		{`{"data":[]}`, "meta.state", false},
		{`{"data":[]}`, "a/b", false},
	} {
		assert.Equal(t, tc.absent, absent([]byte(tc.body), tc.name), tc.body)
	}
	w := &StatusWord{Path: "error"}
	assert.False(t, w.passes([]byte(`{"data":[],"err\u006fr":"bad"}`)), "an escaped name is still the word")
}
