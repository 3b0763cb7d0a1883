package explorer

import (
	"time"

	"github.com/conduit-sdk/conduit"
)

// Fees is the body of RecommendedFees, in sat/vB. RawJSON returns it as sent.
type Fees struct {
	raw         `json:"-"`
	FastestFee  float64 `json:"fastestFee"`
	HalfHourFee float64 `json:"halfHourFee"`
	HourFee     float64 `json:"hourFee"`
	EconomyFee  float64 `json:"economyFee"`
	MinimumFee  float64 `json:"minimumFee"`
}

// Mempool is the body of Mempool. RawJSON returns it as sent.
type Mempool struct {
	raw      `json:"-"`
	Count    int64 `json:"count"`
	VSize    int64 `json:"vsize"`
	TotalFee int64 `json:"total_fee"` // satoshis
	// FeeHistogram groups the waiting transactions by fee rate, as the
	// service sends it: [[rate, vsize], ...], highest rate first.
	FeeHistogram []FeeBucket `json:"fee_histogram"`
}

// Block is one block of Blocks. RawJSON returns it as sent.
type Block struct {
	raw               `json:"-"`
	ID                string  `json:"id"` // the block hash
	Height            int64   `json:"height"`
	Version           int64   `json:"version"`
	Timestamp         int64   `json:"timestamp"` // Unix seconds; see Time
	Bits              uint32  `json:"bits"`
	Nonce             uint32  `json:"nonce"`
	Difficulty        float64 `json:"difficulty"`
	MerkleRoot        string  `json:"merkle_root"`
	TxCount           int64   `json:"tx_count"`
	Size              int64   `json:"size"`
	Weight            int64   `json:"weight"`
	PreviousBlockHash string  `json:"previousblockhash"`
	MedianTime        int64   `json:"mediantime"` // Unix seconds
	// Stale is true for a block that lost a chain split.
	Stale  bool   `json:"stale"`
	Extras Extras `json:"extras"`
}

// Time is the block's timestamp in UTC.
func (b *Block) Time() time.Time { return time.Unix(b.Timestamp, 0).UTC() }

// Extras are the explorer's own statistics of a block. The fields the spec
// names are typed; the rest (pool, header, coinbase addresses, …) stay
// reachable through RawJSON and Decode. Amounts are satoshis, rates sat/vB.
// The spec gives no type for most of these statistics, so each reads a
// JSON number or a numeric string: the counts and amounts as conduit.Int
// (an integral float such as 2.5e3 too, a fraction never), the averages as
// conduit.Decimal.
type Extras struct {
	raw         `json:"-"`
	Reward      conduit.Int `json:"reward"` // subsidy plus fees
	CoinbaseRaw string      `json:"coinbaseRaw"`
	// Orphans is kept as sent: the spec says only that it is an array.
	Orphans         conduit.JSON    `json:"orphans,omitempty"`
	MedianFee       float64         `json:"medianFee"`
	FeeRange        []float64       `json:"feeRange"`
	TotalFees       conduit.Int     `json:"totalFees"`
	AvgFee          conduit.Int     `json:"avgFee"`
	AvgFeeRate      conduit.Decimal `json:"avgFeeRate"`
	UTXOSetChange   conduit.Int     `json:"utxoSetChange"`
	AvgTxSize       conduit.Decimal `json:"avgTxSize"`
	TotalInputs     conduit.Int     `json:"totalInputs"`
	TotalOutputs    conduit.Int     `json:"totalOutputs"`
	TotalOutputAmt  conduit.Int     `json:"totalOutputAmt"`
	SegwitTotalTxs  conduit.Int     `json:"segwitTotalTxs"`
	SegwitTotalSize conduit.Int     `json:"segwitTotalSize"`
}
