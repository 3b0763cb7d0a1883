package transport

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// ListEndpoint is an operation answered with a listing long enough that
// holding its body whole is the cost to avoid (a year of filings, a page of
// 10,000 records): a JSON array, at the top of the body or in one member of
// its top object. Its elements are decoded one by one as the body arrives,
// so the memory a caller needs does not grow with the listing.
type ListEndpoint[E any] struct {
	*DownloadEndpoint
	member string
	check  func(*E) *Problem
}

// DeclareList binds a listing operation to svc; member names the array in
// the answer's top object, or is "" when the answer is the array.
func DeclareList[E any](svc *Service, op Op, member string) *ListEndpoint[E] {
	if op.Accept == "" {
		op.Accept = "application/json"
	}
	return &ListEndpoint[E]{DownloadEndpoint: DeclareDownload(svc, op, "application/json"), member: member}
}

// Checked adds a check of each decoded element, the listing's form of a
// result check (a null record, say): a problem it reports ends the
// iteration with the core's error. It returns e, for declarations.
func (e *ListEndpoint[E]) Checked(check func(*E) *Problem) *ListEndpoint[E] {
	e.check = check
	return e
}

// All sends one call and yields the listing's elements as they arrive,
// each decoded from a copy of its own bytes, which its RawJSON returns.
// The rest of an envelope is read past. Breaking out of the loop closes
// the body. A failure (the call's, a body cut short or not a listing, an
// element that does not decode, the context's end) is the last pair, an
// *Error.
func (e *ListEndpoint[E]) All(ctx context.Context, c *Client, call Call, opts []conduit.Option) iter.Seq2[E, error] {
	read := func(r io.Reader, fn func(int, jsontext.Value) bool) error {
		return wire.MemberElements(r, e.member, func(v jsontext.Value) bool { return fn(0, v) })
	}
	decode := func(_ int, v jsontext.Value) (E, *Problem) {
		var el E
		if err := conduit.Unmarshal(v, &el); err != nil {
			return el, &Problem{Kind: conduit.ErrMalformedResponse, Message: "decoding a listing element: " + err.Error()}
		}
		if e.check != nil {
			return el, e.check(&el)
		}
		return el, nil
	}
	return elements(ctx, c, e.DownloadEndpoint, call, opts, read, decode)
}

// MembersEndpoint is a listing operation whose answer holds several
// listings in one object, {"added": […], "modified": […], "removed": […],
// "next_cursor": …}: their elements are decoded one by one as the body
// arrives, in the order they arrive, whatever the member.
type MembersEndpoint[E any] struct {
	*DownloadEndpoint
	members []string
	decode  func(member int, b []byte) (E, error)
}

// DeclareMembers binds such an operation to svc: members names the arrays
// of the answer's top object, and decode turns an element of
// members[member], its own copy of its bytes, into the element yielded;
// the error it returns for bytes that do not decode is reported by the
// core as ErrMalformedResponse.
func DeclareMembers[E any](svc *Service, op Op, members []string, decode func(member int, b []byte) (E, error)) *MembersEndpoint[E] {
	if op.Accept == "" {
		op.Accept = "application/json"
	}
	return &MembersEndpoint[E]{DownloadEndpoint: DeclareDownload(svc, op, "application/json"), members: members, decode: decode}
}

// All sends one call and yields the elements of the answer's listings as
// they arrive, as ListEndpoint.All does. other, if not nil, receives each
// other member of the object (a copy of its value), as it is read: the
// scalars that follow the listings (a cursor, a has-more flag) reach the
// caller by then, before the last pair if the loop runs to the end.
func (e *MembersEndpoint[E]) All(ctx context.Context, c *Client, call Call, opts []conduit.Option, other func(name string, value []byte)) iter.Seq2[E, error] {
	read := func(r io.Reader, fn func(int, jsontext.Value) bool) error {
		var keep func(string, jsontext.Value)
		if other != nil {
			keep = func(name string, v jsontext.Value) { other(name, v.Clone()) }
		}
		return wire.MembersElements(r, e.members, fn, keep)
	}
	decode := func(m int, v jsontext.Value) (E, *Problem) {
		el, err := e.decode(m, v)
		if err != nil {
			return el, &Problem{Kind: conduit.ErrMalformedResponse, Message: "decoding an element of " + e.members[m] + ": " + err.Error()}
		}
		return el, nil
	}
	return elements(ctx, c, e.DownloadEndpoint, call, opts, read, decode)
}

