package faults

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/ci"
)

// TestOpsClean: every row is a valid call the replay server answers, so a
// fault test that fails is about the fault, not the row.
func TestOpsClean(t *testing.T) {
	for _, o := range ops {
		t.Run(o.pkg+"."+o.name, func(t *testing.T) {
			t.Parallel()
			srv := newFaultServer(t, noFault)
			var logs bytes.Buffer
			if err := o.call(context.Background(), clientOptions(o, srv.URL, &logs)); err != nil {
				t.Fatalf("a clean call failed: %v", err)
			}
			if n := srv.hits.Load(); n != int32(cleanRequests(t, o)) {
				t.Errorf("server saw %d requests, want %d", n, cleanRequests(t, o))
			}
		})
	}
}

// TestBadInput runs each row's invalid calls against a counting server:
// each is ErrInvalidParam naming its field, and nothing is sent.
func TestBadInput(t *testing.T) {
	for _, o := range ops {
		for i, b := range o.bad {
			t.Run(o.pkg+"."+o.name+"/"+b.field, func(t *testing.T) {
				t.Parallel()
				srv := newFaultServer(t, noFault)
				var logs bytes.Buffer
				err := b.call(context.Background(), clientOptions(o, srv.URL, &logs))
				wantInvalid(t, err, b.field)
				if n := srv.hits.Load(); n != 0 {
					t.Errorf("invalid call %d sent %d requests, want none", i, n)
				}
				checkSecrets(t, o, err, &logs)
			})
		}
	}
}

// TestNilContext: a nil context is bad input to every operation, reported
// as ErrInvalidParam on "ctx" before any I/O, never a panic.
func TestNilContext(t *testing.T) {
	for _, o := range ops {
		t.Run(o.pkg+"."+o.name, func(t *testing.T) {
			t.Parallel()
			srv := newFaultServer(t, noFault)
			var logs bytes.Buffer
			var err error
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Errorf("panic on a nil context: %v", p)
					}
				}()
				var ctx context.Context // nil
				err = o.call(ctx, clientOptions(o, srv.URL, &logs))
			}()
			if !t.Failed() {
				wantInvalid(t, err, "ctx")
			}
			if n := srv.hits.Load(); n != 0 {
				t.Errorf("sent %d requests with a nil context, want none", n)
			}
		})
	}
}

func wantInvalid(t *testing.T, err error, field string) {
	t.Helper()
	if !errors.Is(err, conduit.ErrInvalidParam) {
		t.Errorf("want ErrInvalidParam, got %v", err)
		return
	}
	var e *conduit.Error
	if !errors.As(err, &e) {
		t.Errorf("want *conduit.Error, got %T: %v", err, err)
		return
	}
	if e.Field != field {
		t.Errorf("Field = %q, want %q (%v)", e.Field, field, err)
	}
}

// TestBadInputParsers: the two parsers that build operation inputs reject
// what no operation could send, naming the field, and the webhook parser
// never quotes the URL it was given, since that holds the token.
func TestBadInputParsers(t *testing.T) {
	token := cred("chat", "webhook_token")
	for _, c := range []struct {
		name, field string
		err         func() error
	}{
		{"webhook no token", "webhook_url", func() error {
			return discard(chat.ParseWebhookURL("https://chat.example/api/webhooks/1180000000000097531"))
		}},
		{"webhook query", "webhook_url", func() error {
			return discard(chat.ParseWebhookURL("https://chat.example/api/webhooks/1180000000000097531/" + token + "?wait=true"))
		}},
		{"webhook id", "webhook_url", func() error {
			return discard(chat.ParseWebhookURL("https://chat.example/api/webhooks/abc/" + token))
		}},
		{"webhook relative", "webhook_url", func() error {
			return discard(chat.ParseWebhookURL("/api/webhooks/1180000000000097531/" + token))
		}},
		{"slug parts", "project_slug", func() error { return discard(ci.ParseProjectSlug("gh/acme")) }},
		{"slug vcs", "vcs_prefix", func() error { return discard(ci.ParseProjectSlug("/acme/api")) }},
		{"slug org", "org", func() error { return discard(ci.ParseProjectSlug("gh/../api")) }},
		{"slug repo", "repo", func() error { return discard(ci.ParseProjectSlug("gh/acme/a\tpi")) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.err()
			wantInvalid(t, err, c.field)
			if err != nil {
				for _, verb := range []string{"%v", "%+v", "%#v"} {
					if strings.Contains(fmt.Sprintf(verb, err), token) {
						t.Errorf("webhook token printed by %s of the error", verb)
					}
				}
			}
		})
	}
}
