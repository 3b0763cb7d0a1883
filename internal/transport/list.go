package transport

import (
	"context"
	"errors"
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
	return func(yield func(E, error) bool) {
		var zero E
		d, err := e.open(ctx, c, call, opts)
		if err != nil {
			yield(zero, err)
			return
		}
		defer d.body.Close()
		read := &lastRead{r: d.body}
		var failed error
		stopped := false
		err = wire.MemberElements(read, e.member, func(v jsontext.Value) bool {
			if err := ctx.Err(); err != nil {
				failed = d.bodyProblem(Problem{Kind: err, Message: "the context ended the listing"})
				return false
			}
			// The decoder reuses its buffer; the element keeps its bytes.
			v = v.Clone()
			var el E
			if err := conduit.Unmarshal(v, &el); err != nil {
				failed = d.bodyProblem(Problem{Kind: conduit.ErrMalformedResponse,
					Message: "decoding a listing element: " + err.Error(), Body: v})
				return false
			}
			if e.check != nil {
				if p := e.check(&el); p != nil {
					if p.Body == nil {
						p.Body = v
					}
					failed = d.bodyProblem(*p)
					return false
				}
			}
			stopped = !yield(el, nil)
			return !stopped
		})
		switch {
		case stopped:
		case failed != nil:
			yield(zero, failed)
		case err != nil:
			yield(zero, d.bodyProblem(read.problem(err)))
		}
	}
}

// lastRead keeps the error of the body's last read, which tells a failed
// connection from a broken listing.
type lastRead struct {
	r   io.Reader
	err error
}

func (r *lastRead) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.err = err
	return n, err
}

// problem is the failure of a listing that could not be read to its end,
// err being what the reading returned: the body's own read failure (a
// stalled or reset connection), else a listing cut short or broken.
func (r *lastRead) problem(err error) Problem {
	switch {
	case r.err != nil && r.err != io.EOF:
		return Problem{Kind: r.err, Message: "reading the listing: " + r.err.Error()}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return Problem{Kind: io.ErrUnexpectedEOF, Message: "the listing ends before its closing bracket"}
	}
	return Problem{Kind: conduit.ErrMalformedResponse, Message: "reading the listing: " + err.Error()}
}
