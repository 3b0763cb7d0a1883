package peers

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
)

// Ethereum subscriptions, end to end over loopback: a JSON-RPC WebSocket
// server that answers eth_subscribe (and eth_blockNumber, which conduit's
// Logs asks first) and then pushes eth_subscription notifications, each
// built from its index, and the contenders' subscriptions decoding them.
// The server stays at most ethWindow notifications ahead of the program,
// which hands credits back as it goes: both libraries buffer
// notifications for a slow consumer (conduit 1,024 per subscription, then
// fills from the node; go-ethereum 20,000, then ends the subscription),
// and neither policy is what is measured.

const (
	ethKey      = "benchkey"
	ethSubID    = "0x9ce59a13059e417087c02d3236a0b1cc"
	ethFirst    = 0x1400000 // the first head's number
	ethWindow   = 512
	ethCredit   = 128
	ethToken    = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"
	ethTransfer = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
)

// ethKinds are the two subscriptions benchmarked.
const (
	ethHeads = "newHeads"
	ethLogs  = "logs"
)

// appendHash writes a 32-byte hash, distinct for each kind and n.
func appendHash(b []byte, kind, n uint64) []byte {
	b = append(b, "\"0x"...)
	for j := range uint64(4) {
		v := (n+1)*0x9e3779b97f4a7c15 ^ (kind<<56 + j*0x1000193)
		b = appendHex16(b, v)
	}
	return append(b, '"')
}

func appendHex16(b []byte, v uint64) []byte {
	const digits = "0123456789abcdef"
	for i := 60; i >= 0; i -= 4 {
		b = append(b, digits[(v>>uint(i))&15])
	}
	return b
}

func appendQuantity(b []byte, v uint64) []byte {
	b = append(b, "\"0x"...)
	return append(strconv.AppendUint(b, v, 16), '"')
}

var ethBloom = `"0x` + strings.Repeat("00000000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000", 4) + `"`

// appendHeadNote writes the i-th newHeads notification (i from 0): block
// ethFirst+i, whose parent is the one before.
func appendHeadNote(b []byte, i uint64) []byte {
	n := ethFirst + i
	b = append(b, `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"`+ethSubID+`","result":{"parentHash":`...)
	b = appendHash(b, 1, n-1)
	b = append(b, `,"sha3Uncles":"0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347","miner":"0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5","stateRoot":`...)
	b = appendHash(b, 3, n)
	b = append(b, `,"transactionsRoot":`...)
	b = appendHash(b, 4, n)
	b = append(b, `,"receiptsRoot":`...)
	b = appendHash(b, 5, n)
	b = append(b, `,"logsBloom":`...)
	b = append(b, ethBloom...)
	b = append(b, `,"difficulty":"0x0","number":`...)
	b = appendQuantity(b, n)
	b = append(b, `,"gasLimit":"0x1c9c380","gasUsed":`...)
	b = appendQuantity(b, 0xe4e1c0+i%1000)
	b = append(b, `,"timestamp":`...)
	b = appendQuantity(b, 1764150000+12*i)
	b = append(b, `,"extraData":"0x6265617665726275696c642e6f7267","mixHash":`...)
	b = appendHash(b, 6, n)
	b = append(b, `,"nonce":"0x0000000000000000","baseFeePerGas":`...)
	b = appendQuantity(b, 1_000_000_000+i%977)
	b = append(b, `,"withdrawalsRoot":`...)
	b = appendHash(b, 7, n)
	b = append(b, `,"blobGasUsed":"0x20000","excessBlobGas":"0x0","parentBeaconBlockRoot":`...)
	b = appendHash(b, 8, n)
	b = append(b, `,"requestsHash":"0xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855","hash":`...)
	b = appendHash(b, 1, n)
	return append(b, "}}}"...)
}

// appendLogNote writes the i-th logs notification: an ERC-20 Transfer,
// four to a block.
func appendLogNote(b []byte, i uint64) []byte {
	n := ethFirst + i/4
	b = append(b, `{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"`+ethSubID+`","result":{"address":"`+ethToken+`","topics":["`+ethTransfer+`","0x00000000000000000000000028c6c06298d514db089934071355e5743bf21d60","0x000000000000000000000000`...)
	b = appendHex16(appendHex16(b, 0x1234567800000000+i), 0xabcdef0000000000^i)
	b = appendHex16(b, i*0x51)
	b = b[:len(b)-8] // 40 digits: an address
	b = append(b, `"],"data":"0x`...)
	b = appendHex16(appendHex16(appendHex16(appendHex16(b, 0), 0), 0), 1_000_000*(i+1))
	b = append(b, `","blockNumber":`...)
	b = appendQuantity(b, n)
	b = append(b, `,"transactionHash":`...)
	b = appendHash(b, 2, i)
	b = append(b, `,"transactionIndex":`...)
	b = appendQuantity(b, 10+i%4)
	b = append(b, `,"blockHash":`...)
	b = appendHash(b, 1, n)
	b = append(b, `,"logIndex":`...)
	b = appendQuantity(b, i%4)
	return append(b, `,"removed":false}}}`...)
}

