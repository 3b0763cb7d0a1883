package faults

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/replay"
	"github.com/conduit-sdk/conduit/maps"
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

// row builds an op from a package constructor and one call on its client.
func row[C any](pkg, name string, newClient func(...conduit.Option) (C, error), call func(context.Context, C) error) op {
	return op{pkg: pkg, name: name, call: func(ctx context.Context, opts []conduit.Option) error {
		c, err := newClient(opts...)
		if err != nil {
			return err
		}
		return call(ctx, c)
	}}
}

func (o op) writes() op                   { o.write = true; return o }
func (o op) auth(where string) op         { o.cred = where; return o }
func (o op) returns(k kind) op            { o.kind = k; return o }
func discard[T any](_ T, err error) error { return err }

// ops is every operation of every package.
var ops = []op{
	row("sunrise", "Get", sunrise.New, func(ctx context.Context, c *sunrise.Client) error {
		return discard(c.Get(ctx, 51.4779, -0.0015, &sunrise.GetParams{Date: "2024-06-21"}))
	}),

	row("banklink", "SearchInstitutions", banklink.New, func(ctx context.Context, c *banklink.Client) error {
		return discard(c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{CountryCodes: []string{"US"}}))
	}).auth("body client_id, secret"),
	row("banklink", "GetBalance", banklink.New, func(ctx context.Context, c *banklink.Client) error {
		return discard(c.GetBalance(ctx, replay.Credential("banklink", "access_token")))
	}).auth("body client_id, secret, access_token"),

	row("maps", "Geocode", maps.New, func(ctx context.Context, c *maps.Client) error {
		return discard(c.Geocode(ctx, "1600 Amphitheatre Parkway, Mountain View, CA"))
	}).auth("query key"),
	row("maps", "SearchText", maps.New, func(ctx context.Context, c *maps.Client) error {
		return discard(c.SearchText(ctx, "pizza in New York", nil))
	}).auth("header X-Provider-Api-Key"),
	row("maps", "ComputeRoutes", maps.New, func(ctx context.Context, c *maps.Client) error {
		return discard(c.ComputeRoutes(ctx, "Paris, France", "Lyon, France", nil))
	}).auth("header X-Provider-Api-Key"),
}
