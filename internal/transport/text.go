package transport

import (
	"context"
	"net/http"
	"strings"

	"github.com/conduit-sdk/conduit"
)

// TextEndpoint is an operation answered with a line of text rather than
// JSON: a hash, a height, a hex string (mempool.space's plain answers).
type TextEndpoint struct {
	*Op
	check func(string) *Problem
}

// DeclareText binds an operation answered with text/plain to svc. check,
// if not nil, inspects the text (surrounding white space removed): a
// non-nil Problem fails the call; its Kind defaults to
// ErrMalformedResponse, since text that is not what the operation sends is
// the answer's fault.
func DeclareText(svc *Service, op Op, check func(string) *Problem) *TextEndpoint {
	if op.Accept == "" {
		op.Accept = "text/plain"
	}
	e := &TextEndpoint{Op: &op, check: check}
	svc.declare(e.Op)
	return e
}

// Do sends one call and returns the answer's text, read whole and capped
// as a JSON answer is.
func (e *TextEndpoint) Do(ctx context.Context, c *Client, call Call, opts []conduit.Option) (string, error) {
	r := textResult{check: e.check}
	if err := c.exchange(ctx, e.Op, &call, opts, &r); err != nil {
		return "", err
	}
	return r.text, nil
}

// textResult reads a 2xx text body and checks it.
type textResult struct {
	check func(string) *Problem
	text  string
}

func (r *textResult) accept(x *exchange, resp *http.Response) error {
	body, err := x.readJSON(resp)
	if err != nil {
		return err
	}
	text := strings.TrimSpace(string(body))
	if r.check != nil {
		if p := r.check(text); p != nil {
			if p.Kind == nil {
				p.Kind = conduit.ErrMalformedResponse
			}
			return x.bodyFailure(resp, body, failure{}, p)
		}
	}
	r.text = text
	return nil
}