// ethServer pushes one kind of notification to the connection that
// subscribed last.
type ethServer struct {
	*httptest.Server
	kind  string
	conns chan *ethConn
}

// ethConn is one subscribed connection.
type ethConn struct{ play chan ethPlay }

// ethPlay asks for n notifications, paced by the credits the consumer
// hands back.
type ethPlay struct {
	n       int
	credits chan int
}

func startEthServer(tb testing.TB, kind string) *ethServer {
	s := &ethServer{kind: kind, conns: make(chan *ethConn, 1)}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	tb.Cleanup(s.Close)
	return s
}

func (s *ethServer) wsURL() string {
	return "ws" + strings.TrimPrefix(s.URL, "http") + "/v2/" + ethKey
}

func (s *ethServer) serve(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return
	}
	defer c.CloseNow()
	ctx := r.Context()
	me := &ethConn{play: make(chan ethPlay)}
	done := make(chan struct{})
	go func() { // answers calls
		defer close(done)
		for {
			_, m, err := c.Read(ctx)
			if err != nil {
				return
			}
			var req struct {
				ID     json.RawMessage   `json:"id"`
				Method string            `json:"method"`
				Params []json.RawMessage `json:"params"`
			}
			if json.Unmarshal(m, &req) != nil {
				return
			}
			var result string
			switch req.Method {
			case "eth_subscribe":
				result = `"` + ethSubID + `"`
			case "eth_blockNumber":
				result = `"0x` + strconv.FormatUint(ethFirst-1, 16) + `"`
			case "eth_unsubscribe":
				result = "true"
			default:
				_ = c.Write(ctx, websocket.MessageText, fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"the method %s does not exist"}}`, req.ID, req.Method))
				continue
			}
			if c.Write(ctx, websocket.MessageText, fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,"result":%s}`, req.ID, result)) != nil {
				return
			}
			if req.Method == "eth_subscribe" {
				s.conns <- me
			}
		}
	}()
	var buf []byte
	i := uint64(0)
	for {
		select {
		case p := <-me.play:
			avail := ethWindow
			for range p.n {
				for avail == 0 {
					select {
					case k := <-p.credits:
						avail += k
					case <-done:
						return
					}
				}
				avail--
				if s.kind == ethHeads {
					buf = appendHeadNote(buf[:0], i)
				} else {
					buf = appendLogNote(buf[:0], i)
				}
				i++
				if c.Write(ctx, websocket.MessageText, buf) != nil {
					return
				}
			}
		case <-done:
			return
		}
	}
}

// ethDigest is what a contender decoded from a stream, the same whichever
// contender: sums of numbers and a fold of hashes' bytes.
type ethDigest struct {
	Notes      int
	Numbers    uint64 // heads: number; logs: block number
	GasOrIndex uint64 // heads: gas used; logs: log index
	BaseFee    uint64 // heads only
	Fold       uint64 // heads: parent hashes; logs: the third topic and the address
	DataBytes  int    // logs only
}

func fold(b []byte) uint64 { return binary.BigEndian.Uint64(b[len(b)-8:]) }

// ethConsumer is what a contender hands each decoded notification to.
type ethConsumer struct {
	head func(number, gasUsed, baseFee uint64, parent []byte)
	log  func(block, index uint64, address, topic2, data []byte)
}

// ethContender subscribes to kind at the server and hands each decoded
// notification to got, from the goroutine that takes it from the
// subscription. stop ends the subscription and the connection.
type ethContender struct {
	name string
	open func(s *ethServer, got ethConsumer) (stop func(), err error)
}

var ethContenders = []ethContender{
	{"conduit", conduitSubscription},
	{"ethclient", ethclientSubscription},
}

