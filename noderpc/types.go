package noderpc

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// envelope is a JSON-RPC 2.0 request object.
type envelope struct {
	JSONRPC string `json:"jsonrpc"`
	ID      uint64 `json:"id"`
	Method  string `json:"method"`
	Params  []any  `json:"params"`
}

// newEnvelope builds a request; params is always an array, never null.
func newEnvelope(id uint64, method string, params []any) envelope {
	if params == nil {
		params = []any{}
	}
	return envelope{JSONRPC: "2.0", ID: id, Method: method, Params: params}
}

// reply is a JSON-RPC 2.0 response object. Result stays raw until the
// caller's target is known; a missing result is empty, a null one "null".
type reply struct {
	transport.Raw
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *rpcError       `json:"error"`
}

// rpcError is a JSON-RPC error object. The code is kept raw so that a
// server sending it as a string still yields its text.
type rpcError struct {
	Code    json.RawMessage `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

// Failure reports a JSON-RPC error object; the core turns it into an *Error
// whose Code is the error number as text.
func (r *reply) Failure() (code, message string, failed bool) {
	if r.Error == nil {
		return "", "", false
	}
	code, _ = transport.StringOrNumber(r.Error.Code)
	message = r.Error.Message
	if message == "" {
		message = "JSON-RPC error without a message"
	}
	return code, message, true
}

// idText is an answer's id as text, whether the server echoed it as a number
// or a string; "" when it is null or missing.
func idText(raw json.RawMessage) string {
	s, err := transport.StringOrNumber(raw)
	if err != nil {
		return ""
	}
	return s
}

// batchReply is the answer to a batch: an array of responses, or a single
// error object when the server rejects the batch as a whole.
type batchReply struct {
	items  []reply
	whole  reply
	single bool
}

// UnmarshalJSON accepts an array of responses or one response object.
func (b *batchReply) UnmarshalJSON(data []byte) error {
	pass := func(err error, _ string) error { return err }
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		b.single = true
		return transport.DecodeJSON(t, &b.whole, pass)
	}
	return transport.DecodeJSON(data, &b.items, pass)
}

// Failure reports a batch rejected with one error object.
func (b *batchReply) Failure() (code, message string, failed bool) {
	if !b.single {
		return "", "", false
	}
	return b.whole.Failure()
}

// RPCErrorData returns the data member of the JSON-RPC error object behind
// err (revert reasons, provider details), also when a node sent it with a
// 4xx or 5xx status. It is nil when err carries no such object, the object
// has no data, or the answer was longer than the 8 KiB excerpt an *Error
// keeps of it.
func RPCErrorData(err error) json.RawMessage {
	var e *Error
	if !errors.As(err, &e) || len(e.Body) == 0 {
		return nil
	}
	var r reply
	if transport.DecodeJSON(e.Body, &r, func(err error, _ string) error { return err }) != nil || r.Error == nil || transport.IsNull(r.Error.Data) {
		return nil
	}
	return r.Error.Data
}
