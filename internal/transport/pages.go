package transport

import (
	"context"
	"fmt"
	"iter"

	"github.com/conduit-sdk/conduit"
)

// Pages yields every item of a list that a service sends one page at a
// time, each page naming the next with a token or cursor (CircleCI's
// next_page_token, Cloudinary's next_cursor). page fetches the page that
// token names ("" for the first) with one call of op and returns its items
// and the next token; an empty next token is the end of the list.
//
// The iterator stops at the first error and yields it once: a page's own
// *Error, the end of ctx (checked before each page and each item), or a
// token the service already sent, which would otherwise loop forever.
// Stopping the range early sends no further request.
func Pages[T any](ctx context.Context, c *Client, op *Op, token string, page func(token string) ([]T, string, error)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		x := &exchange{c: c, op: op, call: &Call{}, red: c.vault().red}
		if ctx == nil {
			yield(zero, op.Invalid("ctx", "nil context"))
			return
		}
		seen := map[string]bool{}
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
			seen[token] = true
			if seen[next] {
				yield(zero, c.problemError(op, &Call{}, Problem{Kind: conduit.ErrMalformedResponse,
					Message: fmt.Sprintf("the next page is %.60q again: the list would never end", next)}))
				return
			}
			token = next
		}
	}
}
