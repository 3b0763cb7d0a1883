package faults

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/sunrise"
)

// kind says what an operation hands back, which decides what some faults
// should do to it.
type kind uint8

const (
	record kind = iota // a JSON body decoded into a typed result
	stream             // a server-sent event stream, read to its end
	binary             // a body handed to the caller as an io.ReadCloser, read to its end
)

// op is one row: a valid call of one operation of one package.
type op struct {
	pkg, name string
	write     bool   // changes server state: never sent twice
	cred      string // where its credential sits, "" for an open call
	kind      kind
	call      func(ctx context.Context, opts []conduit.Option) error
}

// ops is every operation of every package.
var ops = []op{
	{pkg: "sunrise", name: "Get", call: func(ctx context.Context, o []conduit.Option) error {
		c, err := sunrise.New(o...)
		if err != nil {
			return err
		}
		_, err = c.Get(ctx, 51.4779, -0.0015, &sunrise.GetParams{Date: "2024-06-21"})
		return err
	}},
}