// elements sends one call of op and yields what decode makes of each
// element read hands over (a copy of its bytes, which the element keeps).
// A problem decode reports, carrying the element's bytes unless it names
// others, ends the iteration with the core's error, as do the context's
// end and a body cut short or broken.
func elements[E any](ctx context.Context, c *Client, op *DownloadEndpoint, call Call, opts []conduit.Option,
	read func(io.Reader, func(int, jsontext.Value) bool) error, decode func(int, jsontext.Value) (E, *Problem)) iter.Seq2[E, error] {
	return func(yield func(E, error) bool) {
		var zero E
		d, err := op.open(ctx, c, call, opts)
		if err != nil {
			yield(zero, err)
			return
		}
		defer d.body.Close()
		body := &lastRead{r: d.body, max: d.x.cs.maxBytes}
		var failed error
		stopped := false
		err = read(body, func(m int, v jsontext.Value) bool {
			if err := ctx.Err(); err != nil {
				failed = d.bodyProblem(Problem{Kind: err, Message: "the context ended the listing"})
				return false
			}
			if body.over || int64(len(v)) > body.max {
				failed = d.bodyProblem(body.tooLarge())
				return false
			}
			body.since = 0
			// The decoder reuses its buffer; the element keeps its bytes.
			v = v.Clone()
			el, p := decode(m, v)
			if p != nil {
				if p.Body == nil {
					p.Body = v
				}
				failed = d.bodyProblem(*p)
				return false
			}
			stopped = !yield(el, nil)
			return !stopped
		})
		switch {
		case stopped:
		case failed != nil:
			yield(zero, failed)
		case err != nil:
			yield(zero, d.bodyProblem(body.problem(err)))
		case body.over:
			// The decoder read ahead past the cap and found the end there.
			yield(zero, d.bodyProblem(body.tooLarge()))
		}
	}
}

// lastRead keeps the error of the body's last read, which tells a failed
// connection from a broken listing, and holds the body cap to what the
// reading holds at once: more than max bytes read since the last element
// was handed over (one element, or a member read past, longer than the
// cap) fails the listing with conduit.ErrResponseTooLarge, and the read
// that passes it ends the reading. The listing as a whole may be longer
// than the cap; none of its parts may.
type lastRead struct {
	r          io.Reader
	err        error
	max, since int64
	over       bool
}

func (r *lastRead) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if r.since += int64(n); r.since > r.max {
		r.over, err = true, conduit.ErrResponseTooLarge
	}
	r.err = err
	return n, err
}

// tooLarge is the failure of a listing with a part over the cap.
func (r *lastRead) tooLarge() Problem {
	return Problem{Kind: conduit.ErrResponseTooLarge, Message: fmt.Sprintf("a listing element over the %d-byte response cap", r.max)}
}

// problem is the failure of a listing that could not be read to its end,
// err being what the reading returned: the cap passed, the body's own read
// failure (a stalled or reset connection), else a listing cut short or
// broken.
func (r *lastRead) problem(err error) Problem {
	switch {
	case r.over:
		return r.tooLarge()
	case r.err != nil && r.err != io.EOF:
		return Problem{Kind: r.err, Message: "reading the listing: " + r.err.Error()}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return Problem{Kind: io.ErrUnexpectedEOF, Message: "the listing ends before its closing bracket"}
	}
	return Problem{Kind: conduit.ErrMalformedResponse, Message: "reading the listing: " + err.Error()}
}
