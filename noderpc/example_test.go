package noderpc_test

import (
	"context"
	"errors"
	"fmt"
	"log"

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