// ethclientSubscription is go-ethereum's ethclient over rpc.DialWebsocket:
// SubscribeNewHead or SubscribeFilterLogs into a channel.
func ethclientSubscription(s *ethServer, got ethConsumer) (func(), error) {
	ctx := context.Background()
	rc, err := rpc.DialWebsocket(ctx, s.wsURL(), "")
	if err != nil {
		return nil, err
	}
	ec := ethclient.NewClient(rc)
	quit, done := make(chan struct{}), make(chan struct{})
	var sub ethereum.Subscription
	if got.head != nil {
		ch := make(chan *types.Header, ethCredit)
		if sub, err = ec.SubscribeNewHead(ctx, ch); err != nil {
			rc.Close()
			return nil, err
		}
		go func() {
			defer close(done)
			for {
				select {
				case h := <-ch:
					got.head(h.Number.Uint64(), h.GasUsed, h.BaseFee.Uint64(), h.ParentHash[:])
				case <-sub.Err():
					return
				case <-quit:
					return
				}
			}
		}()
	} else {
		q := ethereum.FilterQuery{Addresses: []common.Address{common.HexToAddress(ethToken)}, Topics: [][]common.Hash{{common.HexToHash(ethTransfer)}}}
		ch := make(chan types.Log, ethCredit)
		if sub, err = ec.SubscribeFilterLogs(ctx, q, ch); err != nil {
			rc.Close()
			return nil, err
		}
		go func() {
			defer close(done)
			for {
				select {
				case l := <-ch:
					got.log(l.BlockNumber, uint64(l.Index), l.Address[:], l.Topics[2][:], l.Data)
				case <-sub.Err():
					return
				case <-quit:
					return
				}
			}
		}()
	}
	return func() {
		sub.Unsubscribe()
		close(quit)
		<-done
		rc.Close()
	}, nil
}

// ethRun is one subscription of a contender being replayed to.
type ethRun struct {
	stop    func()
	conn    *ethConn
	credits chan int
	last    chan ethDigest
}

func openSubscription(tb testing.TB, c ethContender, s *ethServer, n *int) *ethRun {
	r := &ethRun{credits: make(chan int, 1<<16), last: make(chan ethDigest, 1)}
	var d ethDigest
	note := func() {
		d.Notes++
		if d.Notes%ethCredit == 0 {
			r.credits <- ethCredit
		}
		if d.Notes == *n {
			r.last <- d
			d = ethDigest{}
		}
	}
	got := ethConsumer{}
	if s.kind == ethHeads {
		got.head = func(number, gasUsed, baseFee uint64, parent []byte) {
			d.Numbers += number
			d.GasOrIndex += gasUsed
			d.BaseFee += baseFee
			d.Fold ^= fold(parent)
			note()
		}
	} else {
		got.log = func(block, index uint64, address, topic2, data []byte) {
			d.Numbers += block
			d.GasOrIndex += index
			d.Fold ^= fold(topic2) ^ fold(address)
			d.DataBytes += len(data)
			note()
		}
	}
	stop, err := c.open(s, got)
	if err != nil {
		tb.Fatalf("%s: %v", c.name, err)
	}
	r.stop = stop
	select {
	case r.conn = <-s.conns:
	case <-time.After(10 * time.Second):
		stop()
		tb.Fatalf("%s: never subscribed", c.name)
	}
	return r
}

// replay has the server push n notifications and returns the digest of
// them once the contender has handed all n over.
func (r *ethRun) replay(tb testing.TB, n int) ethDigest {
	select {
	case r.conn.play <- ethPlay{n: n, credits: r.credits}:
	case <-time.After(10 * time.Second):
		tb.Fatal("the server's connection is gone")
	}
	select {
	case d := <-r.last:
		return d
	case <-time.After(60 * time.Second):
		tb.Fatal("the contender stopped handing notifications over")
	}
	return ethDigest{}
}

// timeSubscription pushes b.N notifications to one subscription and
// reports notifications per second, the CPU time and allocations per
// notification (the whole process's, the in-process server's included).
func timeSubscription(b *testing.B, c ethContender, s *ethServer) {
	n := b.N
	r := openSubscription(b, c, s, &n)
	defer r.stop()
	b.ReportAllocs()
	b.ResetTimer()
	start, cpu := mallocs(), cpuNow()
	r.replay(b, n)
	b.StopTimer()
	b.ReportMetric(float64(mallocs()-start)/float64(n), "allocs/note")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/note")
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "notes/s")
	b.ReportMetric(float64(cpuNow()-cpu)/float64(n), "cpu-ns/note")
}

// BenchmarkSubscriptionNewHeads decodes newHeads notifications (a full
// post-Prague header, 1.8 kB) through each subscription over loopback.
func BenchmarkSubscriptionNewHeads(b *testing.B) {
	s := startEthServer(b, ethHeads)
	for _, c := range ethContenders {
		b.Run(c.name, func(b *testing.B) { timeSubscription(b, c, s) })
	}
}

// BenchmarkSubscriptionLogs decodes logs notifications (ERC-20 Transfers,
// 0.7 kB) through each subscription over loopback.
func BenchmarkSubscriptionLogs(b *testing.B) {
	s := startEthServer(b, ethLogs)
	for _, c := range ethContenders {
		b.Run(c.name, func(b *testing.B) { timeSubscription(b, c, s) })
	}
}
