package conduittest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/wstest"
)

// NodeSocket is a node's WebSocket endpoint (eth_subscribe, as Alchemy's
// wss://…/v2/{key}) with a scripted chain, for testing a program that
// follows noderpc subscriptions. Mine adds blocks and pushes their heads
// and logs; Reorg replaces the newest blocks and pushes the removed logs
// as removed: true; Drop ends every connection mid-stream, and blocks
// mined before the client is back reach it only through its gap filling
// (eth_getBlockByNumber, eth_getLogs), which the fake answers from the
// same chain. A test can so prove that its program misses nothing.
//
//	node := conduittest.StartNodeSocket()
//	defer node.Close()
//	c, _ := noderpc.New(node.Options()...)
//	ws, _ := c.Socket(ctx, nil)
type NodeSocket struct {
	srv *wstest.Server

	mu      sync.Mutex
	chain   []nodeBlock // chain[i] is block i
	fork    int         // makes the hashes of a reorganised chain new
	pending []nodeLog   // logs for the next block
	conns   map[*nodeConn]bool
	subs    int
	calls   map[string]int
}

type nodeBlock struct {
	number       uint64
	hash, parent string
	logs         []nodeLog
}

type nodeLog struct {
	Address string   `json:"address"`
	Topics  []string `json:"topics"`
	Data    string   `json:"data"`
	Block   string   `json:"blockNumber"`
	Hash    string   `json:"blockHash"`
	Tx      string   `json:"transactionHash"`
	TxIndex string   `json:"transactionIndex"`
	Index   string   `json:"logIndex"`
	Removed bool     `json:"removed"`
}

type nodeConn struct {
	peer *wstest.Peer
	wmu  sync.Mutex
	subs map[string]nodeSub // by id
}

type nodeSub struct {
	kind    string
	address []string
	topic0  []string
}

// StartNodeSocket starts the fake with a chain of one block (number 0).
// Close it when done.
func StartNodeSocket() *NodeSocket {
	n := &NodeSocket{srv: wstest.Start(), conns: map[*nodeConn]bool{}, calls: map[string]int{}}
	n.chain = []nodeBlock{n.block(0, strings.Repeat("0", 64))}
	n.srv.OnConnect(n.serve)
	return n
}

// Close ends every connection and stops the fake.
func (n *NodeSocket) Close() { n.srv.Close() }

// Options points a noderpc client at the fake, with the key it accepts.
func (n *NodeSocket) Options() []conduit.Option {
	svc := mustService("noderpc")
	cred := Credential("noderpc", "api_key")
	return []conduit.Option{svc.SetBase("rpc_url", n.srv.HTTPURL()), svc.Set("api_key", cred)}
}

// Calls counts the JSON-RPC methods the fake was sent, by name.
func (n *NodeSocket) Calls(method string) int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.calls[method]
}

// Subscribed reports how many eth_subscribe the fake answered, to wait
// for a client before pushing.
func (n *NodeSocket) Subscribed() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.subs
}

// Head is the number of the newest block.
func (n *NodeSocket) Head() uint64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	return uint64(len(n.chain) - 1)
}

func (n *NodeSocket) block(number uint64, parent string) nodeBlock {
	return nodeBlock{number: number, parent: "0x" + parent, hash: fmt.Sprintf("0x%056x%08x", number, n.fork)}
}

// Emit queues a log of contract address with topics (the first is the
// event's signature hash) for the next block mined.
func (n *NodeSocket) Emit(address string, topics ...string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.pending = append(n.pending, nodeLog{Address: strings.ToLower(address), Topics: topics, Data: "0x" + strings.Repeat("0", 63) + "1"})
}

// Mine adds count blocks, the first with the logs Emit queued, and pushes
// each head and log to the subscriptions of the connections open now.
func (n *NodeSocket) Mine(count int) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for range count {
		top := n.chain[len(n.chain)-1]
		b := n.block(top.number+1, top.hash[2:])
		for i, l := range n.pending {
			l.Block, l.Hash = hexNum(b.number), b.hash
			l.Tx = fmt.Sprintf("0x%056x%08x", b.number, i)
			l.TxIndex, l.Index = hexNum(uint64(i)), hexNum(uint64(i))
			b.logs = append(b.logs, l)
		}
		n.pending = nil
		n.chain = append(n.chain, b)
		n.announce(b, false)
	}
}

