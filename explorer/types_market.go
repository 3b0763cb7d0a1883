package explorer

import (
	"fmt"

	"github.com/conduit-sdk/conduit"
)

// RecentTx is one of the transactions that last entered the mempool.
// RawJSON returns it as sent.
type RecentTx struct {
	raw   `json:"-"`
	TxID  string `json:"txid"`
	Fee   int64  `json:"fee"` // satoshis
	VSize int64  `json:"vsize"`
	Value int64  `json:"value"` // satoshis, the outputs' total
}

// MempoolBlock is one block the mempool would make next, in order: the
// first is what the next block would hold. RawJSON returns it as sent.
type MempoolBlock struct {
	raw        `json:"-"`
	BlockSize  int64     `json:"blockSize"`
	BlockVSize float64   `json:"blockVSize"`
	NTx        int64     `json:"nTx"`
	TotalFees  int64     `json:"totalFees"` // satoshis
	MedianFee  float64   `json:"medianFee"` // sat/vB
	FeeRange   []float64 `json:"feeRange"`  // sat/vB, lowest first
}

// DifficultyAdjustment is the progress of the current difficulty epoch
// and its forecast. RawJSON returns it as sent.
type DifficultyAdjustment struct {
	raw              `json:"-"`
	ProgressPercent  float64 `json:"progressPercent"`
	DifficultyChange float64 `json:"difficultyChange"` // percent, forecast
	// The times are as the service sends them: milliseconds in its
	// current answers, seconds in its documented example.
	EstimatedRetargetDate int64   `json:"estimatedRetargetDate"`
	RemainingBlocks       int64   `json:"remainingBlocks"`
	RemainingTime         int64   `json:"remainingTime"`
	PreviousRetarget      float64 `json:"previousRetarget"` // percent
	NextRetargetHeight    int64   `json:"nextRetargetHeight"`
	TimeAvg               int64   `json:"timeAvg"` // a block, on average
	AdjustedTimeAvg       int64   `json:"adjustedTimeAvg"`
	TimeOffset            int64   `json:"timeOffset"`
}

// Prices is the latest bitcoin price in the currencies the explorer
// follows, by code ("USD", "EUR", …). RawJSON returns it as sent.
type Prices struct {
	raw  `json:"-"`
	Time int64 `json:"time"` // Unix seconds
	// ByCurrency holds every member but time.
	ByCurrency map[string]conduit.Decimal `json:"-"`
}

// UnmarshalJSON reads time and every other member as a price.
func (p *Prices) UnmarshalJSON(b []byte) error {
	var m map[string]conduit.Decimal
	if err := conduit.Unmarshal(b, &m); err != nil {
		return err
	}
	if t, ok := m["time"]; ok {
		n, whole := t.Int64()
		if !whole {
			return errNotWhole("time", t)
		}
		p.Time = n
		delete(m, "time")
	}
	p.ByCurrency = m
	return nil
}

// HistoricalPrice is bitcoin's price at the times asked for, with the
// exchange rates from USD the explorer used. RawJSON returns it as sent.
type HistoricalPrice struct {
	raw    `json:"-"`
	Prices []Prices `json:"prices"`
	// ExchangeRates are keyed "USDEUR", "USDGBP", ….
	ExchangeRates map[string]conduit.Decimal `json:"exchangeRates"`
}

// Hashrate is the network's hash rate and difficulty over a period.
// RawJSON returns it as sent.
type Hashrate struct {
	raw               `json:"-"`
	Hashrates         []HashratePoint   `json:"hashrates"`
	Difficulty        []DifficultyPoint `json:"difficulty"`
	CurrentHashrate   float64           `json:"currentHashrate"` // hashes a second
	CurrentDifficulty float64           `json:"currentDifficulty"`
}

// HashratePoint is the average hash rate at a time.
type HashratePoint struct {
	Timestamp   int64   `json:"timestamp"` // Unix seconds
	AvgHashrate float64 `json:"avgHashrate"`
}

// DifficultyPoint is one difficulty adjustment.
type DifficultyPoint struct {
	Time       int64   `json:"time"` // Unix seconds
	Height     int64   `json:"height"`
	Difficulty float64 `json:"difficulty"`
	Adjustment float64 `json:"adjustment"` // the ratio to the previous
}

// MiningPools ranks the pools by blocks found over a period. RawJSON
// returns it as sent.
type MiningPools struct {
	raw                   `json:"-"`
	Pools                 []MiningPool `json:"pools"`
	BlockCount            int64        `json:"blockCount"`
	LastEstimatedHashrate float64      `json:"lastEstimatedHashrate"`
}

// MiningPool is one pool's share of a period's blocks.
type MiningPool struct {
	PoolID      int64  `json:"poolId"`
	Name        string `json:"name"`
	Link        string `json:"link"`
	Slug        string `json:"slug"`
	BlockCount  int64  `json:"blockCount"`
	Rank        int64  `json:"rank"`
	EmptyBlocks int64  `json:"emptyBlocks"`
}

// errNotWhole is the decoding error of a count or time sent with a
// fraction.
func errNotWhole(name string, d conduit.Decimal) error {
	return fmt.Errorf("explorer: %s %s is not a whole number", name, d)
}
