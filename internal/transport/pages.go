package transport

import (
	"context"
	"fmt"
	"iter"
	"strings"

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

// seenIDs is how many of the latest item ids an ordered walk remembers
// (Order.ID): as with tokens, a loop longer than this yields new items on
// every turn, and memory stays bounded.
const seenIDs = 4096

// Order declares how a walk that names its next page by the items it read
// (Discord's before and after, Esplora's after_txid, a block's start
// index) moves through its list, so that PagesBy can hold every page to
// it: a server that ignores the cursor and answers the same page, newer
// items on a walk to older ones, or items the walk already passed, ends
// the walk with ErrMalformedResponse before any item of that page is
// yielded, where it would otherwise loop or hand the caller items twice.
type Order[T any] struct {
	// Key is an item's place in the list (a snowflake id, a block
	// height), compared by Cmp; nil for a list without one.
	Key func(*T) string
	// Cmp compares two places in the walk's direction: negative when a
	// comes before b. Increasing and Decreasing compare decimal ids.
	Cmp func(a, b string) int
	// ID names an item. With Key, items sharing one place (the
	// transactions of one block) must have distinct ids, and without ID
	// every item must move strictly past the last; without Key, no item
	// may name one of the last seenIDs items again.
	ID func(*T) string
	// Cursor says a page's token is the Key of the last item read, so
	// the first page must move past the starting token too.
	Cursor bool
}

// Increasing compares decimal ids (Discord's snowflakes) on a walk to
// higher ones; an empty id comes first.
func Increasing(a, b string) int {
	if a == "" || b == "" {
		return len(a) - len(b)
	}
	a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}

// Decreasing compares decimal ids on a walk to lower ones; an empty id
// (an item not yet placed, such as an unconfirmed transaction) comes
// first.
func Decreasing(a, b string) int {
	if a == "" || b == "" {
		return len(a) - len(b)
	}
	return Increasing(b, a)
}

// Pages yields every item of a list that a service sends one page at a
// time, each page naming the next with a token, a cursor or a page number
// written as a string (CircleCI's next_page_token, Cloudinary's
// next_cursor). page fetches the page that token names ("" for the first)
// with one call of op and returns its items and the next token; an empty
// next token is the end of the list. A page may return items with an
// error (a page read whole whose link to the next is broken): its items
// are yielded, then the error.
//
// The iterator stops at the first error and yields it once: a page's own
// *Error, the end of ctx (checked before each page and each item), a token
// the service sent again, which would otherwise loop forever, or a run of
// MaxEmptyPages empty pages. Stopping the range early sends no further
// request.
func Pages[T any](ctx context.Context, c *Client, op *Op, token string, page func(token string) ([]T, string, error)) iter.Seq2[T, error] {
	return PagesBy(ctx, c, op, token, Order[T]{}, page)
}

// PagesBy is Pages for a walk that names its next page by the items it
// read: every page is held to order before any of its items is yielded.
func PagesBy[T any](ctx context.Context, c *Client, op *Op, token string, order Order[T], page func(token string) ([]T, string, error)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		if ctx == nil {
			yield(zero, op.Invalid("ctx", "nil context"))
			return
		}
		malformed := func(format string, args ...any) {
			yield(zero, c.problemError(op, &Call{}, Problem{Kind: conduit.ErrMalformedResponse, Message: fmt.Sprintf(format, args...)}))
		}
		walk := walked[T]{Order: order}
		if order.Cursor && token != "" {
			walk.last, walk.placed = token, true
		}
		recent := recentSet{max: seenTokens}
		empty := 0
		for {
			if err := ctx.Err(); err != nil {
				yield(zero, Ended(c, op, err))
				return
			}
			items, next, err := page(token)
			if bad := walk.check(items); bad != "" {
				malformed("%s: the walk would never end", bad)
				return
			}
			for _, it := range items {
				if err := ctx.Err(); err != nil {
					yield(zero, Ended(c, op, err))
					return
				}
				if !yield(it, nil) {
					return
				}
			}
			if err != nil {
				yield(zero, err)
				return
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
				malformed("the next page is %.60q again: the list would never end", next)
				return
			case empty >= MaxEmptyPages:
				malformed("%d pages in a row were empty but each named a next page: the list would never end", empty)
				return
			}
			token = next
		}
	}
}

// walked is where an ordered walk stands: the place of the last item read
// and the ids of the latest items, at that place when the order has one.
type walked[T any] struct {
	Order[T]
	last   string
	placed bool
	ids    recentSet
}

// check holds a page's items to the order, in turn, and says what the
// first item that fails it does wrong ("" when none does).
func (w *walked[T]) check(items []T) string {
	if w.ids.max == 0 {
		w.ids.max = seenIDs
	}
	for i := range items {
		it := &items[i]
		if w.Key != nil {
			place := w.Key(it)
			if w.placed {
				switch c := w.Cmp(w.last, place); {
				case c > 0:
					return fmt.Sprintf("%.60q comes before %.60q, where the walk stands", place, w.last)
				case c == 0 && w.ID == nil:
					return fmt.Sprintf("%.60q does not move past %.60q, where the walk stands", place, w.last)
				case c < 0:
					w.ids.reset()
				}
			}
			w.last, w.placed = place, true
		}
		if w.ID != nil {
			id := w.ID(it)
			if w.ids.has(id) {
				return fmt.Sprintf("%.60q was read already", id)
			}
			w.ids.add(id)
		}
	}
	return ""
}

// recentSet holds the latest max strings added.
type recentSet struct {
	max  int
	list []string
	at   int
	set  map[string]struct{}
}

func (r *recentSet) add(s string) {
	if r.set == nil {
		r.set = make(map[string]struct{})
	}
	if len(r.list) < r.max {
		r.list = append(r.list, s)
	} else {
		delete(r.set, r.list[r.at])
		r.list[r.at] = s
		r.at = (r.at + 1) % r.max
	}
	r.set[s] = struct{}{}
}

func (r *recentSet) has(s string) bool {
	_, ok := r.set[s]
	return ok
}

func (r *recentSet) reset() {
	r.list, r.at = r.list[:0], 0
	clear(r.set)
}

// Ended is the error of a walk of op's pages that the context ended (err
// is ctx.Err()): an *Error naming op and wrapping err, as Pages yields, for
// walks that hold their pages before yielding (a sync run).
func Ended(c *Client, op *Op, err error) error {
	x := &exchange{c: c, op: op, call: &Call{}, red: c.vault().red}
	return x.complete(&conduit.Error{Err: err})
}

// Refuse is an iterator that yields err alone: bad input to an All… or
// Each… method, found before any request is sent.
func Refuse[T any](err error) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		yield(zero, err)
	}
}
