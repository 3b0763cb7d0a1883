package conduittest

func init() {
	text := func(name string) answer { return answer{fixture: name + ".txt"} }
	fakes["explorer"] = &fake{answers: map[string]answer{
		"AddressUTXOs": {fixture: "address_utxos.json"},
		// The iterators send the request of the list they stream, and are
		// recorded under it; these answer them if they are ever told apart.
		"EachBlock":            {fixture: "blocks.json"},
		"EachMempoolTxid":      {fixture: "mempool_txids.json"},
		"TransactionHex":       text("transaction_hex"),
		"BlockHeader":          text("block_header"),
		"BlockHash":            text("block_hash"),
		"TipHeight":            text("tip_height"),
		"TipHash":              text("tip_hash"),
		"BroadcastTransaction": text("broadcast_transaction"),
	}}
}
