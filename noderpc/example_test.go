package noderpc_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"math/big"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/noderpc"
)

func Example() {
	srv := conduittest.Start() // a local stand-in for the live node
	defer srv.Close()

	c, err := noderpc.New(srv.Options("noderpc")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	height, err := c.BlockNumber(ctx)
	if err != nil {
		log.Fatal(err)
	}
	wei, err := c.GetBalance(ctx, "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", noderpc.BlockTag("latest"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("block", height)
	fmt.Println("balance", wei, "wei")
	// Output:
	// block 20603950
	// balance 98765432100000000000000 wei
}

func ExampleClient_BatchCall() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := noderpc.New(srv.Options("noderpc")...)
	if err != nil {
		log.Fatal(err)
	}
	var chain, height noderpc.Quantity
	calls := []noderpc.BatchElem{
		{Method: "eth_chainId", Result: &chain},
		{Method: "eth_blockNumber", Result: &height},
		{Method: "eth_call", Params: []any{map[string]string{"to": "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", "data": "0x8da5cb5b"}, "latest"}},
	}
	if err := c.BatchCall(context.Background(), calls); err != nil {
		log.Fatal(err)
	}
	fmt.Println("chain", uint64(chain), "block", uint64(height))
	var e *noderpc.Error
	if errors.As(calls[2].Error, &e) {
		fmt.Println("eth_call failed:", e.Code, e.Message)
	}
	// Output:
	// chain 1 block 20603950
	// eth_call failed: 3 execution reverted: Ownable: caller is not the owner
}

// A block can be named by its hash, as EIP-1898 allows; with
// requireCanonical the node refuses a block that left the canonical chain.
func ExampleBlockHash() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := noderpc.New(srv.Options("noderpc")...)
	if err != nil {
		log.Fatal(err)
	}
	at := noderpc.BlockHash("0x9b83c12c69edb74f6c8dd5d052765c1adf940e320bd1291696e6fa07829eee71", true)
	wei, err := c.GetBalance(context.Background(), "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", at)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("balance", wei, "wei")
	sent := srv.Requests("noderpc", "GetBalance")
	fmt.Println(string(sent[len(sent)-1].Body))
	// Output:
	// balance 98765432100000000000000 wei
	// {"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":["0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",{"blockHash":"0x9b83c12c69edb74f6c8dd5d052765c1adf940e320bd1291696e6fa07829eee71","requireCanonical":true}]}
}

// Call reaches any JSON-RPC method the package does not type; the result
// decodes into whatever the caller passes.
func ExampleClient_Call() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := noderpc.New(srv.Options("noderpc")...)
	if err != nil {
		log.Fatal(err)
	}
	var chainID string
	if err := c.Call(context.Background(), "eth_chainId", []any{}, &chainID); err != nil {
		log.Fatal(err)
	}
	fmt.Println("chain", chainID)
	// Output:
	// chain 0x1
}

// Pricing a transaction: the chain to sign for, the suggested gas price
// and tip, and the recent fee history.
func Example_fees() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := noderpc.New(srv.Options("noderpc")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	chain, err := c.ChainID(ctx)
	if err != nil {
		log.Fatal(err)
	}
	price, err := c.GasPrice(ctx)
	if err != nil {
		log.Fatal(err)
	}
	tip, err := c.MaxPriorityFeePerGas(ctx)
	if err != nil {
		log.Fatal(err)
	}
	hist, err := c.FeeHistory(ctx, 4, noderpc.BlockTag("latest"), []float64{25, 75})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("chain", chain, "gas price", price, "wei; tip has", tip.BitLen(), "bits")
	fmt.Println("from block", hist.OldestBlock, "next base fee", hist.BaseFeePerGas[len(hist.BaseFeePerGas)-1], "wei, 75th percentile tip", hist.Reward[0][1])
	// Output:
	// chain 1 gas price 8049999872 wei; tip has 256 bits
	// from block 19968486 next base fee 23605541351 wei, 75th percentile tip 3710000000
}

