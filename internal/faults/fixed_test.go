package faults

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// TestFixedMembers: a body member that decides whether a call may be
// retried (a GraphQL document, a JSON-RPC envelope, a message nonce) cannot
// be replaced with conduit.WithBodyField (here given to New; a call's own
// go through the same check): the
// write it could make would go out classified as a read. The refusal comes
// before any I/O.
func TestFixedMembers(t *testing.T) {
	// Each row that dedupes by a member must have it fixed, and the
	// services that tell a write by its body must fix what tells.
	want := map[string][]string{
		"animegraph.Query": {"query"}, "animegraph.Media": {"query"},
		"noderpc.Call": {"method", "id"}, "noderpc.BatchCall": {"method", "id"},
		"chat.CreateMessage": {"nonce", "enforce_nonce"},
	}
	for _, o := range ops {
		if o.dedupeKey != "" {
			want[o.pkg+"."+o.name] = append(want[o.pkg+"."+o.name], o.dedupeKey)
		}
	}
	for _, o := range ops {
		fixed := transport.Lookup(o.pkg).Op(o.name).Fixed
		for _, m := range want[o.pkg+"."+o.name] {
			if !slices.Contains(fixed, m) {
				t.Errorf("%s.%s: body member %q is not fixed", o.pkg, o.name, m)
			}
		}
		for _, m := range fixed {
			t.Run(o.pkg+"."+o.name+"/"+m, func(t *testing.T) {
				t.Parallel()
				srv := newFaultServer(t, noFault)
				var logs bytes.Buffer
				opts := append(clientOptions(o, srv.URL, &logs), conduit.WithBodyField(m, "replaced"))
				wantInvalid(t, o.call(context.Background(), opts), "options")
				if n := srv.hits.Load(); n != 0 {
					t.Errorf("sent %d requests, want none", n)
				}
			})
		}
	}
}
