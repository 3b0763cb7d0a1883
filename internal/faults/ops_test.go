package faults

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/imageedit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/samples"
)

// kind says what an operation hands back, which decides what some faults
// should do to it.
type kind uint8

const (
	record kind = iota // a JSON body decoded into a typed result
	stream             // a server-sent event stream, read to its end
	binary             // a body handed to the caller as an io.ReadCloser, read to its end
	none               // no result: a 2xx status is the whole answer, any body is ignored
)

// op is one row: a valid call of one operation of one package.
type op struct {
	pkg, name string
	write     bool   // changes server state: never sent twice
	dedupeKey string // a write made safe to repeat by this body member
	cred      string // where its credential sits, "" for an open call
	kind      kind
	call      func(ctx context.Context, opts []conduit.Option) error
	// bad are calls with invalid input: each must fail before any I/O.
	bad []invalid
	// adapt turns a func(context.Context, C) error on the row's own client
	// type into a call; rejects uses it.
	adapt func(fn any) func(ctx context.Context, opts []conduit.Option) error
}

// invalid is one call with bad input and the Error.Field it must name.
type invalid struct {
	field string
	call  func(ctx context.Context, opts []conduit.Option) error
}

// row builds an op from a package constructor and one call on its client.
func row[C any](pkg, name string, newClient func(...conduit.Option) (C, error), call func(context.Context, C) error) op {
	bind := func(call func(context.Context, C) error) func(context.Context, []conduit.Option) error {
		return func(ctx context.Context, opts []conduit.Option) error {
			c, err := newClient(opts...)
			if err != nil {
				return err
			}
			return call(ctx, c)
		}
	}
	return op{pkg: pkg, name: name, call: bind(call), adapt: func(fn any) func(context.Context, []conduit.Option) error {
		call, ok := fn.(func(context.Context, C) error)
		if !ok {
			panic(fmt.Sprintf("faults: %s.%s: rejects wants a func(context.Context, %T) error, got %T", pkg, name, *new(C), fn))
		}
		return bind(call)
	}}
}

// secret reports whether the call carries a secret. The filings contact
// rides in User-Agent as every request's does: it names the caller and
// authorises nothing, so it is checked neither for leaks nor for being
// kept from another host a redirect points to.
func (o op) secret() bool { return o.cred != "" && !strings.Contains(o.cred, "User-Agent") }

func (o op) writes() op { o.write = true; return o }

// dedupes marks a write the service deduplicates by the body member key
// (a message's enforced nonce): it is retried like a read, and every
// attempt must carry the same key, so the service keeps one copy.
func (o op) dedupes(key string) op { o.dedupeKey = key; return o }
func (o op) auth(where string) op  { o.cred = where; return o }
func (o op) returns(k kind) op     { o.kind = k; return o }

// rejects adds a call with invalid input, a func(context.Context, C) error
// on the row's client type, that must fail with ErrInvalidParam naming
// field before sending anything.
func (o op) rejects(field string, call any) op {
	o.bad = append(o.bad[:len(o.bad):len(o.bad)], invalid{field: field, call: o.adapt(call)})
	return o
}

func discard[T any](v T, err error) error {
	if c := printed.Load(); c != nil && err == nil {
		c.add(v)
	}
	return err
}

// drain consumes an iterator to its end and returns its first error.
func drain[T any](seq func(func(T, error) bool)) error {
	for v, err := range seq {
		if err != nil {
			return err
		}
		if c := printed.Load(); c != nil {
			c.add(v)
		}
	}
	return nil
}

// readStream reads a stream to its end, as a caller must, and returns the
// error that ended it.
func readStream[T any](s *conduit.Stream[T], err error) error {
	if err != nil {
		return err
	}
	defer s.Close()
	return drain(s.All())
}

// readImage reads a binary result to its end and closes it, as a caller
// must; the read error is the call's.
func readImage(img *imageedit.Image, err error) error {
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, img.Body)
	if cerr := img.Body.Close(); err == nil {
		err = cerr
	}
	return err
}

