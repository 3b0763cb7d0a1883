package transport

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/conduit-sdk/conduit"
)

// errBodyCap bounds how much of a failure body is read; errExcerpt how much
// of it an Error keeps.
const (
	errBodyCap = 64 << 10
	errExcerpt = 8 << 10
)

// complete fills in who failed and where, and removes every credential
// from everything the error carries, header-derived text included: the one
// place every error of the core passes.
func (x *exchange) complete(e *conduit.Error) *conduit.Error {
	e.Service, e.Op, e.Endpoint = x.c.svc.Name, x.op.Name, x.op.Endpoint()
	e.URL = x.safeURL()
	if e.Attempts == 0 {
		e.Attempts = x.attempts
	}
	r := x.red
	e.Code, e.Reason, e.Message = r.Text(e.Code), r.Text(e.Reason), r.Text(e.Message)
	e.RequestID, e.BodyType = r.Text(e.RequestID), r.Text(e.BodyType)
	e.RateLimit = r.RateLimit(e.RateLimit)
	if e.Body != nil {
		e.Body = excerpt(r.Bytes(e.Body))
	}
	e.Detail = r.Detail(e.Detail)
	e.Err = r.Err(e.Err)
	return e
}

func excerpt(b []byte) []byte {
	if len(b) > errExcerpt {
		return b[:errExcerpt:errExcerpt]
	}
	return b
}

// transportError is the error of a call that got no answer it could use:
// a network failure, a refused redirect, a limiter that would not admit it,
// a cancelled context.
func (x *exchange) transportError(err error) error {
	return x.complete(&conduit.Error{RetryAfter: x.retryAfter, Err: err})
}

// answerError turns a failure answer into an *Error with the service's
// profile: code, reason, message, request id, wait and budget, the
// sentinel the service meant, and typed details when the failure body has
// the shape of the operation's result.
func (x *exchange) answerError(resp *http.Response, res result) error {
	x.last = resp
	f, body := x.failureOf(resp)
	e := x.failureError(resp, body, f)
	if e.RetryAfter == 0 {
		e.RetryAfter = x.retryAfter
	}
	if f.readErr != nil {
		// A failure body that stalled or broke off still ends the call
		// with what its status says, and with why it is incomplete.
		e.Err = fmt.Errorf("%w: reading the failure body: %w", e.Err, f.readErr)
	}
	if d, ok := res.(detailer); ok && len(body) > 0 {
		if p := d.detail(x.red.Bytes(body)); p != nil {
			x.addProblem(e, p)
		}
	}
	return x.complete(e)
}

// failureError is the *Error of an answer whose failure f the profile read
// from body: status, the service's words, wait, budget and sentinel.
func (x *exchange) failureError(resp *http.Response, body []byte, f failure) *conduit.Error {
	return &conduit.Error{
		StatusCode: resp.StatusCode,
		Code:       f.code, Reason: f.reason, Message: f.message, RequestID: f.requestID,
		RetryAfter: f.retryAfter,
		RateLimit:  x.op.profile().rateLimit(resp.Header),
		Body:       body,
		BodyType:   resp.Header.Get("Content-Type"),
		Err:        f.meaning.Kind,
	}
}

// failureOf returns the failure the retry check already read from resp, or
// reads it now.
func (x *exchange) failureOf(resp *http.Response) (failure, []byte) {
	if x.fail != nil && x.failResp == resp {
		return *x.fail, x.failBody
	}
	body, err := readAll(resp.Body, errBodyCap)
	drainClose(resp.Body)
	f := x.op.profile().readFailure(resp.StatusCode, resp.Header, body)
	f.readErr = err
	return f, body
}

// detailer is a result that can read typed details from a failure body
// shaped like its own answers (GraphQL errors, a JSON-RPC error object).
type detailer interface {
	detail(body []byte) *Problem
}

// addProblem lays a package's problem over an error: its code and message
// where the profile found none, its details, its kind.
func (x *exchange) addProblem(e *conduit.Error, p *Problem) {
	if p.Code != "" && (e.Code == "" || e.StatusCode == http.StatusOK) {
		e.Code = p.Code
	}
	if p.Message != "" && (e.Message == "" || e.StatusCode == http.StatusOK) {
		e.Message = p.Message
	}
	if p.Detail != nil {
		e.Detail = p.Detail
	}
	if p.Kind == conduit.ErrMalformedResponse && e.StatusCode/100 == 2 {
		e.StatusCode = 0 // the answer arrived; what it said is the decoder's failure, not the service's
	}
	switch {
	case p.Kind != nil:
		e.Err = p.Kind
	case e.Err == nil || e.Err == conduit.ErrAPI:
		e.Err = x.op.profile().meaning(e.StatusCode, e.Code, e.Reason).Kind
	}
}

// problemError builds the error of a problem a package found in an answer
// the core had accepted (an element of a batch).
func (c *Client) problemError(op *Op, call *Call, p Problem) error {
	x := &exchange{c: c, op: op, call: call, red: c.vault().red.With(call.Secrets)}
	e := &conduit.Error{StatusCode: http.StatusOK, Body: p.Body}
	x.addProblem(e, &p)
	if e.Err == nil {
		e.Err = conduit.ErrAPI
	}
	return x.complete(e)
}

// bodyProblem is the error of a problem found in a 2xx body read after the
// call returned (a listing cut short or broken): the call's own, with its
// attempts, URL and status.
func (d *download) bodyProblem(p Problem) error {
	e := &conduit.Error{StatusCode: d.status, Body: p.Body, BodyType: d.contentType}
	d.x.addProblem(e, &p)
	if e.Err == nil {
		e.Err = conduit.ErrAPI
	}
	return d.x.complete(e)
}

// decodeError is the error of a 2xx body that does not decode.
func (x *exchange) decodeError(body []byte, resp *http.Response, err error) error {
	// The decoder words one failure two ways at random ("cannot" or
	// "unable to"), so that no one depends on its text; an error message
	// here says it one way.
	msg := "decoding the response: " + strings.Replace(err.Error(), "json: unable to ", "json: cannot ", 1)
	if err == errEmptyRecord {
		msg = err.Error()
	}
	return x.complete(&conduit.Error{
		Message:  msg,
		Body:     body,
		BodyType: resp.Header.Get("Content-Type"),
		Err:      fmt.Errorf("%w: %w", conduit.ErrMalformedResponse, err),
	})
}