// Reading blocks and transactions: a block by number or hash, a
// transaction and its receipt, with its logs.
func Example_blocks() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := noderpc.New(srv.Options("noderpc")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	latest, err := c.BlockByNumber(ctx, noderpc.BlockTag("latest"), false)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("latest", latest.Number, len(latest.Transactions.Hashes), "transactions")
	byHash, err := c.BlockByHash(ctx, noderpc.MustHash("0x7de9c923b2eab68a6a750fbe321638387911e9d02bda4671fa89e38999adbab1"), false)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("block", byHash.Number, "mined", byHash.Time().Format("2006-01-02 15:04"), "by", byHash.Miner)

	hash := noderpc.MustHash("0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b")
	tx, err := c.TransactionByHash(ctx, hash)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("tx nonce", tx.Nonce, "value", tx.Value, "wei to", tx.To, "input", string(tx.Input))
	rcpt, err := c.TransactionReceipt(ctx, hash)
	if err != nil {
		log.Fatal(err) // errors.Is(err, conduit.ErrNotFound) while it is pending
	}
	fmt.Println("receipt: ok", rcpt.Succeeded(), "gas", rcpt.GasUsed, "logs", len(rcpt.Logs), "first from", rcpt.Logs[0].Address)
	// Output:
	// latest 20603950 2 transactions
	// block 16592887 mined 2023-02-09 18:08 by 0x388C818CA8B9251b393131C08a736A67ccB19297
	// tx nonce 21 value 4290000000000000 wei to 0xF02c1c8e6114b1Dbe8937a39260b5b0a374432bB input hello!
	// receipt: ok true gas 106827 logs 2 first from 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48
}

