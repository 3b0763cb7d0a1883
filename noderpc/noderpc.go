// Package noderpc is a client for a blockchain node's JSON-RPC 2.0 interface
// over HTTP: the standard eth_ methods plus whatever provider-specific
// methods the node offers.
//
// Base URL: the placeholder rpc_url, set with conduit.WithBaseURL or
// CONDUIT_RPC_URL. Every call is a POST to {rpc_url}/v2/<API_KEY>: the API
// key is the last path segment. Set it with WithAPIKey or
// CONDUIT_NODERPC_API_KEY; it is never printed, not even inside a wrapped
// network error. No published rate limit.
//
//	c, err := noderpc.New(noderpc.WithAPIKey(key))
//	if err != nil {
//		return err
//	}
//	height, err := c.BlockNumber(ctx)
//	if err != nil {
//		return err
//	}
//	wei, err := c.GetBalance(ctx, "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "")
//	fmt.Println(height, wei)
//
// Each request carries an id that increases per call; BatchCall sends several
// calls in one request and matches the answers by id. A JSON-RPC error
// object is an *Error whose Code is the error number as text; RPCErrorData
// returns its data member. Read methods (see Call) are retried like GETs;
// any other method is treated as a write and is not retried once it may have
// reached the node.
package noderpc

import (
	"context"
	"math/big"
	"sync/atomic"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

var service = &transport.Service{
	Name:   "noderpc",
	Bases:  []string{"rpc_url"},
	Auth:   transport.Auth{Scheme: transport.PathKey, Values: []string{"api_key"}},
	Values: []transport.Value{{Name: "api_key", Option: "noderpc.WithAPIKey", Secret: true}},
}

// WithAPIKey sets the key that ends every request path, overriding
// CONDUIT_NODERPC_API_KEY.
func WithAPIKey(key string) Option { return transport.WithValue("api_key", key) }

// Client calls a node's JSON-RPC interface. It is safe for concurrent use;
// concurrent calls get distinct ids.
type Client struct {
	t   *transport.Client
	ids atomic.Uint64
}

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// Call invokes method with params and decodes its result into result, a
// non-nil pointer (or nil to discard it). A null result (no such block, a
// receipt still pending) sets a pointer, interface, slice or map target to
// nil; for any other target it is an error. A JSON-RPC error object is an
// *Error wrapping conduit.ErrAPI.
//
// These read methods are retried on connection errors and 5xx answers:
// eth_blockNumber, eth_getBalance, eth_call, eth_chainId,
// eth_getBlockByNumber, eth_getBlockByHash, eth_getBlockTransactionCountBy*,
// eth_getTransactionByHash, eth_getTransactionReceipt,
// eth_getTransactionCount, eth_getCode, eth_getStorageAt, eth_getProof,
// eth_getLogs, eth_estimateGas, eth_gasPrice, eth_maxPriorityFeePerGas,
// eth_feeHistory, eth_syncing, net_version and web3_clientVersion. Every
// other method (eth_sendRawTransaction, provider-specific ones) may change
// state, so it is retried only when it provably never reached the node.
func (c *Client) Call(ctx context.Context, method string, params []any, result any) error {
	const op = "Call"
	if field, msg := checkCall(method, result); field != "" {
		return c.t.InvalidParam(op, field, "%s", msg)
	}
	return c.call(ctx, op, method, params, result)
}

// BlockNumber returns the number of the latest block (eth_blockNumber).
func (c *Client) BlockNumber(ctx context.Context) (uint64, error) {
	var n Quantity
	if err := c.call(ctx, "BlockNumber", "eth_blockNumber", nil, &n); err != nil {
		return 0, err
	}
	return uint64(n), nil
}

// GetBalance returns the balance in wei of address (0x and 40 hex digits)
// at blockTag: latest (when empty), earliest, pending, safe, finalized or a
// block number as a hex quantity. The amount is exact at any size.
func (c *Client) GetBalance(ctx context.Context, address, blockTag string) (*big.Int, error) {
	const op = "GetBalance"
	if !isAddress(address) {
		return nil, c.t.InvalidParam(op, "address", "%.50q is not 0x followed by 40 hex digits", address)
	}
	if blockTag == "" {
		blockTag = "latest"
	}
	if !isBlockTag(blockTag) {
		return nil, c.t.InvalidParam(op, "block_tag", "%.50q is not latest, earliest, pending, safe, finalized or a 0x hex block number", blockTag)
	}
	var w BigQuantity
	if err := c.call(ctx, op, "eth_getBalance", []any{address, blockTag}, &w); err != nil {
		return nil, err
	}
	return w.Int, nil
}
