package explorer

import (
	"context"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// line is an answer the service sends as one line of plain text, not JSON:
// a hash, a height, hex.
type line struct{ text string }

// textOp is an operation answered with a line.
type textOp struct{ e *transport.Endpoint[line] }

// declareText declares op as answered in text/plain, the line surrounding
// white space removed. Text that valid rejects (a proxy's page under
// status 200) is a malformed answer, described as what it is not.
func declareText(op transport.Op, what string, valid func(string) bool) textOp {
	op.Accept = "text/plain"
	e := transport.Declare(service, op, func(l *line) *transport.Problem {
		if valid(l.text) {
			return nil
		}
		return &transport.Problem{Kind: conduit.ErrMalformedResponse, Message: "the answer is not " + what}
	}).ReadsText(func(l *line, b []byte) { l.text = strings.TrimSpace(string(b)) })
	return textOp{e}
}

// do sends one call and returns its line.
func (o textOp) do(ctx context.Context, c *Client, call transport.Call, opts []Option) (string, error) {
	l, err := o.e.Do(ctx, c.t, call, opts)
	if err != nil {
		return "", err
	}
	return l.text, nil
}

// hexOf reports whether s is hexadecimal bytes, n digits long when n > 0.
func hexOf(n int) func(string) bool {
	return func(s string) bool {
		return s != "" && len(s)%2 == 0 && isHex(s) && (n == 0 || len(s) == n)
	}
}

// isHeight reports whether s is a block height.
func isHeight(s string) bool {
	n, err := strconv.ParseInt(s, 10, 64)
	return err == nil && n >= 0
}
