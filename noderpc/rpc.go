package noderpc

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

var errMalformed = conduit.ErrMalformedResponse

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
	"alchemy_getTokenBalances": true, "alchemy_getAssetTransfers": true,
	"eth_getBlockReceipts": true, "debug_traceTransaction": true,
	"debug_traceBlockByNumber": true, "debug_traceBlockByHash": true,
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
	// (conduit.ErrAPI or the sentinel its code means), or no single answer
	// for its id — none, or two — or a result that does not decode
	// (conduit.ErrMalformedResponse). Nil when it succeeded.
	Error error
}

// MaxBatch is the most calls BatchCall puts in one request: the
// provider's documented limit for a batch over HTTP, beyond which it
// answers less reliably.
const MaxBatch = 1000

// BatchCall sends the calls as JSON-RPC batches, one request for every
// MaxBatch calls, one after the other, and matches each request's answers
// to its calls by id, in whatever order they come; the calls keep their
// order. Each element gets its own Error. The returned error is a
// request's failure as a whole (transport, HTTP status, a batch rejected
// with one error object): BatchCall then stops, and that error is also the
// Error of every call of the failed request and of those not sent, while
// the calls of requests answered before keep theirs. A request is retried
// only if every method in it is a read method (see Call).
func (c *Client) BatchCall(ctx context.Context, calls []BatchElem, opts ...Option) error {
	if len(calls) == 0 {
		return batchOp.Invalid("calls", "the batch is empty")
	}
	for i := range calls {
		if field, msg := checkCall(calls[i].Method, calls[i].Result); field != "" {
			return batchOp.Invalid(field, "calls[%d]: %s", i, msg)
		}
	}
	for start := 0; start < len(calls); start += MaxBatch {
		if err := c.batch(ctx, calls[start:min(start+MaxBatch, len(calls))], start, opts); err != nil {
			for i := start; i < len(calls); i++ {
				calls[i].Error = err
			}
			return err
		}
	}
	return nil
}

// batch sends calls, which start at index offset of the caller's batch,
// in one request and sets each element's result and Error.
func (c *Client) batch(ctx context.Context, calls []BatchElem, offset int, opts []Option) error {
	n := uint64(len(calls))
	first := c.ids.Add(n) - n + 1
	body := make([]envelope, len(calls))
	write := false
	for i, bc := range calls {
		body[i] = newEnvelope(first+uint64(i), bc.Method, bc.Params)
		write = write || !readMethods[bc.Method]
	}
	call := transport.Call{Body: body, Write: write}
	rs, err := batchOp.Do(ctx, c.t, call, opts)
	if err != nil {
		return err
	}
	byID := make(map[string][]*reply, len(rs.items))
	for i := range rs.items {
		k := idText(rs.items[i].ID)
		byID[k] = append(byID[k], &rs.items[i])
	}
	for i := range calls {
		id := first + uint64(i)
		switch answers := byID[strconv.FormatUint(id, 10)]; len(answers) {
		case 0:
			calls[i].Error = batchOp.Fail(c.t, call, transport.Problem{Kind: errMalformed,
				Message: fmt.Sprintf("no answer for calls[%d] (id %d)%s", offset+i, id, strangers(byID, first, n))})
		case 1:
			calls[i].Error = result(answers[0], calls[i].Result, func(p transport.Problem) error { return batchOp.Fail(c.t, call, p) })
		default:
			calls[i].Error = batchOp.Fail(c.t, call, transport.Problem{Kind: errMalformed,
				Message: fmt.Sprintf("%d answers for calls[%d] (id %d): the node's answer is ambiguous", len(answers), offset+i, id)})
		}
	}
	return nil
}

// strangers describes the answers of a batch whose ids match none of its
// calls (ids first to first+n-1), for the error of a call left without an
// answer: one of them may have been meant for it, but conduit cannot know
// which, so it picks none.
func strangers(byID map[string][]*reply, first, n uint64) string {
	var ids []string
	for k := range byID {
		if v, err := strconv.ParseUint(k, 10, 64); err != nil || v < first || v-first >= n {
			ids = append(ids, k)
		}
	}
	if len(ids) == 0 {
		return ""
	}
	slices.Sort(ids)
	more := ""
	if len(ids) > 3 {
		ids, more = ids[:3], fmt.Sprintf(" and %d more", len(ids)-3)
	}
	for i, k := range ids {
		ids[i] = "null"
		if k != "" {
			ids[i] = fmt.Sprintf("%.30q", k)
		}
	}
	return "; the answer also holds ids no call has: " + strings.Join(ids, ", ") + more
}

// call sends one request with the next id and decodes its result into out.
func (c *Client) call(ctx context.Context, op *transport.Endpoint[reply], method string, params []any, out any, opts []Option) error {
	id := c.ids.Add(1)
	call := transport.Call{Body: newEnvelope(id, method, params), Write: !readMethods[method]}
	return c.send(ctx, op, call, id, out, opts)
}

// send sends call, whose envelope has id, and decodes its result into out.
func (c *Client) send(ctx context.Context, op *transport.Endpoint[reply], call transport.Call, id uint64, out any, opts []Option) error {
	r, err := op.Do(ctx, c.t, call, opts)
	if err != nil {
		return err
	}
	fail := func(p transport.Problem) error { return op.Fail(c.t, call, p) }
	if got := idText(r.ID); got != strconv.FormatUint(id, 10) {
		return fail(transport.Problem{Kind: errMalformed, Message: fmt.Sprintf("the answer is for id %.30q, not %d", got, id), Body: r.RawJSON()})
	}
	return result(r, out, fail)
}

// result decodes one answer's result into out; fail builds the error of
// what is wrong with it.
func result(r *reply, out any, fail func(transport.Problem) error) error {
	if p := r.problem(); p != nil {
		p.Body = r.RawJSON()
		return fail(*p)
	}
	if len(r.Result) == 0 {
		return fail(transport.Problem{Kind: errMalformed, Message: "the answer has neither result nor error", Body: r.RawJSON()})
	}
	if out == nil {
		return nil
	}
	if string(r.Result) == "null" {
		switch v := reflect.ValueOf(out).Elem(); v.Kind() {
		case reflect.Pointer, reflect.Interface, reflect.Slice, reflect.Map:
			v.SetZero()
			return nil
		}
		return fail(transport.Problem{Kind: errMalformed, Message: fmt.Sprintf("the result is null, which cannot fill a %T", out), Body: r.RawJSON()})
	}
	if err := conduit.Unmarshal(r.Result, out); err != nil {
		return fail(transport.Problem{Kind: errMalformed, Message: "decoding the result: " + err.Error(), Body: r.Result})
	}
	return nil
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
