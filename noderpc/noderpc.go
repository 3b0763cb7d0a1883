// Package noderpc is a client for a blockchain node's JSON-RPC 2.0 interface
// over HTTP: the standard eth_ methods plus whatever provider-specific
// methods the node offers. It is modelled on Alchemy.
//
// The standard methods an application reads and sends with are typed:
// ChainID, GasPrice, MaxPriorityFeePerGas, FeeHistory, BlockNumber,
// BlockByNumber, BlockByHash, BlockReceipts (eth_getBlockReceipts),
// TransactionByHash, TransactionReceipt, GetBalance, TransactionCount,
// Code, StorageAt, CallContract (eth_call), EstimateGas, Logs (eth_getLogs)
// and SendRawTransaction; so are geth's call tracer (TraceTransaction,
// TraceBlockByNumber, TraceBlockByHash: debug_ methods, which a plan or
// node may not serve) and the provider's TokenBalances and
// AssetTransfers, which page by pageKey (AllTokenBalances,
// AllAssetTransfers).
//
// Transactions and receipts of every type decode: the Ethereum types
// (legacy, access list, EIP-1559, blob, EIP-7702 set code) with their
// fields typed, OP Stack deposits (type 0x7e, Optimism and Base) with
// theirs, and a type this package does not know (an L2's own) with the
// fields it shares with the others; what is not typed is read with
// Decode or RawJSON, never lost and never an error.
//
// Quantities are uint64 (Quantity) where they fit and *big.Int
// (BigQuantity) where they may not; Address, Hash and Data check their
// length and round-trip through their text. Call reaches any other method.
//
// Base URL: the placeholder rpc_url, by default Alchemy's
// https://{network}.g.alchemy.com, the network set with WithNetwork or
// CONDUIT_NODERPC_NETWORK (Ethereum mainnet, "eth-mainnet", when neither
// is). Set another base with conduit.WithBaseURL, CONDUIT_NODERPC_RPC_URL
// or CONDUIT_NODERPC_URL (CONDUIT_RPC_URL, the older name, still works);
// it then replaces the network's address. Every call is a POST to {rpc_url}/v2/<API_KEY>:
// the API key is the last path segment. Set it with WithAPIKey or
// CONDUIT_NODERPC_API_KEY; it is never printed, not even inside a wrapped
// network error. A base pasted with its /v2 is not doubled. No published
// rate limit.
//
//	c, err := noderpc.New(noderpc.WithAPIKey(key))
//	if err != nil {
//		return err
//	}
//	height, err := c.BlockNumber(ctx)
//	if err != nil {
//		return err
//	}
//	wei, err := c.GetBalance(ctx, "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", noderpc.Block{})
//	fmt.Println(height, wei)
//
// Each request carries an id that increases per call; BatchCall sends several
// calls in one request (MaxBatch at most, splitting a larger batch) and
// matches the answers by id. Read methods (see Call) are retried like GETs;
// any other method is treated as a write and is not retried once it may
// have reached the node, except SendRawTransaction, whose repeat is the
// same signed transaction and so cannot spend twice.
//
// # Failures
//
// A JSON-RPC error object is an *Error whose Code is the error number as
// text and whose Detail is the *RPCError, data member included; nodes send
// it with status 200 as often as with 4xx or 5xx, and both are read alike.
// The node sends no request id and no budget headers.
//
//	node sends                                  conduit reports
//	401 (key unknown), any body, text included  ErrUnauthorized; the text is Message
//	403 (allowlist, monthly capacity)           ErrUnauthorized; Message says which
//	429, or an error object with code 429 or    ErrRateLimited; a 429 status retried after
//	  -32005 (limit exceeded)                     Retry-After or the backoff
//	error code -32001 (resource not found)      ErrNotFound
//	error code -32603 (internal), 5xx           ErrAPI; reads retried after a 5xx status
//	error code 3 (execution reverted)           ErrAPI; the revert data in RPCError.Data
//	error code -32602, -32600, -32700, -32601   ErrAPI (the request or its method is wrong)
//	result null (no such block or receipt)      Call: not an error, the target is set to
//	                                              nil; the typed methods: ErrNotFound
//	"already known" to eth_sendRawTransaction   success: the transaction is in the pool
//
// An error object under status 200 is returned as it is, never retried.
// In a batch, each element's error object is that element's Error (a 429
// there is ErrRateLimited for that call alone); an answer whose ids do not
// pair one to one with the calls fails the calls left without a single
// answer (ErrMalformedResponse), never picking one.
//
// For an endpoint this package does not type, use Do: the key is appended
// as the last path segment, as for /v2; for a JSON-RPC method, Call. Subscriptions
// (eth_subscribe) go over a WebSocket: see Client.Socket. Not typed: the
// polling filters (eth_newFilter and kin need a session a stateless HTTP
// client does not keep; subscriptions replace them),
// eth_getProof, the uncle and by-index lookups, trace_ methods and the
// debug_ methods other than the call tracer's (the opcode logger, the
// prestate tracer, debug_traceCall), and the provider's NFT, token-metadata,
// simulation and account-abstraction APIs, each a product of its own.
package noderpc

