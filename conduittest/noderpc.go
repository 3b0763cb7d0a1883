package conduittest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
)

func init() {
	rpc := answer{handle: answerJSONRPC}
	fakes["noderpc"] = &fake{
		creds:   map[string]string{"api_key": "ct-noderpc-api-key-7Kq2"},
		answers: map[string]answer{"Call": rpc, "BatchCall": rpc, "BlockNumber": rpc, "GetBalance": rpc},
		// The typed methods send one method each; anything else is Call.
		which: func(_ *http.Request, body []byte) string {
			var c rpcCall
			switch t := bytes.TrimSpace(body); {
			case len(t) > 0 && t[0] == '[':
				return "BatchCall"
			case json.Unmarshal(t, &c) != nil:
				return "Call"
			case c.Method == "eth_blockNumber" && string(bytes.TrimSpace(c.Params)) == "[]":
				return "BlockNumber"
			case c.Method == "eth_getBalance":
				return "GetBalance"
			}
			return "Call"
		},
	}
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
