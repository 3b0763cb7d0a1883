// Package samples is the one table of sample calls: a valid call of every
// operation of every package, written once. The coverage tests read it:
// conduittest's proves every operation answers through its fake server,
// the fault matrix (internal/faults) runs every fault against every call.
// A new operation adds one row to its package's file here.
package samples

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"io"
	"reflect"
	"sort"

	// The PNG decoder reads the binary answers' headers.
	_ "image/png"

	"github.com/conduit-sdk/conduit"
)

// Sample is one valid call of one operation.
type Sample struct {
	Pkg, Name string
	// Call builds the package's client on opts (base URLs, credentials),
	// makes the call and reads its answer to the end, as a caller must.
	Call func(ctx context.Context, opts ...conduit.Option) (Answer, error)
}

// Answer is what a sample call handed back.
type Answer struct {
	// Value is the whole decoded answer: a result, a stream's or an
	// iterator's elements. A binary body is no decoded answer: its Value
	// is nil.
	Value any
	// Field is a value read out of the answer that shows it decoded: nil
	// or zero when the answer holds nothing (an empty list, a nil member).
	Field any
	// Sent says the operation answers with nothing to decode: what shows
	// it worked is what the server received, its last request's body or
	// path.
	Sent Sent
}

// Sent names the part of a request that shows a call with no answer
// reached the server.
type Sent uint8

const (
	Decoded  Sent = iota // the answer decodes: read Field
	SentBody             // nothing to decode: the request's body shows it
	SentPath             // nothing to decode, no body: the request's path shows it
)

var table = map[string]Sample{}

// All is every sample, ordered by package and operation.
func All() []Sample {
	out := make([]Sample, 0, len(table))
	for _, s := range table {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Pkg != out[j].Pkg {
			return out[i].Pkg < out[j].Pkg
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Find is the sample of pkg's operation name.
func Find(pkg, name string) (Sample, bool) {
	s, ok := table[pkg+"."+name]
	return s, ok
}

// Packages are the packages whose operations the table holds.
func Packages() map[string]bool {
	pkgs := map[string]bool{}
	for _, s := range table {
		pkgs[s.Pkg] = true
	}
	return pkgs
}

// row is one operation's call on its package's client.
type row[C any] struct {
	name string
	call func(context.Context, C) (Answer, error)
}

// add puts pkg's rows in the table, each called on a client newClient
// builds. Two rows for one operation panic.
func add[C any](pkg string, newClient func(...conduit.Option) (C, error), rows []row[C]) {
	for _, r := range rows {
		key := pkg + "." + r.name
		if _, dup := table[key]; dup {
			panic(fmt.Sprintf("samples: two rows for %s", key))
		}
		call := r.call
		table[key] = Sample{Pkg: pkg, Name: r.name, Call: func(ctx context.Context, opts ...conduit.Option) (Answer, error) {
			c, err := newClient(opts...)
			if err != nil {
				return Answer{}, err
			}
			return call(ctx, c)
		}}
	}
}

// answer is a decoded answer and the value read returns from it, or nil
// when there is none (the call failed, decoded to nothing, or read found
// an empty list or a nil member).
func answer[T any](v T, read func() any) (a Answer) {
	a.Value = v
	if reflect.ValueOf(&v).Elem().IsZero() {
		return a
	}
	defer func() {
		if recover() != nil {
			a.Field = nil
		}
	}()
	a.Field = read()
	return a
}

// whole is a decoded answer that shows itself: a count, a list.
func whole[T any](v T) Answer { return Answer{Value: v, Field: v} }

// sent is the answer of an operation that answers with nothing to decode.
func sent(part Sent) Answer { return Answer{Sent: part} }

// each reads an iterator to its end; its answer is the elements, and the
// field their number.
func each[T any](seq func(func(T, error) bool)) (Answer, error) {
	var all []T
	for v, err := range seq {
		if err != nil {
			return Answer{}, err
		}
		all = append(all, v)
	}
	return Answer{Value: all, Field: len(all)}, nil
}

// eachRead is each, with the field read returns from the elements.
func eachRead[T any](seq func(func(T, error) bool), read func([]T) any) (Answer, error) {
	a, err := each(seq)
	if err != nil {
		return a, err
	}
	all := a.Value.([]T)
	return answer(all, func() any { return read(all) }), nil
}

// readBody reads a binary answer to its end and closes it; the read error
// is the call's. The field is the bytes' length; the bytes come back
// beside the answer.
func readBody(rc io.ReadCloser) (Answer, []byte, error) {
	var b bytes.Buffer
	_, err := b.ReadFrom(rc)
	if cerr := rc.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return Answer{}, nil, err
	}
	return Answer{Field: b.Len()}, b.Bytes(), nil
}

// imageBody reads an image to its end and closes it, as a caller must;
// the read error is the call's. The field is its width, read from the
// header, or nil when the bytes are no image. (A body is handed over
// undecoded, so bytes that are no image are no error of the call's.)
func imageBody(rc io.ReadCloser) (Answer, error) {
	a, b, err := readBody(rc)
	if err != nil {
		return a, err
	}
	a.Field = nil
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(b)); err == nil {
		a.Field = cfg.Width
	}
	return a, nil
}

// stream reads a stream to its end and closes it, as a caller must; the
// error that ended it is the call's. Its answer is the events, and the
// field what read returns from them.
func stream[T any](s *conduit.Stream[T], err error, read func([]T) any) (Answer, error) {
	if err != nil {
		return Answer{}, err
	}
	defer s.Close()
	return eachRead(s.All(), read)
}
