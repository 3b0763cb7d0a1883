package faults

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httputil"
	"strings"
	"sync"
	"testing"

	"github.com/conduit-sdk/conduit"
)

// TestMiddlewareSeesNoCredential runs every operation of every package
// with a call middleware and an attempt middleware that print what they
// are handed, as a logging middleware would (%v, %+v, httputil's dumps of
// the request and of the answer's request, the error): no form of the
// package's credential may appear, and the call must still succeed.
func TestMiddlewareSeesNoCredential(t *testing.T) {
	for _, o := range ops {
		t.Run(o.pkg+"."+o.name, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			var seen bytes.Buffer
			var calls int
			look := func(req *http.Request, next conduit.Next) (*http.Response, error) {
				dump, err := httputil.DumpRequest(req, req.Body != nil)
				if err != nil {
					t.Errorf("dumping the request: %v", err)
				}
				resp, rerr := next(req)
				mu.Lock()
				defer mu.Unlock()
				if info := conduit.CallInfoOf(req.Context()); info != nil && info.Operation == o.name {
					calls++
				}
				fmt.Fprintf(&seen, "%s\n%v\n%+v\n%#v\n%v\n", dump, req, req.URL, req.Header, rerr)
				if resp != nil {
					out, _ := httputil.DumpRequest(resp.Request, false)
					fmt.Fprintf(&seen, "%s\n%+v\n", out, resp.Request)
				}
				return resp, rerr
			}
			srv := newFaultServer(t, noFault)
			var logs bytes.Buffer
			opts := append(clientOptions(o, srv.URL, &logs), conduit.WithMiddleware(look), conduit.WithAttemptMiddleware(look))
			if err := o.call(context.Background(), opts); err != nil {
				t.Fatalf("the call failed with middleware: %v", err)
			}
			if calls == 0 {
				t.Fatalf("no middleware saw the operation %s", o.name)
			}
			if !o.secret() {
				return
			}
			for _, secret := range secretForms(o.pkg) {
				if notSecret[secret] {
					continue
				}
				if strings.Contains(seen.String(), secret) {
					t.Errorf("a middleware was handed a credential")
				}
			}
		})
	}
}