// photo is a small PNG to upload.
var photo = func() []byte {
	img := image.NewGray(image.Rect(0, 0, 16, 12))
	img.SetGray(8, 6, color.Gray{Y: 200})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}()

// hook is the webhook the fake accepts; its token is a credential.
func hook() chat.Webhook {
	return chat.NewWebhook(chat.Snowflake(cred("chat", "webhook_id")), cred("chat", "webhook_token"))
}

var (
	slug    = ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: "api"}
	wallet  = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"
	chatReq = inference.ChatCompletionRequest{
		Model:    "llama-3.3-70b-versatile",
		Messages: []inference.Message{inference.UserMessage("Why does fast inference matter?")},
	}
	seasonDoc = `query ($year: Int) { Page(perPage: 3) { media(seasonYear: $year, type: ANIME, sort: SCORE_DESC) { id title { romaji } averageScore } } }`
)

// Where each package puts its credential, for the auth column.
const (
	botHeader  = "header Authorization: Bot"
	webhookKey = "path webhook id and token"
	ciHeader   = "header Ci-Token"
	rpcKey     = "path key"
	obsHeader  = "header X-Service-Team"
	imageKey   = "header x-api-key"
	mediaBasic = "Basic api_key:api_secret (user and password)"
	bearer     = "header Authorization: Bearer"
	contact    = "header User-Agent (a contact, not a secret)"
)

// badChat returns chatReq changed by edit, for the invalid calls.
func badChat(edit func(r *inference.ChatCompletionRequest)) inference.ChatCompletionRequest {
	r := chatReq
	r.Messages = append([]inference.Message(nil), chatReq.Messages...)
	edit(&r)
	return r
}

func ptr[T any](v T) *T { return &v }

// ops is the fault matrix: a valid call of every operation of every
// package. The calls are internal/samples' table; TestMain adds a row for
// each, carrying its notes. A package not yet on that table has rows of
// its own calls in ops_<pkg>_test.go.
var ops []op

// notes are what the fault matrix knows of an operation beyond its sample
// call: that it writes, where its credential sits, what it returns, its
// calls with invalid input. An operation with nothing to note has none.
var notes []op

// noted starts the notes of pkg's operation name, whose call is its
// sample; newClient types the invalid calls rejects adds.
func noted[C any](pkg, name string, newClient func(...conduit.Option) (C, error)) op {
	o := row(pkg, name, newClient, nil)
	o.call = nil
	return o
}

// withSamples is rows and a row for every sample call, carrying its notes.
// A package's operations are on the table or in rows, never both; a note
// names a sample.
func withSamples(rows, notes []op) ([]op, error) {
	byName := map[string]op{}
	for _, n := range notes {
		if _, dup := byName[n.pkg+"."+n.name]; dup {
			return nil, fmt.Errorf("faults: two notes for %s.%s", n.pkg, n.name)
		}
		byName[n.pkg+"."+n.name] = n
	}
	tabled := samples.Packages()
	for _, o := range rows {
		if tabled[o.pkg] {
			return nil, fmt.Errorf("faults: %s.%s has a row of its own, but %s's calls are in internal/samples", o.pkg, o.name, o.pkg)
		}
	}
	for _, s := range samples.All() {
		o, ok := byName[s.Pkg+"."+s.Name]
		if !ok {
			o = op{pkg: s.Pkg, name: s.Name}
		}
		delete(byName, s.Pkg+"."+s.Name)
		o.call = sampleCall(s)
		rows = append(rows, o)
	}
	for name := range byName {
		return nil, fmt.Errorf("faults: notes for %s, which has no sample in internal/samples", name)
	}
	return rows, nil
}

// sampleCall is s's call as a row makes it; the print test collects its
// answer.
func sampleCall(s samples.Sample) func(ctx context.Context, opts []conduit.Option) error {
	return func(ctx context.Context, opts []conduit.Option) error {
		a, err := s.Call(ctx, opts...)
		if c := printed.Load(); c != nil && err == nil && a.Value != nil {
			c.add(a.Value)
		}
		return err
	}
}