import (
	"context"
	"math/big"
	"sync/atomic"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var service = transport.Register(&transport.Service{
	Name:  "noderpc",
	Bases: []transport.Base{{Name: "rpc_url", Option: "conduit.WithBaseURL", PathVersion: "v2", Default: "https://{network}.g.alchemy.com"}},
	Auth:  transport.Auth{Scheme: transport.PathKey, Values: []string{"api_key"}},
	Values: []transport.Value{
		{Name: "api_key", Option: "noderpc.WithAPIKey", Secret: true},
		{Name: "network", Option: "noderpc.WithNetwork", Default: "eth-mainnet"},
	},
	Errors: transport.Profile{
		Code:    []string{"error.code"},
		Message: []string{"error.message"},
		Codes: map[string]transport.Meaning{
			"429":    transport.RateLimited,
			"-32005": transport.RateLimited,
			"-32001": transport.NotFound,
			"-32603": transport.Transient,
		},
	},
})

// Every call is a POST to /v2; the operations differ in what they decode
// and in their names in errors.
var (
	callOp          = rpcOp("Call")
	blockOp         = rpcOp("BlockNumber")
	balanceOp       = rpcOp("GetBalance")
	chainIDOp       = rpcOp("ChainID")
	gasPriceOp      = rpcOp("GasPrice")
	priorityFeeOp   = rpcOp("MaxPriorityFeePerGas")
	feeHistoryOp    = rpcOp("FeeHistory")
	blockByNumberOp = rpcOp("BlockByNumber")
	blockByHashOp   = rpcOp("BlockByHash")
	txByHashOp      = rpcOp("TransactionByHash")
	receiptOp       = rpcOp("TransactionReceipt")
	txCountOp       = rpcOp("TransactionCount")
	codeOp          = rpcOp("Code")
	storageOp       = rpcOp("StorageAt")
	callContractOp  = rpcOp("CallContract")
	estimateGasOp   = rpcOp("EstimateGas")
	logsOp          = rpcOp("Logs")
	sendRawOp       = rpcOp("SendRawTransaction")
	tokenBalancesOp = rpcOp("TokenBalances")
	transfersOp     = rpcOp("AssetTransfers")
	blockReceiptsOp = rpcOp("BlockReceipts")
	traceTxOp       = rpcOp("TraceTransaction")

	traceBlockByNumberOp = rpcOp("TraceBlockByNumber")
	traceBlockByHashOp   = rpcOp("TraceBlockByHash")
	batchOp              = transport.Declare(service, transport.Op{Name: "BatchCall", Method: "POST", Path: "/v2", Fixed: envelopeMembers},
		func(b *batchReply) *transport.Problem { return b.problem() })
)

// envelopeMembers pair an answer with its call and make it a read or a
// write; WithBodyField may not replace them.
var envelopeMembers = []string{"jsonrpc", "id", "method", "params"}

func rpcOp(name string) *transport.Endpoint[reply] {
	return transport.Declare(service, transport.Op{Name: name, Method: "POST", Path: "/v2", Fixed: envelopeMembers},
		func(r *reply) *transport.Problem { return r.problem() })
}

// WithAPIKey sets the key that ends every request path, overriding
// CONDUIT_NODERPC_API_KEY.
func WithAPIKey(key string) Option { return service.Set("api_key", key) }

// Client calls a node's JSON-RPC interface. It is safe for concurrent use;
// concurrent calls get distinct ids.
type Client struct {
	t   *transport.Client
	ids atomic.Uint64
}

// WithNetwork picks the Alchemy network the default base URL names,
// https://<network>.g.alchemy.com ("base-mainnet", "polygon-amoy",
// "eth-sepolia"), overriding CONDUIT_NODERPC_NETWORK; the default is
// "eth-mainnet". A base URL set with conduit.WithBaseURL or
// CONDUIT_NODERPC_RPC_URL wins over it.
func WithNetwork(network string) Option { return service.Set("network", network) }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	t, err := transport.New(service, opts...)
	if err != nil {
		return nil, err
	}
	return &Client{t: t}, nil
}

