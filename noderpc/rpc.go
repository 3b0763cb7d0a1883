package noderpc

import (
	"context"
	"fmt"
	"reflect"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// readMethods are the methods that only read chain state, so a retry after
// an uncertain failure cannot do anything twice.
var readMethods = map[string]bool{
	"eth_blockNumber": true, "eth_getBalance": true, "eth_call": true, "eth_chainId": true,
	"eth_getBlockByNumber": true, "eth_getBlockByHash": true,
	"eth_getBlockTransactionCountByNumber": true, "eth_getBlockTransactionCountByHash": true,
	"eth_getTransactionByHash": true, "eth_getTransactionReceipt": true, "eth_getTransactionCount": true,
	"eth_getCode": true, "eth_getStorageAt": true, "eth_getProof": true, "eth_getLogs": true,
	"eth_estimateGas": true, "eth_gasPrice": true, "eth_maxPriorityFeePerGas": true, "eth_feeHistory": true,
	"eth_syncing": true, "net_version": true, "web3_clientVersion": true,
}

// BatchElem is one call of a BatchCall. Method, Params and Result are the
// inputs, as for Call; BatchCall sets Error.
type BatchElem struct {
	Method string
	Params []any
	// Result is a non-nil pointer the call's result is decoded into, or nil
	// to discard it.
	Result any
	// Error is this call's own failure, an *Error: its JSON-RPC error object
	// (conduit.ErrAPI), or no answer for its id or a result that does not
	// decode (conduit.ErrMalformedResponse). Nil when it succeeded.
	Error error
}

// BatchCall sends every call in one request, a JSON array, and matches the
// answers to the calls by id, in whatever order they come. Each element
// gets its own Error; the returned error is for the request as a whole
// (transport, HTTP status, a batch rejected with one error object), in which
// case no element is touched. The batch is retried only if every method in
// it is a read method (see Call).
func (c *Client) BatchCall(ctx context.Context, calls []BatchElem) error {
	const op = "BatchCall"
	if len(calls) == 0 {
		return c.t.InvalidParam(op, "calls", "the batch is empty")
	}
	for i := range calls {
		if field, msg := checkCall(calls[i].Method, calls[i].Result); field != "" {
			return c.t.InvalidParam(op, field, "calls[%d]: %s", i, msg)
		}
	}
	n := uint64(len(calls))
	first := c.ids.Add(n) - n + 1
	body := make([]envelope, len(calls))
	write := false
	for i, bc := range calls {
		body[i] = newEnvelope(first+uint64(i), bc.Method, bc.Params)
		write = write || !readMethods[bc.Method]
	}
	req := &transport.Request{Op: op, Method: "POST", Path: "/v2", Body: body, Write: write}
	var rs batchReply
	if err := c.t.Do(ctx, req, &rs); err != nil {
		return err
	}
	if rs.single {
		return c.t.Finish(req, &Error{Message: "the batch was answered by a single response object", Body: rs.whole.RawJSON(), Err: transport.ErrMalformedResponse})
	}
	byID := make(map[string]*reply, len(rs.items))
	for i := range rs.items {
		if k := idText(rs.items[i].ID); k != "" && byID[k] == nil {
			byID[k] = &rs.items[i]
		}
	}
	for i := range calls {
		id := first + uint64(i)
		r := byID[strconv.FormatUint(id, 10)]
		if r == nil {
			calls[i].Error = c.t.Finish(req, &Error{Message: fmt.Sprintf("no answer for calls[%d] (id %d)", i, id), Err: transport.ErrMalformedResponse})
			continue
		}
		calls[i].Error = c.result(req, r, calls[i].Result)
	}
	return nil
}

// call sends one request with the next id and decodes its result into out.
func (c *Client) call(ctx context.Context, op, method string, params []any, out any) error {
	id := c.ids.Add(1)
	req := &transport.Request{Op: op, Method: "POST", Path: "/v2", Body: newEnvelope(id, method, params), Write: !readMethods[method]}
	var r reply
	if err := c.t.Do(ctx, req, &r); err != nil {
		return err
	}
	if got := idText(r.ID); got != strconv.FormatUint(id, 10) {
		return c.t.Finish(req, &Error{Message: fmt.Sprintf("the answer is for id %.30q, not %d", got, id), Body: r.RawJSON(), Err: transport.ErrMalformedResponse})
	}
	return c.result(req, &r, out)
}

// result turns one answer into nil or this call's *Error, decoding its
// result into out.
func (c *Client) result(req *transport.Request, r *reply, out any) error {
	if code, msg, failed := r.Failure(); failed {
		// Do only hands back 2xx answers, and JSON-RPC servers send 200.
		return c.t.Finish(req, &Error{StatusCode: 200, Code: code, Message: msg, Body: r.RawJSON(), Err: transport.ErrAPI})
	}
	if len(r.Result) == 0 {
		return c.t.Finish(req, &Error{Message: "the answer has neither result nor error", Body: r.RawJSON(), Err: transport.ErrMalformedResponse})
	}
	if out == nil {
		return nil
	}
	if transport.IsNull(r.Result) {
		switch v := reflect.ValueOf(out).Elem(); v.Kind() {
		case reflect.Pointer, reflect.Interface, reflect.Slice, reflect.Map:
			v.SetZero()
			return nil
		}
	}
	return c.t.DecodeInner(req, r.Result, out)
}

// checkCall validates a call's inputs, returning the offending field and
// what is wrong with it.
func checkCall(method string, result any) (field, msg string) {
	if method == "" {
		return "method", "is empty"
	}
	if result != nil {
		if v := reflect.ValueOf(result); v.Kind() != reflect.Pointer || v.IsNil() {
			return "result", fmt.Sprintf("want a non-nil pointer to decode into, got %T", result)
		}
	}
	return "", ""
}
