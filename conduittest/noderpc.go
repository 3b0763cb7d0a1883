package conduittest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
)

func init() {
	rpc := answer{handle: answerJSONRPC}
	answers := map[string]answer{"Call": rpc, "BatchCall": rpc}
	for _, op := range rpcTyped {
		answers[op] = rpc
	}
	fakes["noderpc"] = &fake{
		creds:   map[string]string{"api_key": "ct-noderpc-api-key-7Kq2"},
		answers: answers,
		// The typed methods send one method each; anything else is Call.
		which: func(_ *http.Request, body []byte) string {
			var c rpcCall
			switch t := bytes.TrimSpace(body); {
			case len(t) > 0 && t[0] == '[':
				return "BatchCall"
			case json.Unmarshal(t, &c) != nil:
				return "Call"
			case c.Method == "eth_blockNumber" && string(bytes.TrimSpace(c.Params)) != "[]":
				return "Call"
			case rpcTyped[c.Method] != "":
				return rpcTyped[c.Method]
			}
			return "Call"
		},
	}
}

// rpcTyped names the typed method that sends each JSON-RPC method.
var rpcTyped = map[string]string{
	"eth_blockNumber": "BlockNumber", "eth_getBalance": "GetBalance", "eth_chainId": "ChainID",
	"eth_gasPrice": "GasPrice", "eth_maxPriorityFeePerGas": "MaxPriorityFeePerGas", "eth_feeHistory": "FeeHistory",
	"eth_getBlockByNumber": "BlockByNumber", "eth_getBlockByHash": "BlockByHash",
	"eth_getTransactionByHash": "TransactionByHash", "eth_getTransactionReceipt": "TransactionReceipt",
	"eth_getTransactionCount": "TransactionCount", "eth_getCode": "Code", "eth_getStorageAt": "StorageAt",
	"eth_call": "CallContract", "eth_estimateGas": "EstimateGas", "eth_getLogs": "Logs",
	"eth_sendRawTransaction":   "SendRawTransaction",
	"alchemy_getTokenBalances": "TokenBalances", "alchemy_getAssetTransfers": "AssetTransfers",
	"eth_getBlockReceipts": "BlockReceipts", "debug_traceTransaction": "TraceTransaction",
	"debug_traceBlockByNumber": "TraceBlockByNumber", "debug_traceBlockByHash": "TraceBlockByHash",
}

// rpcCall is the part of a JSON-RPC request the server reads.
type rpcCall struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

var rpcMethodName = regexp.MustCompile(`^[A-Za-z0-9_]+$`)

// answerJSONRPC answers each call from testdata/noderpc/<method>.json with
// the call's own id, and an unknown method from method_not_found.json. A
// batch is answered in reverse order, so a client that pairs answers with
// calls by position rather than by id fails.
func answerJSONRPC(w http.ResponseWriter, _ *http.Request, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	t := bytes.TrimSpace(body)
	if len(t) > 0 && t[0] == '[' {
		var calls []rpcCall
		if json.Unmarshal(t, &calls) != nil || len(calls) == 0 {
			w.Write(rpcFailure(nil, -32600, "invalid request: not a batch of calls"))
			return
		}
		out := make([]json.RawMessage, len(calls))
		for i, c := range calls {
			out[len(calls)-1-i] = rpcAnswer(c)
		}
		b, _ := json.Marshal(out)
		w.Write(b)
		return
	}
	var c rpcCall
	if json.Unmarshal(t, &c) != nil {
		w.Write(rpcFailure(nil, -32700, "parse error"))
		return
	}
	w.Write(rpcAnswer(c))
}

func rpcAnswer(c rpcCall) json.RawMessage {
	if c.JSONRPC != "2.0" || len(c.ID) == 0 || !bytes.HasPrefix(bytes.TrimSpace(c.Params), []byte("[")) {
		return rpcFailure(c.ID, -32600, "invalid request: want jsonrpc 2.0, an id and a params array")
	}
	name := "method_not_found.json"
	if rpcMethodName.MatchString(c.Method) {
		if _, err := Fixture("noderpc", c.Method+".json"); err == nil {
			name = c.Method + ".json"
		}
		if sel := callSelector(c); sel != "" {
			if _, err := Fixture("noderpc", c.Method+"_"+sel+".json"); err == nil {
				name = c.Method + "_" + sel + ".json"
			}
		}
	}
	b, err := Fixture("noderpc", name)
	var m map[string]json.RawMessage
	if err != nil || json.Unmarshal(b, &m) != nil {
		return rpcFailure(c.ID, -32603, "conduittest fixture "+name+" is unreadable")
	}
	m["id"] = c.ID
	out, _ := json.Marshal(m)
	return out
}

func rpcFailure(id json.RawMessage, code int, msg string) json.RawMessage {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	out, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	return out
}

// callSelector is the function selector an eth_call calls (the first four
// bytes of its data, in hex), so a call can be answered as that function
// answers: eth_call_70a08231.json for balanceOf. It is "" for any other
// method.
func callSelector(c rpcCall) string {
	var params []json.RawMessage
	var msg struct {
		Data  string `json:"data"`
		Input string `json:"input"`
	}
	if c.Method != "eth_call" || json.Unmarshal(c.Params, &params) != nil || len(params) == 0 || json.Unmarshal(params[0], &msg) != nil {
		return ""
	}
	data := msg.Data + msg.Input
	if len(data) < 10 || !rpcMethodName.MatchString(data[2:10]) {
		return ""
	}
	return strings.ToLower(data[2:10])
}
