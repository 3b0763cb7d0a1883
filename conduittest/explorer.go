package conduittest

func init() {
	text := func(name string) answer { return answer{fixture: name + ".txt"} }
	fakes["explorer"] = &fake{answers: map[string]answer{
		"AddressUTXOs":         {fixture: "address_utxos.json"},
		"TransactionHex":       text("transaction_hex"),
		"BlockHeader":          text("block_header"),
		"BlockHash":            text("block_hash"),
		"TipHeight":            text("tip_height"),
		"TipHash":              text("tip_hash"),
		"BroadcastTransaction": text("broadcast_transaction"),
	}}
}