// Reorg replaces the newest depth blocks with as many new ones (new
// hashes, no logs) plus one more, pushing the removed logs with removed:
// true and then the new heads.
func (n *NodeSocket) Reorg(depth int) {
	n.mu.Lock()
	defer n.mu.Unlock()
	depth = min(depth, len(n.chain)-1)
	cut := len(n.chain) - depth
	for _, b := range n.chain[cut:] {
		for _, l := range b.logs {
			l.Removed = true
			n.push("logs", l, func(s nodeSub) bool { return s.matches(l) })
		}
	}
	n.chain = n.chain[:cut]
	n.fork++
	for range depth + 1 {
		top := n.chain[len(n.chain)-1]
		b := n.block(top.number+1, top.hash[2:])
		n.chain = append(n.chain, b)
		n.announce(b, false)
	}
}

// Drop ends every connection without a close frame, as a network failure
// does; the client reconnects.
func (n *NodeSocket) Drop() {
	n.mu.Lock()
	conns := n.conns
	n.conns = map[*nodeConn]bool{}
	n.mu.Unlock()
	for c := range conns {
		c.peer.Drop()
	}
}

// Connections is how many connections are open.
func (n *NodeSocket) Connections() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.conns)
}

// PushPending pushes a pending transaction: its hash to
// newPendingTransactions, and tx (a transaction object as
// eth_getTransactionByHash answers) to alchemy_pendingTransactions.
func (n *NodeSocket) PushPending(hash string, tx json.RawMessage) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.push("newPendingTransactions", hash, nil)
	n.push("alchemy_pendingTransactions", tx, nil)
}

// Push sends result to every subscription of kind ("newHeads",
// "alchemy_minedTransactions", …) as it is.
func (n *NodeSocket) Push(kind string, result json.RawMessage) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.push(kind, result, nil)
}

// announce pushes b's head and logs. Called under mu.
func (n *NodeSocket) announce(b nodeBlock, _ bool) {
	n.push("newHeads", b.head(), nil)
	for _, l := range b.logs {
		n.push("logs", l, func(s nodeSub) bool { return s.matches(l) })
	}
}

func (b nodeBlock) head() map[string]any {
	return map[string]any{"number": hexNum(b.number), "hash": b.hash, "parentHash": b.parent,
		"timestamp": hexNum(1700000000 + 12*b.number), "gasLimit": "0x1c9c380", "gasUsed": "0x0",
		"miner": "0x" + strings.Repeat("0", 40), "baseFeePerGas": "0x7", "extraData": "0x"}
}

func hexNum(v uint64) string { return "0x" + strconv.FormatUint(v, 16) }

func (s nodeSub) matches(l nodeLog) bool {
	if len(s.address) > 0 && !contains(s.address, l.Address) {
		return false
	}
	return len(s.topic0) == 0 || len(l.Topics) > 0 && contains(s.topic0, l.Topics[0])
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if strings.EqualFold(x, v) {
			return true
		}
	}
	return false
}

// push sends result to the subscriptions of kind that keep accepts (all
// when nil). Called under mu.
func (n *NodeSocket) push(kind string, result any, keep func(nodeSub) bool) {
	for c := range n.conns {
		for id, s := range c.subs {
			if s.kind == kind && (keep == nil || keep(s)) {
				c.send(map[string]any{"jsonrpc": "2.0", "method": "eth_subscription",
					"params": map[string]any{"subscription": id, "result": result}})
			}
		}
	}
}

func (c *nodeConn) send(v any) {
	b, _ := json.Marshal(v)
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.peer.Send(string(b))
}