// Do calls any path of the node's host, for an endpoint this package does
// not type, with the same base URL, key, limits, retries and errors as the
// typed methods; see conduit's documentation of Do. A non-GET is a write.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// Call invokes method with params and decodes its result into result, a
// non-nil pointer (or nil to discard it). A null result (no such block, a
// receipt still pending) sets a pointer, interface, slice or map target to
// nil; for any other target it is an error. A JSON-RPC error object is an
// *Error wrapping conduit.ErrAPI (or the sentinel its code means).
//
// These read methods are retried on connection errors and 5xx answers:
// eth_blockNumber, eth_getBalance, eth_call, eth_chainId,
// eth_getBlockByNumber, eth_getBlockByHash, eth_getBlockTransactionCountBy*,
// eth_getTransactionByHash, eth_getTransactionReceipt,
// eth_getTransactionCount, eth_getCode, eth_getStorageAt, eth_getProof,
// eth_getLogs, eth_estimateGas, eth_gasPrice, eth_maxPriorityFeePerGas,
// eth_feeHistory, eth_getBlockReceipts, eth_syncing, net_version,
// web3_clientVersion, debug_traceTransaction, debug_traceBlockByNumber,
// debug_traceBlockByHash, and the provider's alchemy_getTokenBalances and
// alchemy_getAssetTransfers. Every
// other method (eth_sendRawTransaction, provider-specific ones) may change
// state, so it is retried only when it provably never reached the node.
func (c *Client) Call(ctx context.Context, method string, params []any, result any, opts ...Option) error {
	if field, msg := checkCall(method, result); field != "" {
		return callOp.Invalid(field, "%s", msg)
	}
	return c.call(ctx, callOp, method, params, result, opts)
}

// BlockNumber returns the number of the latest block (eth_blockNumber).
func (c *Client) BlockNumber(ctx context.Context, opts ...Option) (uint64, error) {
	var n Quantity
	if err := c.call(ctx, blockOp, "eth_blockNumber", nil, &n, opts); err != nil {
		return 0, err
	}
	return uint64(n), nil
}

// GetBalance returns the balance in wei of address (0x and 40 hex digits)
// at block: a tag, a number or a hash (the zero Block is latest). The
// amount is exact at any size.
func (c *Client) GetBalance(ctx context.Context, address string, block Block, opts ...Option) (*big.Int, error) {
	if !isAddress(address) {
		return nil, balanceOp.Invalid("address", "%.50q is not 0x followed by 40 hex digits", address)
	}
	if field, msg := block.check(); field != "" {
		return nil, balanceOp.Invalid(field, "%s", msg)
	}
	var w BigQuantity
	if err := c.call(ctx, balanceOp, "eth_getBalance", []any{address, block}, &w, opts); err != nil {
		return nil, err
	}
	return w.Int, nil
}
