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

// The transaction types a node reports in Type. A node may report others
// (an L2's own, a type added after this package): those decode like any
// other, with the fields they share typed and the rest in RawJSON.
const (
	LegacyTxType     = 0x00 // before EIP-2718
	AccessListTxType = 0x01 // EIP-2930
	DynamicFeeTxType = 0x02 // EIP-1559
	BlobTxType       = 0x03 // EIP-4844
	SetCodeTxType    = 0x04 // EIP-7702
	DepositTxType    = 0x7e // OP Stack (Optimism, Base): a deposit from L1
)

// Transaction is a transaction as the node reports it, of any type.
// BlockHash and BlockNumber are zero while it is pending; To is nil for a
// contract creation. A member the transaction's type does not have stays
// zero (nil for the lists and pointers); a field of a type this package
// does not know (an L2's own) is read with Decode.
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
	// AccessList is what an access-list, dynamic-fee, blob or set-code
	// transaction declared it would touch.
	AccessList []AccessTuple `json:"accessList"`
	// MaxFeePerBlobGas and BlobVersionedHashes are a blob transaction's.
	MaxFeePerBlobGas    BigQuantity `json:"maxFeePerBlobGas"`
	BlobVersionedHashes []Hash      `json:"blobVersionedHashes"`
	// AuthorizationList is a set-code transaction's delegations.
	AuthorizationList []Authorization `json:"authorizationList"`
	// SourceHash, Mint, IsSystemTx and DepositReceiptVersion are an OP
	// Stack deposit's: what on L1 it comes from, the wei it mints on L2
	// (nil when the node sends none), whether it is a pre-Regolith system
	// transaction, and the version of its receipt's format (nil before
	// Canyon).
	SourceHash            *Hash       `json:"sourceHash"`
	Mint                  BigQuantity `json:"mint"`
	IsSystemTx            bool        `json:"isSystemTx"`
	DepositReceiptVersion *Quantity   `json:"depositReceiptVersion"`
	// YParity is the signature's parity in the typed transactions; a
	// legacy one carries it in V.
	YParity Quantity    `json:"yParity"`
	V       BigQuantity `json:"v"`
	R       BigQuantity `json:"r"`
	S       BigQuantity `json:"s"`
}

// AccessTuple is an access list's entry: a contract and the storage slots
// of it a transaction declared (EIP-2930).
type AccessTuple struct {
	Address     Address `json:"address"`
	StorageKeys []Hash  `json:"storageKeys"`
}

// Authorization is one delegation of a set-code transaction (EIP-7702):
// the account that signed it points its code at Address. ChainID 0 means
// any chain.
type Authorization struct {
	ChainID BigQuantity `json:"chainId"`
	Address Address     `json:"address"`
	Nonce   Quantity    `json:"nonce"`
	YParity Quantity    `json:"yParity"`
	R       BigQuantity `json:"r"`
	S       BigQuantity `json:"s"`
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
	// BlobGasUsed and BlobGasPrice are a blob transaction's.
	BlobGasUsed  Quantity    `json:"blobGasUsed"`
	BlobGasPrice BigQuantity `json:"blobGasPrice"`
	// DepositNonce and DepositReceiptVersion are an OP Stack deposit's
	// (nil for any other transaction, and before the Regolith and Canyon
	// upgrades respectively). The L1 fee fields an OP Stack node adds to
	// the other receipts (l1Fee, l1GasUsed, l1GasPrice and their scalars)
	// change with its upgrades: read them with Decode.
	DepositNonce          *Quantity `json:"depositNonce"`
	DepositReceiptVersion *Quantity `json:"depositReceiptVersion"`
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
