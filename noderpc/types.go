package noderpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
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
	raw    `json:"-"`
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *RPCError       `json:"error"`
}

// RPCError is the error object of a JSON-RPC answer. A failed call's
// *Error carries it as Detail, so errors.As reaches it:
//
//	var rpcErr *noderpc.RPCError
//	if errors.As(err, &rpcErr) { fmt.Println(rpcErr.Code, string(rpcErr.Data)) }
type RPCError struct {
	// Code is the error number (-32602 invalid params, 3 execution
	// reverted, 429 rate limited, …), kept as the node sent it.
	Code json.Number `json:"code"`
	// Message is the node's text.
	Message string `json:"message"`
	// Data is the error's data member: a revert reason, provider details.
	Data json.RawMessage `json:"data,omitempty"`
}

// Error reads "JSON-RPC error <code>: <message>".
func (e *RPCError) Error() string { return "JSON-RPC error " + e.Code.String() + ": " + e.Message }

// UnmarshalJSON accepts the code as a number or, from lax nodes, a string.
func (e *RPCError) UnmarshalJSON(b []byte) error {
	var v struct {
		Code    conduit.Text    `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	}
	if err := conduit.Unmarshal(b, &v); err != nil {
		return err
	}
	e.Code, e.Message, e.Data = json.Number(v.Code), v.Message, v.Data
	if string(e.Data) == "null" {
		e.Data = nil
	}
	return nil
}

// problem reports a JSON-RPC error object.
func (r *reply) problem() *transport.Problem {
	if r.Error == nil {
		return nil
	}
	msg := r.Error.Message
	if msg == "" {
		msg = "JSON-RPC error without a message"
	}
	return &transport.Problem{Code: r.Error.Code.String(), Message: msg, Detail: r.Error}
}

// idText is an answer's id as text, whether the server echoed it as a number
// or a string; "" when it is null or missing.
func idText(raw json.RawMessage) string {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return ""
	}
	if uq, err := strconv.Unquote(s); err == nil {
		return uq
	}
	return s
}

// batchReply is the answer to a batch: an array of responses, or a single
// object when the server rejects the batch as a whole.
type batchReply struct {
	items  []reply
	whole  reply
	single bool
}

// UnmarshalJSON accepts an array of responses or one response object.
func (b *batchReply) UnmarshalJSON(data []byte) error {
	if wire.Kind(data) == '{' {
		b.single = true
		return conduit.Unmarshal(bytes.Clone(data), &b.whole)
	}
	return conduit.Unmarshal(bytes.Clone(data), &b.items)
}

// problem reports a batch rejected with one object.
func (b *batchReply) problem() *transport.Problem {
	if !b.single {
		return nil
	}
	if p := b.whole.problem(); p != nil {
		return p
	}
	return &transport.Problem{Kind: errMalformed, Message: "the batch was answered by a single response object"}
}

// RPCErrorData returns the data member of the JSON-RPC error object behind
// err (revert reasons, provider details), also when a node sent it with a
// 4xx or 5xx status; nil when there is none.
func RPCErrorData(err error) json.RawMessage {
	var e *RPCError
	if !errors.As(err, &e) {
		return nil
	}
	return e.Data
}
