package faults

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"regexp"
	"sync"
	"sync/atomic"
	"testing"
)

// printedResults collects one value of each result type that the rows'
// calls return, while TestResultsPrintAsFields runs.
type printedResults struct {
	mu     sync.Mutex
	byType map[reflect.Type]any
}

func (p *printedResults) add(v any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	t := reflect.TypeOf(v)
	if _, ok := p.byType[t]; !ok && t != nil {
		p.byType[t] = v
	}
}

var printed atomic.Pointer[printedResults]

// byteDump is fmt's way of printing a []byte it cannot call a method on:
// decimal bytes, one after another, or under %#v a []uint8 literal (a
// typed value of the service's, such as noderpc.Hash, may print as its
// own Go literal).
var byteDump = regexp.MustCompile(`\[(\d{1,3} ){8,}|\[\]uint8\{(0x[0-9a-f]{1,2}, ){8,}|json\.RawMessage\{(0x[0-9a-f]{1,2}, ){8,}`)

// TestResultsPrintAsFields prints one result of every type every
// operation returns (a whole result, a page, a listing's element, a
// stream's chunk) under %v, %+v and %#v: each shows its fields, and the
// body it was decoded from shows as an address and lengths, never as the
// body's bytes in decimal.
func TestResultsPrintAsFields(t *testing.T) {
	c := &printedResults{byType: map[reflect.Type]any{}}
	printed.Store(c)
	defer printed.Store(nil)
	for _, o := range ops {
		srv := newFaultServer(t, noFault)
		if err := o.call(context.Background(), clientOptions(o, srv.URL, &bytes.Buffer{})); err != nil {
			t.Fatalf("%s.%s: a clean call failed: %v", o.pkg, o.name, err)
		}
	}
	if len(c.byType) < 100 {
		t.Fatalf("the calls returned %d result types; the collection missed some", len(c.byType))
	}
	for typ, v := range c.byType {
		for _, verb := range []string{"%v", "%+v", "%#v"} {
			out := fmt.Sprintf(verb, v)
			if loc := byteDump.FindStringIndex(out); loc != nil {
				t.Errorf("%s under %s prints bytes in decimal: …%s…", typ, verb, out[max(0, loc[0]-60):min(len(out), loc[1]+20)])
			}
		}
	}
}
