package explorer

// AddressInfo is what the explorer knows of an address: its confirmed and
// its unconfirmed activity. RawJSON returns it as sent.
type AddressInfo struct {
	raw          `json:"-"`
	Address      string       `json:"address"`
	ChainStats   AddressStats `json:"chain_stats"`
	MempoolStats AddressStats `json:"mempool_stats"`
}

// AddressStats counts an address's outputs: funded ones received, spent
// ones sent on. Sums are satoshis; the balance is FundedTXOSum minus
// SpentTXOSum.
type AddressStats struct {
	FundedTXOCount int64 `json:"funded_txo_count"`
	FundedTXOSum   int64 `json:"funded_txo_sum"`
	SpentTXOCount  int64 `json:"spent_txo_count"`
	SpentTXOSum    int64 `json:"spent_txo_sum"`
	TxCount        int64 `json:"tx_count"`
}

// Balance is the satoshis funded and not yet spent.
func (s AddressStats) Balance() int64 { return s.FundedTXOSum - s.SpentTXOSum }

// Transaction is one transaction. RawJSON returns it as sent.
type Transaction struct {
	raw      `json:"-"`
	TxID     string   `json:"txid"`
	Version  int64    `json:"version"`
	Locktime int64    `json:"locktime"`
	Vin      []TxIn   `json:"vin"`
	Vout     []TxOut  `json:"vout"`
	Size     int64    `json:"size"`
	Weight   int64    `json:"weight"`
	Fee      int64    `json:"fee"` // satoshis
	Status   TxStatus `json:"status"`
}

// TxIn is an input: the output it spends, and the proof that it may.
type TxIn struct {
	TxID string `json:"txid"` // of the transaction whose output is spent
	Vout int64  `json:"vout"`
	// Prevout is the output spent; nil for a coinbase input.
	Prevout      *TxOut   `json:"prevout"`
	ScriptSig    string   `json:"scriptsig"`
	ScriptSigASM string   `json:"scriptsig_asm"`
	Witness      []string `json:"witness"`
	IsCoinbase   bool     `json:"is_coinbase"`
	Sequence     int64    `json:"sequence"`
}

// TxOut is an output: an amount locked by a script.
type TxOut struct {
	ScriptPubKey     string `json:"scriptpubkey"`
	ScriptPubKeyASM  string `json:"scriptpubkey_asm"`
	ScriptPubKeyType string `json:"scriptpubkey_type"` // "v0_p2wpkh", "op_return", …
	// ScriptPubKeyAddress is empty for a script with no address.
	ScriptPubKeyAddress string `json:"scriptpubkey_address"`
	Value               int64  `json:"value"` // satoshis
}

// TxStatus says whether and where a transaction is confirmed. RawJSON
// returns it as sent.
type TxStatus struct {
	raw       `json:"-"`
	Confirmed bool `json:"confirmed"`
	// BlockHeight, BlockHash and BlockTime are zero while unconfirmed.
	BlockHeight int64  `json:"block_height"`
	BlockHash   string `json:"block_hash"`
	BlockTime   int64  `json:"block_time"` // Unix seconds
}

// UTXO is an unspent output of an address. RawJSON returns it as sent.
type UTXO struct {
	raw    `json:"-"`
	TxID   string   `json:"txid"`
	Vout   int64    `json:"vout"`
	Value  int64    `json:"value"` // satoshis
	Status TxStatus `json:"status"`
}

// Outspend says whether one output of a transaction is spent, and by what.
// RawJSON returns it as sent.
type Outspend struct {
	raw   `json:"-"`
	Spent bool `json:"spent"`
	// TxID, Vin and Status name the spending input; zero when unspent.
	TxID   string   `json:"txid"`
	Vin    int64    `json:"vin"`
	Status TxStatus `json:"status"`
}

// MerkleProof proves a transaction is in a block: the sibling hashes from
// the transaction up to the merkle root, and its position. RawJSON returns
// it as sent.
type MerkleProof struct {
	raw         `json:"-"`
	BlockHeight int64    `json:"block_height"`
	Merkle      []string `json:"merkle"`
	Pos         int64    `json:"pos"`
}

// BlockStatus says whether a block is on the best chain. RawJSON returns
// it as sent.
type BlockStatus struct {
	raw         `json:"-"`
	InBestChain bool  `json:"in_best_chain"`
	Height      int64 `json:"height"`
	// NextBest is the hash of the next block on the best chain; empty at
	// the tip or off it.
	NextBest string `json:"next_best"`
}
