package transport

// Finish completes an *Error that a package builds for a failure only it can
// see once Do has succeeded: one failed element of a batch answer, a record
// nested in an envelope that does not decode, an answer to another request.
// It fills Service, Op and Endpoint from req and redacts Code, Message, Body
// (cut to the usual excerpt) and the cause as the core's own errors are, so
// a package never has to handle a secret in the clear.
func (c *Client) Finish(req *Request, e *Error) *Error {
	return c.complete(req, c.red.with(req.Secrets), e)
}

// complete fills in who failed and redacts everything an error may quote:
// the one place both the core's decode errors and a package's own pass.
func (c *Client) complete(req *Request, red *redactor, e *Error) *Error {
	e.Service, e.Op, e.Endpoint = c.svc.Name, req.Op, req.Endpoint()
	e.Code, e.Message = red.string(e.Code), red.string(e.Message)
	if e.Body != nil {
		e.Body = excerpt(red.bytes(e.Body))
	}
	e.Err = red.error(e.Err)
	return e
}

// Redactor returns the function that hides this client's credentials, and
// req's per-call secrets, in text quoted from a response the package reads
// itself (an event stream).
func (c *Client) Redactor(req *Request) func(string) string { return c.red.with(req.Secrets).string }

// DecodeInner decodes a record nested in an envelope the package unwraps (a
// JSON-RPC result, a GraphQL data member) the way Do decodes a whole body:
// raw bytes kept when out embeds Raw, an empty or null record an error. A
// failure is an *Error wrapping ErrMalformedResponse whose Body is the
// record, redacted.
func (c *Client) DecodeInner(req *Request, b []byte, out any) error {
	return DecodeJSON(b, out, func(err error, msg string) error {
		return c.Finish(req, &Error{Message: msg, Body: b, Err: err})
	})
}
