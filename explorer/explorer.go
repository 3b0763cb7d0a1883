// Package explorer is a client for the public cryptocurrency explorer
// interface: recommended fee rates, the state of the mempool and the latest
// blocks. It is modelled on mempool.space's REST API.
//
// Base URL: the placeholder explorer_url, by default the service's own
// https://mempool.space/api; set another with conduit.WithBaseURL or
// CONDUIT_EXPLORER_URL. The fees and blocks paths carry their own /v1
// segment and the mempool path none, so the base URL holds no version; one
// pasted with a trailing /v1 ("https://…/api/v1") loses it rather than
// doubling it. No credentials; no published rate limit (conduit.WithRateLimit
// sets one).
//
//	c, err := explorer.New()
//	if err != nil {
//		return err
//	}
//	fees, err := c.RecommendedFees(ctx)
//	if err != nil {
//		return err
//	}
//	blocks, err := c.Blocks(ctx)
//	if err != nil {
//		return err
//	}
//	fmt.Println(fees.HalfHourFee, "sat/vB; tip", blocks[0].Height, blocks[0].Time())
//
// Typed: addresses (totals, history with the service's paging by last
// transaction and AllAddressTransactions, unconfirmed transactions,
// unspent outputs); transactions (one, status, raw hex, outspends, merkle
// proof, and BroadcastTransaction); blocks (latest, by hash, header,
// status, transactions by index with AllBlockTransactions, hash by
// height, the tip's height and hash); the mempool (summary, recent, txids,
// the blocks it would make); recommended fees, the difficulty epoch,
// prices now and then, hash rate and mining pools. Hashes, heights and
// hex come as text, not JSON, and are checked as such.
//
// A congested mempool holds hundreds of thousands of transactions, tens of
// megabytes of ids that MempoolTxids holds whole. EachMempoolTxid and
// EachBlock send the requests of MempoolTxids and Blocks and yield each
// element as its bytes arrive (a block's RawJSON its own bytes), so a loop
// needs the memory of one element. Across conduit, Each<Thing> names the
// iterator that reads one answer's listing element by element as it
// arrives, Thing being one element of the method it streams; All<Thing>
// walks a listing's pages.
//
// BroadcastTransaction is a write and is not retried once the request may
// have arrived: sending the same bytes again cannot pay twice (the network
// names a transaction by their hash), but the answer to a repeat is an
// error saying it is already known, which would hide that the first one
// went out. After an ambiguous failure, send it again or ask
// TransactionStatus.
//
// # Failures
//
// The service sends no error codes: its backend answers {"error": "…"} (or
// the same sentence as text), its edge a web server's HTML page. Requests
// ask for JSON, so backend failures come as the object.
//
//	service sends                                   conduit reports
//	429 HTML page from the edge                     ErrRateLimited, retried after Retry-After or
//	                                                  the backoff (repeated excess risks a ban)
//	503 "Service Unavailable" (fees while the       ErrAPI, Message "Service Unavailable", retried
//	  node's mempool is not in sync)
//	404 "Block not found", {"error": "…"}           ErrNotFound, Message the text
//	400 {"error": "…"}                              ErrAPI, Message the text
//	500 {"error": "Failed to get blocks"}           ErrAPI, Message the text, retried
//	400 "sendrawtransaction RPC error: …" (a        ErrAPI, Message the text, not retried
//	  broadcast refused, or already known)
//	200 text that is not a hash, height or hex      ErrMalformedResponse
//
// Not typed (Do reaches them): the service's other documented endpoints:
// address validation, script hash queries, a block's raw bytes and txids
// and the v1 block with statistics, block timestamps, the mining
// statistics beyond hash rate and pools (per-pool detail, rewards, fee
// rates and sizes by period), RBF replacements, accelerations, Lightning
// and Liquid. They serve dashboards more than programs, and each would
// add types the common reads above do not need.
package explorer

import (
	"context"
	"iter"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var service = transport.Register(&transport.Service{
	Name:   "explorer",
	Bases:  []transport.Base{{Name: "explorer_url", Option: "conduit.WithBaseURL", PathVersion: "v1", Default: "https://mempool.space/api"}},
	Errors: transport.Profile{Message: []string{"error"}},
})

var (
	feesOp    = transport.Declare[Fees](service, transport.Op{Name: "RecommendedFees", Method: "GET", Path: "/v1/fees/recommended"}, nil)
	mempoolOp = transport.Declare[Mempool](service, transport.Op{Name: "Mempool", Method: "GET", Path: "/mempool"}, nil)
	blocksOp  = transport.Declare[[]Block](service, transport.Op{Name: "Blocks", Method: "GET", Path: "/v1/blocks"}, nil)
	// Blocks' request, its answer read block by block.
	eachBlockOp = transport.DeclareList[Block](service, transport.Op{Name: "EachBlock", Method: "GET", Path: "/v1/blocks"}, "")
)

// Do calls any path of the service, for an endpoint this package does not
// type ("/v1/validate-address/<address>", "/v1/mining/blocks/rewards/1w"), with the same base URL,
// retries and errors as the typed methods; see conduit's documentation of
// Do.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// RecommendedFees returns the fee rates (sat/vB) the explorer recommends for
// confirmation within about one block, half an hour and an hour, plus the
// economy and minimum rates.
func (c *Client) RecommendedFees(ctx context.Context, opts ...Option) (*Fees, error) {
	return feesOp.Do(ctx, c.t, transport.Call{}, opts)
}

// Mempool returns the summary of the unconfirmed transactions the explorer's
// node holds, with the fee histogram.
func (c *Client) Mempool(ctx context.Context, opts ...Option) (*Mempool, error) {
	return mempoolOp.Do(ctx, c.t, transport.Call{}, opts)
}

// Blocks returns the latest blocks, newest first (the order the service
// sends, kept as is): Blocks(ctx)[0] is the chain tip.
func (c *Client) Blocks(ctx context.Context, opts ...Option) ([]Block, error) {
	b, err := blocksOp.Do(ctx, c.t, transport.Call{}, opts)
	if err != nil {
		return nil, err
	}
	return *b, nil
}

// EachBlock is Blocks read as the answer arrives: the same request, each
// block yielded as soon as its bytes are in, its RawJSON its own bytes. A
// failure, of the call or a body cut short, is the last pair; breaking out
// of the loop closes the answer.
func (c *Client) EachBlock(ctx context.Context, opts ...Option) iter.Seq2[Block, error] {
	return eachBlockOp.All(ctx, c.t, transport.Call{}, opts)
}