// serve answers one connection's requests until it ends.
func (n *NodeSocket) serve(p *wstest.Peer) {
	cred := Credential("noderpc", "api_key")
	if p.Request.URL.Path != "/v2/"+cred {
		p.Close(1008, "unknown API key")
		return
	}
	c := &nodeConn{peer: p, subs: map[string]nodeSub{}}
	n.mu.Lock()
	n.conns[c] = true
	n.mu.Unlock()
	defer func() {
		n.mu.Lock()
		delete(n.conns, c)
		n.mu.Unlock()
	}()
	for {
		select {
		case msg, ok := <-p.Messages():
			if !ok {
				return
			}
			n.answer(c, msg)
		case <-p.Done():
			return
		}
	}
}

func (n *NodeSocket) answer(c *nodeConn, msg []byte) {
	var req rpcCall
	if json.Unmarshal(msg, &req) != nil {
		return
	}
	var params []json.RawMessage
	json.Unmarshal(req.Params, &params)
	n.mu.Lock()
	defer n.mu.Unlock()
	n.calls[req.Method]++
	reply := map[string]any{"jsonrpc": "2.0", "id": req.ID}
	switch req.Method {
	case "eth_subscribe":
		var s nodeSub
		if len(params) > 0 {
			json.Unmarshal(params[0], &s.kind)
		}
		if len(params) > 1 && s.kind == "logs" {
			var f struct {
				Address []string            `json:"address"`
				Topics  [][]json.RawMessage `json:"topics"`
			}
			json.Unmarshal(params[1], &f)
			s.address = f.Address
			if len(f.Topics) > 0 {
				for _, t := range f.Topics[0] {
					var v string
					json.Unmarshal(t, &v)
					s.topic0 = append(s.topic0, v)
				}
			}
		}
		n.subs++
		id := fmt.Sprintf("0x%032x", n.subs)
		c.subs[id] = s
		reply["result"] = id
	case "eth_unsubscribe":
		var id string
		if len(params) > 0 {
			json.Unmarshal(params[0], &id)
		}
		_, ok := c.subs[id]
		delete(c.subs, id)
		reply["result"] = ok
	case "eth_blockNumber":
		reply["result"] = hexNum(uint64(len(n.chain) - 1))
	case "eth_getBlockByNumber":
		var tag string
		if len(params) > 0 {
			json.Unmarshal(params[0], &tag)
		}
		num, err := strconv.ParseUint(strings.TrimPrefix(tag, "0x"), 16, 64)
		if err != nil || num >= uint64(len(n.chain)) {
			reply["result"] = nil
			break
		}
		h := n.chain[num].head()
		h["transactions"] = []string{}
		reply["result"] = h
	case "eth_getLogs":
		reply["result"] = n.logs(params)
	default:
		reply["error"] = map[string]any{"code": -32601, "message": "the method " + req.Method + " does not exist/is not available"}
	}
	c.send(reply)
}

// logs answers eth_getLogs over a range of the chain. Called under mu.
func (n *NodeSocket) logs(params []json.RawMessage) []nodeLog {
	var f struct {
		From    string              `json:"fromBlock"`
		To      string              `json:"toBlock"`
		Address []string            `json:"address"`
		Topics  [][]json.RawMessage `json:"topics"`
	}
	if len(params) > 0 {
		json.Unmarshal(params[0], &f)
	}
	s := nodeSub{address: f.Address}
	if len(f.Topics) > 0 {
		for _, t := range f.Topics[0] {
			var v string
			json.Unmarshal(t, &v)
			s.topic0 = append(s.topic0, v)
		}
	}
	from, _ := strconv.ParseUint(strings.TrimPrefix(f.From, "0x"), 16, 64)
	to, err := strconv.ParseUint(strings.TrimPrefix(f.To, "0x"), 16, 64)
	if err != nil {
		to = uint64(len(n.chain) - 1)
	}
	out := []nodeLog{}
	for i := from; i <= to && i < uint64(len(n.chain)); i++ {
		for _, l := range n.chain[i].logs {
			if s.matches(l) {
				out = append(out, l)
			}
		}
	}
	return out
}
