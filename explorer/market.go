package explorer

import (
	"context"
	"iter"
	"strconv"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	mempoolRecentOp = transport.Declare[[]RecentTx](service, transport.Op{Name: "MempoolRecent", Method: "GET", Path: "/mempool/recent"}, nil)
	mempoolTxidsOp  = transport.Declare[[]string](service, transport.Op{Name: "MempoolTxids", Method: "GET", Path: "/mempool/txids"}, nil)
	// MempoolTxids' request, its answer read id by id.
	eachMempoolTxidOp = transport.DeclareList[string](service, transport.Op{Name: "EachMempoolTxid", Method: "GET", Path: "/mempool/txids"}, "")
	mempoolBlocksOp   = transport.Declare[[]MempoolBlock](service, transport.Op{Name: "MempoolBlocks", Method: "GET", Path: "/v1/fees/mempool-blocks"}, nil)
	difficultyOp      = transport.Declare[DifficultyAdjustment](service, transport.Op{Name: "DifficultyAdjustment", Method: "GET", Path: "/v1/difficulty-adjustment"}, nil)
	pricesOp          = transport.Declare[Prices](service, transport.Op{Name: "Prices", Method: "GET", Path: "/v1/prices"}, nil)
	historicalOp      = transport.Declare[HistoricalPrice](service, transport.Op{Name: "HistoricalPrice", Method: "GET", Path: "/v1/historical-price"}, nil)
	hashrateOp        = transport.Declare[Hashrate](service, transport.Op{Name: "Hashrate", Method: "GET", Path: "/v1/mining/hashrate/{period}"}, nil)
	miningPoolsOp     = transport.Declare[MiningPools](service, transport.Op{Name: "MiningPools", Method: "GET", Path: "/v1/mining/pools/{period}"}, nil)
)

// MempoolRecent returns the last transactions to enter the mempool, newest
// first.
func (c *Client) MempoolRecent(ctx context.Context, opts ...Option) ([]RecentTx, error) {
	return list(ctx, c, mempoolRecentOp, transport.Call{}, opts)
}

// MempoolTxids returns the id of every transaction in the mempool: tens of
// thousands, in no order.
func (c *Client) MempoolTxids(ctx context.Context, opts ...Option) ([]string, error) {
	return list(ctx, c, mempoolTxidsOp, transport.Call{}, opts)
}

// EachMempoolTxid is MempoolTxids read as the answer arrives: the same
// request, each id yielded as soon as it is in, so a loop over a mempool of
// hundreds of thousands of transactions (megabytes of ids) needs the
// memory of one id and what the loop keeps. A failure, of the call or a
// body cut short, is the last pair; breaking out of the loop closes the
// answer.
func (c *Client) EachMempoolTxid(ctx context.Context, opts ...Option) iter.Seq2[string, error] {
	return eachMempoolTxidOp.All(ctx, c.t, transport.Call{}, opts)
}

// MempoolBlocks returns the blocks the mempool would fill next, the first
// being the next block: their fee ranges are what a fee must beat.
func (c *Client) MempoolBlocks(ctx context.Context, opts ...Option) ([]MempoolBlock, error) {
	return list(ctx, c, mempoolBlocksOp, transport.Call{}, opts)
}

// DifficultyAdjustment returns how far the current difficulty epoch has
// come and the change forecast for its end.
func (c *Client) DifficultyAdjustment(ctx context.Context, opts ...Option) (*DifficultyAdjustment, error) {
	return difficultyOp.Do(ctx, c.t, transport.Call{}, opts)
}

// Prices returns bitcoin's latest price in each currency the explorer
// follows.
func (c *Client) Prices(ctx context.Context, opts ...Option) (*Prices, error) {
	return pricesOp.Do(ctx, c.t, transport.Call{}, opts)
}

// HistoricalPriceParams are HistoricalPrice's optional inputs; with
// neither, the service sends its whole price history.
type HistoricalPriceParams struct {
	// Currency is one the explorer follows ("EUR"); empty means all.
	Currency string
	// At asks for the price nearest this time; zero means every time.
	At time.Time
}

// HistoricalPrice returns bitcoin's price at a time in the past, with the
// exchange rates from USD the explorer applied.
func (c *Client) HistoricalPrice(ctx context.Context, p *HistoricalPriceParams, opts ...Option) (*HistoricalPrice, error) {
	var q []string
	if p != nil && p.Currency != "" {
		if len(p.Currency) != 3 || !isUpper(p.Currency) {
			return nil, historicalOp.Invalid("currency", "%q is not a three-letter currency code such as \"EUR\"", p.Currency)
		}
		q = append(q, "currency", p.Currency)
	}
	if p != nil && !p.At.IsZero() {
		if p.At.Unix() < 1230768000 { // the genesis block's year
			return nil, historicalOp.Invalid("timestamp", "%s is before bitcoin", p.At)
		}
		q = append(q, "timestamp", strconv.FormatInt(p.At.Unix(), 10))
	}
	return historicalOp.Do(ctx, c.t, transport.Call{Query: q}, opts)
}

func isUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// Periods the mining statistics cover, as the service names them.
var (
	hashratePeriods = []string{"1m", "3m", "6m", "1y", "2y", "3y"}
	poolPeriods     = []string{"24h", "3d", "1w", "1m", "3m", "6m", "1y", "2y", "3y"}
)

// checkPeriod checks a mining statistics period against the service's words.
func checkPeriod(op *transport.Op, p string, allowed []string) error {
	for _, a := range allowed {
		if p == a {
			return nil
		}
	}
	return op.Invalid("period", "%q is not one of %v", p, allowed)
}

// Hashrate returns the network's hash rate and difficulty adjustments over
// period: "1m", "3m", "6m", "1y", "2y" or "3y".
func (c *Client) Hashrate(ctx context.Context, period string, opts ...Option) (*Hashrate, error) {
	if err := checkPeriod(hashrateOp.Op, period, hashratePeriods); err != nil {
		return nil, err
	}
	return hashrateOp.Do(ctx, c.t, transport.Call{Args: []string{period}}, opts)
}

// MiningPools ranks the mining pools by blocks found over period: "24h",
// "3d", "1w", "1m", "3m", "6m", "1y", "2y" or "3y".
func (c *Client) MiningPools(ctx context.Context, period string, opts ...Option) (*MiningPools, error) {
	if err := checkPeriod(miningPoolsOp.Op, period, poolPeriods); err != nil {
		return nil, err
	}
	return miningPoolsOp.Do(ctx, c.t, transport.Call{Args: []string{period}}, opts)
}
