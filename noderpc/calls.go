package noderpc

import (
	"context"
	"errors"
	"math/big"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// CallMsg is a transaction that is simulated rather than sent: the
// argument of CallContract and EstimateGas. Nil and zero members are left
// out, for the node to fill.
type CallMsg struct {
	From *Address
	// To is the contract called; nil (EstimateGas only) deploys Data.
	To *Address
	// Gas caps the gas of the simulation; 0 leaves the node's cap.
	Gas uint64
	// GasPrice is for a legacy transaction; MaxFeePerGas and
	// MaxPriorityFeePerGas for an EIP-1559 one. Set one kind at most.
	GasPrice, MaxFeePerGas, MaxPriorityFeePerGas *big.Int
	// Value is the wei sent along.
	Value *big.Int
	// Data is the calldata: a function selector and its arguments.
	Data Data
}

// callArgs is a CallMsg as the node reads it.
type callArgs struct {
	From                 *Address     `json:"from,omitempty"`
	To                   *Address     `json:"to,omitempty"`
	Gas                  *Quantity    `json:"gas,omitempty"`
	GasPrice             *BigQuantity `json:"gasPrice,omitempty"`
	MaxFeePerGas         *BigQuantity `json:"maxFeePerGas,omitempty"`
	MaxPriorityFeePerGas *BigQuantity `json:"maxPriorityFeePerGas,omitempty"`
	Value                *BigQuantity `json:"value,omitempty"`
	Data                 Data         `json:"data,omitempty"`
}

// args checks msg for op and returns its wire form.
func (msg CallMsg) args(op *transport.Op) (callArgs, error) {
	if msg.GasPrice != nil && (msg.MaxFeePerGas != nil || msg.MaxPriorityFeePerGas != nil) {
		return callArgs{}, op.Invalid("gasPrice", "set either gasPrice or the EIP-1559 fees, not both")
	}
	a := callArgs{From: msg.From, To: msg.To, Data: msg.Data}
	if msg.Gas != 0 {
		g := Quantity(msg.Gas)
		a.Gas = &g
	}
	for _, f := range []struct {
		name string
		v    *big.Int
		dst  **BigQuantity
	}{{"gasPrice", msg.GasPrice, &a.GasPrice}, {"maxFeePerGas", msg.MaxFeePerGas, &a.MaxFeePerGas},
		{"maxPriorityFeePerGas", msg.MaxPriorityFeePerGas, &a.MaxPriorityFeePerGas}, {"value", msg.Value, &a.Value}} {
		if f.v == nil {
			continue
		}
		if f.v.Sign() < 0 || f.v.BitLen() > 256 {
			return callArgs{}, op.Invalid(f.name, "must be from 0 to 2^256-1")
		}
		*f.dst = &BigQuantity{f.v}
	}
	return a, nil
}

// CallContract runs msg against the state at block without sending a
// transaction and returns what the contract returned, eth_call. A revert
// is an *Error with code 3 whose RPCErrorData is the revert data.
func (c *Client) CallContract(ctx context.Context, msg CallMsg, block Block, opts ...Option) (Data, error) {
	if msg.To == nil {
		return nil, callContractOp.Invalid("to", "names no contract")
	}
	a, err := msg.args(callContractOp.Op)
	if err != nil {
		return nil, err
	}
	if err := block.checkOp(callContractOp.Op); err != nil {
		return nil, err
	}
	var out Data
	err = c.call(ctx, callContractOp, "eth_call", []any{a, block}, &out, opts)
	return out, err
}

// EstimateGas returns the gas msg would use if sent now, eth_estimateGas;
// a transaction that would revert is an *Error, as for CallContract.
func (c *Client) EstimateGas(ctx context.Context, msg CallMsg, opts ...Option) (uint64, error) {
	a, err := msg.args(estimateGasOp.Op)
	if err != nil {
		return 0, err
	}
	var gas Quantity
	err = c.call(ctx, estimateGasOp, "eth_estimateGas", []any{a}, &gas, opts)
	return uint64(gas), err
}

// SendRawTransaction broadcasts a signed transaction and returns its hash,
// eth_sendRawTransaction.
//
// It is retried like a read, on purpose: it resends the very same signed
// bytes, and a signed transaction carries its nonce, so a second copy is
// the same transaction, never a second payment; the network accepts at
// most one transaction per nonce. When the first attempt did reach the
// node, the repeat is answered "already known" (the transaction is in the
// pool): SendRawTransaction takes that as the success it is and returns
// the hash, the Keccak-256 of signed, which is how every transaction hash
// is made. Any other refusal ("nonce too low", "insufficient funds") is an
// *Error.
func (c *Client) SendRawTransaction(ctx context.Context, signed Data, opts ...Option) (Hash, error) {
	if len(signed) == 0 {
		return Hash{}, sendRawOp.Invalid("signed", "is empty")
	}
	id := c.ids.Add(1)
	call := transport.Call{Body: newEnvelope(id, "eth_sendRawTransaction", []any{signed}), Write: true, Idempotent: true}
	var hash Hash
	err := c.send(ctx, sendRawOp, call, id, &hash, opts)
	if err != nil && alreadyKnown(err) {
		return Keccak256(signed), nil
	}
	return hash, err
}

// alreadyKnown reports whether err is a node's "this transaction is
// already in my pool", as geth, Erigon, Nethermind and Besu word it.
func alreadyKnown(err error) bool {
	var e *RPCError
	if !errors.As(err, &e) {
		return false
	}
	m := strings.ToLower(e.Message)
	return strings.Contains(m, "already known") || strings.Contains(m, "alreadyknown") || strings.Contains(m, "known transaction")
}
