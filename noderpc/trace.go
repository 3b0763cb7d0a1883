package noderpc

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// TraceParams configures the call tracer of TraceTransaction and the block
// traces. The zero value traces every call frame, without logs, within
// the node's own time limit.
type TraceParams struct {
	// OnlyTopCall traces the transaction's own call and none of the calls
	// it made: cheaper, when only the outcome and revert reason matter.
	OnlyTopCall bool
	// WithLog records the logs each frame emitted in its Logs.
	WithLog bool
	// Timeout bounds the node's tracing (geth's default is 5s); 0 leaves
	// the node's default.
	Timeout time.Duration
}

// traceConfig is TraceParams as the node reads it: geth's TraceConfig
// naming the built-in call tracer.
type traceConfig struct {
	Tracer       string             `json:"tracer"`
	TracerConfig *callTracerOptions `json:"tracerConfig,omitempty"`
	Timeout      string             `json:"timeout,omitempty"`
}

type callTracerOptions struct {
	OnlyTopCall bool `json:"onlyTopCall,omitempty"`
	WithLog     bool `json:"withLog,omitempty"`
}

// config checks p for op and returns its wire form.
func (p *TraceParams) config(op *transport.Op) (traceConfig, error) {
	cfg := traceConfig{Tracer: "callTracer"}
	if p == nil {
		return cfg, nil
	}
	if p.Timeout < 0 {
		return cfg, op.Invalid("timeout", "%s is negative", p.Timeout)
	}
	if p.Timeout > 0 {
		cfg.Timeout = p.Timeout.String()
	}
	if p.OnlyTopCall || p.WithLog {
		cfg.TracerConfig = &callTracerOptions{OnlyTopCall: p.OnlyTopCall, WithLog: p.WithLog}
	}
	return cfg, nil
}

// CallFrame is one call of a traced transaction, as geth's call tracer
// reports it, with the calls it made in Calls, in order.
type CallFrame struct {
	raw `json:"-"`
	// Type is the opcode that made the call: CALL, STATICCALL,
	// DELEGATECALL, CALLCODE, CREATE, CREATE2 or SELFDESTRUCT.
	Type string  `json:"type"`
	From Address `json:"from"`
	// To is nil for a creation that failed before it had an address.
	To *Address `json:"to"`
	// Value is the wei sent along; nil where the call type sends none
	// (STATICCALL, DELEGATECALL).
	Value   BigQuantity `json:"value"`
	Gas     Quantity    `json:"gas"`
	GasUsed Quantity    `json:"gasUsed"`
	Input   Data        `json:"input"`
	// Output is the returned data, or a reverted frame's raw revert data.
	Output Data `json:"output"`
	// Error is why the frame failed ("execution reverted", "out of gas"),
	// "" when it did not; RevertReason is the Solidity reason string of a
	// revert, when the node could read one.
	Error        string      `json:"error"`
	RevertReason string      `json:"revertReason"`
	Calls        []CallFrame `json:"calls"`
	// Logs are the events the frame emitted, with TraceParams.WithLog.
	Logs []CallLog `json:"logs"`
}

// Failed reports whether the frame failed (reverted, ran out of gas, …).
// Its changes, and those of the frames it made, were undone.
func (f *CallFrame) Failed() bool { return f.Error != "" }

// CallLog is an event a call frame emitted. Position is the number of
// subcalls the frame had made before emitting it, which places the log
// among them.
type CallLog struct {
	Address  Address  `json:"address"`
	Topics   []Hash   `json:"topics"`
	Data     Data     `json:"data"`
	Position Quantity `json:"position"`
}

// TxTrace is one transaction of a traced block: its hash and call frame,
// or why the node could not trace it.
type TxTrace struct {
	raw    `json:"-"`
	TxHash Hash       `json:"txHash"`
	Result *CallFrame `json:"result"`
	// Error is the node's reason this transaction has no trace.
	Error string `json:"error"`
}

// TraceTransaction replays the mined transaction hash and returns its call
// tree, debug_traceTransaction with geth's call tracer. Tracing is a debug
// method: a node or plan without it answers an *Error (method not found
// or not allowed). A transaction the node does not know is ErrNotFound or
// the node's own error.
func (c *Client) TraceTransaction(ctx context.Context, hash Hash, p *TraceParams, opts ...Option) (*CallFrame, error) {
	cfg, err := p.config(traceTxOp.Op)
	if err != nil {
		return nil, err
	}
	f, err := find[CallFrame](ctx, c, traceTxOp, "debug_traceTransaction", []any{hash, cfg}, "no such transaction", opts)
	if err != nil {
		return nil, err
	}
	if f.Type == "" {
		return nil, c.notFrame(traceTxOp)
	}
	return f, nil
}

// TraceBlockByNumber replays every transaction of the block number names
// (a number or a tag) and returns their call trees in block order,
// debug_traceBlockByNumber with the call tracer.
func (c *Client) TraceBlockByNumber(ctx context.Context, number Block, p *TraceParams, opts ...Option) ([]TxTrace, error) {
	if err := number.checkNumberOrTag(traceBlockByNumberOp.Op, "block"); err != nil {
		return nil, err
	}
	return c.traceBlock(ctx, traceBlockByNumberOp, "debug_traceBlockByNumber", number, p, opts)
}

// TraceBlockByHash is TraceBlockByNumber for the block with hash,
// debug_traceBlockByHash.
func (c *Client) TraceBlockByHash(ctx context.Context, hash Hash, p *TraceParams, opts ...Option) ([]TxTrace, error) {
	return c.traceBlock(ctx, traceBlockByHashOp, "debug_traceBlockByHash", hash, p, opts)
}

func (c *Client) traceBlock(ctx context.Context, op *transport.Endpoint[reply], method string, block any, p *TraceParams, opts []Option) ([]TxTrace, error) {
	cfg, err := p.config(op.Op)
	if err != nil {
		return nil, err
	}
	ts, err := find[[]TxTrace](ctx, c, op, method, []any{block, cfg}, "no such block", opts)
	if err != nil {
		return nil, err
	}
	for _, t := range *ts {
		if t.Result != nil && t.Result.Type == "" {
			return nil, c.notFrame(op)
		}
	}
	return *ts, nil
}

// notFrame is the error of a trace that is not a call tracer's: a node
// that ignored the tracer asked for answers its default opcode log.
func (c *Client) notFrame(op *transport.Endpoint[reply]) error {
	return op.Fail(c.t, transport.Call{}, transport.Problem{Kind: conduit.ErrMalformedResponse,
		Message: "the trace is not a call frame (no type): the node did not run the call tracer"})
}
