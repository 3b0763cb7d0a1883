package faults

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// uploaders are operations known to send a multipart body: the test below
// must find each of them, so a hook that stopped firing cannot pass it.
var uploaders = []string{
	"chat.ExecuteWebhookWait",
	"imageedit.Segment",
	"imageedit.EditFile",
	"inference.CreateTranscription",
	"media.Upload",
	"media.Destroy",
}

// partHeaders are the three texts of a part that the core writes into its
// headers, each with a way to spoil it.
var partHeaders = []struct {
	name  string
	spoil func(p *transport.FormPart, bad string)
}{
	{"field", func(p *transport.FormPart, bad string) { p.Field += bad }},
	{"filename", func(p *transport.FormPart, bad string) { p.Filename += bad }},
	{"content type", func(p *transport.FormPart, bad string) { p.ContentType = "text/plain" + bad }},
}

// TestUploadPartHeadersRefuseControlCharacters finds every row whose call
// sends a multipart body, then spoils each text of each of its parts that
// goes into a header (field name, file name, content type) with a control
// character: each such call fails with ErrInvalidParam before any I/O. An
// operation that uploads is covered by its row alone.
func TestUploadPartHeadersRefuseControlCharacters(t *testing.T) {
	var found []string
	for _, o := range ops {
		parts := -1
		probe := transport.WithPartsHook(context.Background(), func(p []transport.FormPart) { parts = max(parts, len(p)) })
		srv := newFaultServer(t, noFault)
		var logs bytes.Buffer
		if err := o.call(probe, clientOptions(o, srv.URL, &logs)); err != nil {
			t.Fatalf("%s.%s: a clean call failed: %v", o.pkg, o.name, err)
		}
		if parts < 0 {
			continue
		}
		found = append(found, o.pkg+"."+o.name)
		for i := range parts {
			for _, h := range partHeaders {
				for _, bad := range []string{"\r\nX-Injected: 1", "\x00", "\r", "\t", "\x7f"} {
					t.Run(o.pkg+"."+o.name+"/"+h.name, func(t *testing.T) {
						srv := newFaultServer(t, noFault)
						var logs bytes.Buffer
						ctx := transport.WithPartsHook(context.Background(), func(p []transport.FormPart) {
							if i < len(p) {
								h.spoil(&p[i], bad)
							}
						})
						err := o.call(ctx, clientOptions(o, srv.URL, &logs))
						var e *conduit.Error
						switch {
						case !errors.Is(err, conduit.ErrInvalidParam) || !errors.As(err, &e):
							t.Errorf("part %d's %s with %q: want ErrInvalidParam, got %v", i, h.name, bad, err)
						case e.Field == "":
							t.Errorf("part %d's %s with %q: the error names no field: %v", i, h.name, bad, err)
						}
						if n := srv.hits.Load(); n != 0 {
							t.Errorf("part %d's %s with %q: sent %d requests, want none", i, h.name, bad, n)
						}
						checkSecrets(t, o, err, &logs)
					})
				}
			}
		}
	}
	for _, want := range uploaders {
		if !slices.Contains(found, want) {
			t.Errorf("%s sends a multipart body, but no call of its row reached the parts hook (found %v)", want, found)
		}
	}
}
