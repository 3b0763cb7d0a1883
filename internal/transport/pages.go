package transport

import (
	"context"
	"fmt"
	"iter"
	"slices"

	"github.com/conduit-sdk/conduit"
)

// MaxEmptyPages is how many pages in a row may come back empty, each
// naming a next page, before an iterator stops with ErrMalformedResponse:
// a service that answers empty pages with fresh tokens forever would
// otherwise keep the loop sending without ever handing the caller an item,
// so the caller could not even break out of it.
const MaxEmptyPages = 16

// seenTokens is how many of the latest page tokens an iterator remembers
// to catch a service that sends one again: a loop longer than this yields
// items on every turn, so the caller sees it and can stop, and memory stays
// bounded on a list of any length.
const seenTokens = 256

// Pages yields every item of a list that a service sends one page at a
// time, each page naming the next with a token, a cursor or a page number
// written as a string (CircleCI's next_page_token, Cloudinary's
// next_cursor). page fetches the page that token names ("" for the first)
// with one call of op and returns its items and the next token; an empty
// next token is the end of the list.
//
// The iterator stops at the first error and yields it once: a page's own
// *Error, the end of ctx (checked before each page and each item), a token
// the service sent again, which would otherwise loop forever, or a run of
// MaxEmptyPages empty pages. Stopping the range early sends no further
// request.
func Pages[T any](ctx context.Context, c *Client, op *Op, token string, page func(token string) ([]T, string, error)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		x := &exchange{c: c, op: op, call: &Call{}, red: c.vault().red}
		if ctx == nil {
			yield(zero, op.Invalid("ctx", "nil context"))
			return
		}
		var recent tokenRing
		empty := 0
		for {
			if err := ctx.Err(); err != nil {
				yield(zero, x.complete(&conduit.Error{Err: err}))
				return
			}
			items, next, err := page(token)
			if err != nil {
				yield(zero, err)
				return
			}
			for _, it := range items {
				if err := ctx.Err(); err != nil {
					yield(zero, x.complete(&conduit.Error{Err: err}))
					return
				}
				if !yield(it, nil) {
					return
				}
			}
			if next == "" {
				return
			}
			if empty = empty + 1; len(items) > 0 {
				empty = 0
			}
			recent.add(token)
			switch {
			case recent.has(next):
				yield(zero, c.problemError(op, &Call{}, Problem{Kind: conduit.ErrMalformedResponse,
					Message: fmt.Sprintf("the next page is %.60q again: the list would never end", next)}))
				return
			case empty >= MaxEmptyPages:
				yield(zero, c.problemError(op, &Call{}, Problem{Kind: conduit.ErrMalformedResponse,
					Message: fmt.Sprintf("%d pages in a row were empty but each named a next page: the list would never end", empty)}))
				return
			}
			token = next
		}
	}
}

// tokenRing holds the latest seenTokens tokens.
type tokenRing struct {
	list []string
	at   int
}

func (r *tokenRing) add(t string) {
	if len(r.list) < seenTokens {
		r.list = append(r.list, t)
		return
	}
	r.list[r.at] = t
	r.at = (r.at + 1) % seenTokens
}

func (r *tokenRing) has(t string) bool { return slices.Contains(r.list, t) }
