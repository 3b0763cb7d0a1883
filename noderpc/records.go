package noderpc

import (
	"bytes"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// BlockData is a block as eth_getBlockByNumber and eth_getBlockByHash
// answer: its header, and its transactions as hashes or in full, as the
// call asked.
type BlockData struct {
	raw              `json:"-"`
	Number           Quantity    `json:"number"`
	Hash             Hash        `json:"hash"`
	ParentHash       Hash        `json:"parentHash"`
	Timestamp        Quantity    `json:"timestamp"`
	Miner            Address     `json:"miner"`
	GasLimit         Quantity    `json:"gasLimit"`
	GasUsed          Quantity    `json:"gasUsed"`
	BaseFeePerGas    BigQuantity `json:"baseFeePerGas"`
	StateRoot        Hash        `json:"stateRoot"`
	TransactionsRoot Hash        `json:"transactionsRoot"`
	ReceiptsRoot     Hash        `json:"receiptsRoot"`
	Size             Quantity    `json:"size"`
	ExtraData        Data        `json:"extraData"`
	// Transactions holds Hashes for a header-only call and Full for a call
	// with full transactions.
	Transactions BlockTransactions `json:"transactions"`
}

// Time is the block's timestamp as a time.
func (b *BlockData) Time() time.Time { return time.Unix(int64(b.Timestamp), 0).UTC() }

// BlockTransactions is a block's transactions member, which holds hashes
// or transaction objects depending on the call.
type BlockTransactions struct {
	Hashes []Hash
	Full   []Transaction
}

// UnmarshalJSON reads an array of hashes or of transactions.
func (t *BlockTransactions) UnmarshalJSON(b []byte) error {
	*t = BlockTransactions{}
	if wire.Kind(b) == 'n' {
		return nil
	}
	b = bytes.Clone(b)
	var probe []wireValue
	if err := conduit.Unmarshal(b, &probe); err != nil {
		return err
	}
	if len(probe) > 0 && wire.Kind(probe[0]) == '{' {
		return conduit.Unmarshal(b, &t.Full)
	}
	return conduit.Unmarshal(b, &t.Hashes)
}

// wireValue keeps one array element undecoded, to look at its kind.
type wireValue []byte

// UnmarshalJSON keeps the element's bytes.
func (w *wireValue) UnmarshalJSON(b []byte) error { *w = bytes.Clone(b); return nil }

// Transaction is a transaction as the node reports it. BlockHash and
// BlockNumber are zero while it is pending; To is nil for a contract
// creation.
type Transaction struct {
	raw                  `json:"-"`
	Hash                 Hash        `json:"hash"`
	Type                 Quantity    `json:"type"`
	Nonce                Quantity    `json:"nonce"`
	BlockHash            Hash        `json:"blockHash"`
	BlockNumber          Quantity    `json:"blockNumber"`
	TransactionIndex     Quantity    `json:"transactionIndex"`
	From                 Address     `json:"from"`
	To                   *Address    `json:"to"`
	Value                BigQuantity `json:"value"`
	Gas                  Quantity    `json:"gas"`
	GasPrice             BigQuantity `json:"gasPrice"`
	MaxFeePerGas         BigQuantity `json:"maxFeePerGas"`
	MaxPriorityFeePerGas BigQuantity `json:"maxPriorityFeePerGas"`
	Input                Data        `json:"input"`
	ChainID              Quantity    `json:"chainId"`
	V                    BigQuantity `json:"v"`
	R                    BigQuantity `json:"r"`
	S                    BigQuantity `json:"s"`
}

// Receipt is what a mined transaction did: its status, the gas it used
// and the logs it emitted.
type Receipt struct {
	raw               `json:"-"`
	TransactionHash   Hash        `json:"transactionHash"`
	TransactionIndex  Quantity    `json:"transactionIndex"`
	BlockHash         Hash        `json:"blockHash"`
	BlockNumber       Quantity    `json:"blockNumber"`
	From              Address     `json:"from"`
	To                *Address    `json:"to"`
	ContractAddress   *Address    `json:"contractAddress"`
	CumulativeGasUsed Quantity    `json:"cumulativeGasUsed"`
	GasUsed           Quantity    `json:"gasUsed"`
	EffectiveGasPrice BigQuantity `json:"effectiveGasPrice"`
	// Status is 1 for success and 0 for a reverted transaction.
	Status    Quantity `json:"status"`
	Type      Quantity `json:"type"`
	Logs      []Log    `json:"logs"`
	LogsBloom Data     `json:"logsBloom"`
}

// Succeeded reports whether the transaction did not revert.
func (r *Receipt) Succeeded() bool { return r.Status == 1 }

// Log is an event a contract emitted. Removed is true when a chain
// reorganisation dropped the block it was in.
type Log struct {
	raw              `json:"-"`
	Address          Address  `json:"address"`
	Topics           []Hash   `json:"topics"`
	Data             Data     `json:"data"`
	BlockNumber      Quantity `json:"blockNumber"`
	BlockHash        Hash     `json:"blockHash"`
	TransactionHash  Hash     `json:"transactionHash"`
	TransactionIndex Quantity `json:"transactionIndex"`
	LogIndex         Quantity `json:"logIndex"`
	Removed          bool     `json:"removed"`
}

// FeeHistory is eth_feeHistory's answer: per block, oldest first, the
// base fee, how full it was and the priority fees paid at the asked
// percentiles. BaseFeePerGas has one more entry than the blocks: the next
// block's.
type FeeHistory struct {
	raw               `json:"-"`
	OldestBlock       Quantity        `json:"oldestBlock"`
	BaseFeePerGas     []BigQuantity   `json:"baseFeePerGas"`
	GasUsedRatio      []float64       `json:"gasUsedRatio"`
	Reward            [][]BigQuantity `json:"reward"`
	BaseFeePerBlobGas []BigQuantity   `json:"baseFeePerBlobGas"`
	BlobGasUsedRatio  []float64       `json:"blobGasUsedRatio"`
}