// Reading an account and simulating calls: its nonce, code and storage,
// an ERC-20 balanceOf by eth_call, and a gas estimate.
func Example_accounts() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := noderpc.New(srv.Options("noderpc")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	holder := noderpc.MustAddress("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045")
	token := noderpc.MustAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")

	nonce, err := c.TransactionCount(ctx, holder, noderpc.BlockTag("pending"))
	if err != nil {
		log.Fatal(err)
	}
	code, err := c.Code(ctx, token, noderpc.Block{})
	if err != nil {
		log.Fatal(err)
	}
	slot0, err := c.StorageAt(ctx, token, noderpc.Hash{}, noderpc.Block{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("nonce", nonce, "code", len(code), "bytes, slot 0", slot0)

	selector := noderpc.Keccak256([]byte("balanceOf(address)"))
	data := append(noderpc.Data(selector[:4]), make([]byte, 12)...)
	data = append(data, holder[:]...)
	out, err := c.CallContract(ctx, noderpc.CallMsg{To: &token, Data: data}, noderpc.Block{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("balanceOf returned", len(out), "bytes")
	gas, err := c.EstimateGas(ctx, noderpc.CallMsg{From: &holder, To: &token, Value: big.NewInt(1)})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("a plain transfer needs", gas, "gas")
	// Output:
	// nonce 1 code 50 bytes, slot 0 0x00000000000000000000000000000000000000000000000000000000000004d2
	// balanceOf returned 32 bytes
	// a plain transfer needs 21000 gas
}

// eth_getLogs over a block range: the Transfer events of one token. The
// event's topic is the Keccak-256 of its signature.
func ExampleClient_Logs() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := noderpc.New(srv.Options("noderpc")...)
	if err != nil {
		log.Fatal(err)
	}
	approval := noderpc.Keccak256([]byte("Approval(address,address,uint256)"))
	logs, err := c.Logs(context.Background(), noderpc.FilterQuery{
		FromBlock: noderpc.BlockAt(73185000),
		ToBlock:   noderpc.BlockAt(73186000),
		Addresses: []noderpc.Address{noderpc.MustAddress("0x79c912fef520be002c2b6e57ec4324e260f38e50")},
		Topics:    [][]noderpc.Hash{{approval}}, // position 0: the event
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range logs {
		fmt.Println(l.BlockNumber, l.TransactionHash, "owner", l.Topics[1])
	}
	// Output:
	// 73185517 0xa850e378548efda5217e6853fd56cded533d1a61377838abc4ddcc2b13d0acde owner 0x000000000000000000000000b94cb72c9b6282b78107a7c8a5eb74de08177935
}

// Broadcasting a signed transaction: a retry resends the same bytes, so it
// cannot pay twice, and "already known" counts as sent.
func ExampleClient_SendRawTransaction() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := noderpc.New(srv.Options("noderpc")...)
	if err != nil {
		log.Fatal(err)
	}
	signed, _ := noderpc.ParseData("0x02f86c0180843b9aca00850ba43b740082520894d8da6bf26964af9d7eed9e03e53415d37aa9604580c0")
	hash, err := c.SendRawTransaction(context.Background(), signed)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("sent", hash)
	// Output:
	// sent 0xb1770efb14906e509893b6190359658208ae64d0c56e22f748a1b0869885559e
}

// The provider's token and transfer APIs: an owner's ERC-20 balances, and
// every transfer into an address, page after page.
func Example_alchemy() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := noderpc.New(srv.Options("noderpc")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	bal, err := c.TokenBalances(ctx, noderpc.MustAddress("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"), nil)
	if err != nil {
		log.Fatal(err)
	}
	first := bal.TokenBalances[0]
	fmt.Println(len(bal.TokenBalances), "tokens; first", first.ContractAddress, first.TokenBalance)

	page, err := c.AssetTransfers(ctx, noderpc.AssetTransfersParams{Category: []noderpc.TransferCategory{noderpc.External}, MaxCount: 5})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("first page:", len(page.Transfers), "transfers, more:", page.PageKey != "")
	to := noderpc.MustAddress("0x5c43B1eD97e52d009611D89b74fA829FE4ac56b1")
	n := 0
	for tr, err := range c.AllAssetTransfers(ctx, noderpc.AssetTransfersParams{Category: []noderpc.TransferCategory{noderpc.External}, ToAddress: &to}) {
		if err != nil {
			log.Fatal(err)
		}
		if n++; n <= 2 {
			fmt.Println(tr.BlockNum, tr.Value, tr.Asset, "from", tr.From)
		}
	}
	fmt.Println(n, "transfers in all")
	// Output:
	// 99 tokens; first 0x01E849040c418C3b7f130351a6e4630c08A7D98e 3848
	// first page: 10 transfers, more: false
	// 11594460 0.5 ETH from 0xEf4396d9FF8107086d215a1c9f8866C54795D7c7
	// 12148802 0.27 ETH from 0xEf4396d9FF8107086d215a1c9f8866C54795D7c7
	// 10 transfers in all
}

// The receipts of a whole block in one call, here an OP Stack (Base)
// block: its first transaction is a deposit from L1 (type 0x7e), whose
// receipt carries its deposit nonce; the L1 fee Base adds to the others
// is read with Decode.
func ExampleClient_BlockReceipts() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := noderpc.New(srv.Options("noderpc")...)
	if err != nil {
		log.Fatal(err)
	}
	receipts, err := c.BlockReceipts(context.Background(), noderpc.BlockAt(27506119))
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range receipts {
		if r.Type == noderpc.DepositTxType {
			fmt.Println("deposit from", r.From, "nonce", *r.DepositNonce, "receipt version", *r.DepositReceiptVersion)
			continue
		}
		var l1 struct {
			Fee noderpc.BigQuantity `json:"l1Fee"`
		}
		if err := r.Decode(&l1); err != nil {
			log.Fatal(err)
		}
		fmt.Println("type", r.Type, "gas", r.GasUsed, "L1 fee", l1.Fee, "wei,", len(r.Logs), "log")
	}
	// Output:
	// deposit from 0xDeaDDEaDDeAdDeAdDEAdDEaddeAddEAdDEAd0001 nonce 27506120 receipt version 1
	// type 2 gas 79148 L1 fee 11424351188 wei, 1 log
}

// Tracing a transaction with the call tracer: the call tree, what each
// frame emitted, and which frame reverted and why.
func ExampleClient_TraceTransaction() {
	srv := conduittest.Start()
	defer srv.Close()
	c, err := noderpc.New(srv.Options("noderpc")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	hash := noderpc.MustHash("0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b")
	top, err := c.TraceTransaction(ctx, hash, &noderpc.TraceParams{WithLog: true})
	if err != nil {
		log.Fatal(err) // a plan without debug_ methods answers an *Error
	}
	var walk func(f *noderpc.CallFrame, depth int)
	walk = func(f *noderpc.CallFrame, depth int) {
		fmt.Printf("%*s%s %s gas %d logs %d", 2*depth, "", f.Type, f.To, f.GasUsed, len(f.Logs))
		if f.Failed() {
			fmt.Printf(" failed: %s (%s)", f.Error, f.RevertReason)
		}
		fmt.Println()
		for i := range f.Calls {
			walk(&f.Calls[i], depth+1)
		}
	}
	walk(top, 0)
	traces, err := c.TraceBlockByNumber(ctx, noderpc.BlockAt(27506119), &noderpc.TraceParams{OnlyTopCall: true})
	if err != nil {
		log.Fatal(err)
	}
	byHash, err := c.TraceBlockByHash(ctx, noderpc.MustHash("0x5e8a7c1d3b9f0e2a4c6d8b1f3e5a7c9d0b2e4f6a8c1d3e5f7a9b0c2d4e6f8a1b"), nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("block:", len(traces), "transactions, first to", traces[0].Result.To, "; by hash", len(byHash))
	// Output:
	// CALL 0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD gas 238066 logs 1
	//   CALL 0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2 gas 23974 logs 1
	//   STATICCALL 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 gas 2500 logs 0
	//     DELEGATECALL 0x43506849D7C04F9138D1A2050bbF3A0c054402dd gas 701 logs 0
	//   CALL 0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640 gas 8010 logs 0 failed: execution reverted (SPL)
	// block: 2 transactions, first to 0x4200000000000000000000000000000000000015 ; by hash 2
}
