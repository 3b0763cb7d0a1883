package noderpc

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"strconv"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Head is a block header as newHeads announces it.
type Head struct {
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
	ExtraData        Data        `json:"extraData"`
	// Reorg is true when ParentHash is not the Hash of the head delivered
	// before it: the chain reorganised, and this head replaces those
	// delivered from Number on.
	Reorg bool `json:"-"`
	// Filled is true for a head conduit fetched (eth_getBlockByNumber)
	// to fill a gap, rather than one the node announced.
	Filled bool `json:"-"`
}

// recent remembers the last n keys seen, to drop duplicates in bounded
// memory.
type recent[K comparable] struct {
	set  map[K]bool
	ring []K
	at   int
}

func newRecent[K comparable](n int) *recent[K] {
	return &recent[K]{set: make(map[K]bool, n), ring: make([]K, 0, n)}
}

// add reports whether k is new, and remembers it.
func (r *recent[K]) add(k K) bool {
	if r.set[k] {
		return false
	}
	if len(r.ring) < cap(r.ring) {
		r.ring = append(r.ring, k)
	} else {
		delete(r.set, r.ring[r.at])
		r.ring[r.at] = k
		r.at = (r.at + 1) % len(r.ring)
	}
	r.set[k] = true
	return true
}

// NewHeads subscribes to newHeads: each new block's header, in the order
// of the chain, with nothing missed.
//
//   - A head already delivered (same hash) is skipped: duplicates, and
//     heads that arrive after conduit filled them, come once.
//   - A head whose number is more than one past the last delivered means
//     heads were missed (a reconnect, a consumer that fell behind, a node
//     that skipped): conduit first fetches the missing numbers with
//     eth_getBlockByNumber (Filled set), then delivers the head. A gap over
//     SocketOptions.MaxGap blocks ends the iterator with ErrGap instead.
//   - A head whose ParentHash is not the last delivered head's Hash has
//     Reorg set: the chain reorganised (a head at or below the last number
//     that was not seen before is such a head).
//
// The iterator ends when ctx ends (yielding nothing more), when the
// loop stops, or with an error when the Socket ends; either way it sends
// eth_unsubscribe.
func (s *Socket) NewHeads(ctx context.Context) iter.Seq2[*Head, error] {
	return func(yield func(*Head, error) bool) {
		sb := open(ctx, s, []any{"newHeads"}, yield)
		if sb == nil {
			return
		}
		defer s.unsubscribe(sb)
		var last *Head
		seen := newRecent[Hash](256)
		deliver := func(h *Head) bool {
			if !seen.add(h.Hash) {
				return true
			}
			h.Reorg = last != nil && h.ParentHash != last.Hash
			last = h
			return yield(h, nil)
		}
		for {
			r, _, ok := next(ctx, sb, yield)
			if !ok {
				return
			}
			if r == nil {
				continue // missed: the next head shows how many
			}
			h := new(Head)
			if err := conduit.Unmarshal(r, h); err != nil {
				yield(nil, s.fail(fmt.Errorf("%w: a newHeads notification does not decode: %v", conduit.ErrMalformedResponse, err)))
				return
			}
			if !seen.set[h.Hash] && last != nil && h.Number > last.Number+1 {
				from, to := uint64(last.Number)+1, uint64(h.Number)-1
				if to-from+1 > s.o.MaxGap {
					yield(nil, s.gap("newHeads", from, to))
					return
				}
				for n := from; n <= to; n++ {
					b, err := s.blockHead(ctx, n)
					if err != nil {
						if ctx.Err() == nil {
							yield(nil, err)
						}
						return
					}
					if !deliver(b) {
						return
					}
				}
			}
			if !deliver(h) {
				return
			}
		}
	}
}

// gap is the error of a gap too large to fill.
func (s *Socket) gap(what string, from, to uint64) error {
	return s.fail(fmt.Errorf("%w: %s missed blocks %d to %d, over SocketOptions.MaxGap (%d)", ErrGap, what, from, to, s.o.MaxGap))
}

// blockHead fetches block n's header to fill a gap.
func (s *Socket) blockHead(ctx context.Context, n uint64) (*Head, error) {
	var h *Head
	if err := s.Call(ctx, "eth_getBlockByNumber", []any{"0x" + strconv.FormatUint(n, 16), false}, &h); err != nil {
		return nil, err
	}
	if h == nil {
		return nil, s.fail(fmt.Errorf("%w: block %d, announced by a later head, is unknown to the node", conduit.ErrNotFound, n))
	}
	h.Filled = true
	return h, nil
}

// logKey names one log delivery.
type logKey struct {
	block   Hash
	index   Quantity
	removed bool
}

// Logs subscribes to the logs q selects (its Addresses and Topics; a
// subscription has no block range, so FromBlock, ToBlock and BlockHash
// must be unset), with nothing missed:
//
//   - Removed is true for a log a reorganisation dropped: the node sends
//     it again with removed: true, and it is passed on as such.
//   - After a reconnect, or when the consumer fell behind the buffer, the
//     logs of the blocks since the last one delivered (or since the
//     subscription began) up to the node's latest are fetched with
//     eth_getLogs over that range, before the notifications that follow;
//     a range over SocketOptions.MaxGap blocks ends the iterator with
//     ErrGap. A removal the node sent while the connection was down is
//     not replayed by eth_getLogs, which answers the chain as it is.
//   - A log already delivered (same block hash, log index and removed)
//     is skipped, among the last 4096; logs otherwise come in the order
//     the node sends them.
//
// It ends as NewHeads does.
func (s *Socket) Logs(ctx context.Context, q FilterQuery) iter.Seq2[*Log, error] {
	return func(yield func(*Log, error) bool) {
		if len(q.Topics) > 4 {
			yield(nil, subOp("Logs").Invalid("topics", "has %d positions; events have at most 4", len(q.Topics)))
			return
		}
		if q.BlockHash != nil || q.FromBlock != (Block{}) || q.ToBlock != (Block{}) {
			yield(nil, subOp("Logs").Invalid("fromBlock", "a logs subscription follows new blocks: leave fromBlock, toBlock and blockHash unset"))
			return
		}
		a := filterArgs{Address: q.Addresses}
		for _, t := range q.Topics {
			a.Topics = append(a.Topics, topicsFilter(t))
		}
		var base Quantity
		if err := s.Call(ctx, "eth_blockNumber", nil, &base); err != nil {
			if ctx.Err() == nil {
				yield(nil, err)
			}
			return
		}
		sb := open(ctx, s, []any{"logs", a}, yield)
		if sb == nil {
			return
		}
		defer s.unsubscribe(sb)
		seen := newRecent[logKey](4096)
		deliver := func(l *Log) bool {
			if !seen.add(logKey{l.BlockHash, l.LogIndex, l.Removed}) {
				return true
			}
			if !l.Removed {
				base = max(base, l.BlockNumber)
			}
			return yield(l, nil)
		}
		for {
			r, _, ok := next(ctx, sb, yield)
			if !ok {
				return
			}
			if r == nil {
				logs, err := s.fillLogs(ctx, a, &base)
				if err != nil {
					if ctx.Err() == nil {
						yield(nil, err)
					}
					return
				}
				for i := range logs {
					if !deliver(&logs[i]) {
						return
					}
				}
				continue
			}
			l := new(Log)
			if err := conduit.Unmarshal(r, l); err != nil {
				yield(nil, s.fail(fmt.Errorf("%w: a logs notification does not decode: %v", conduit.ErrMalformedResponse, err)))
				return
			}
			if !deliver(l) {
				return
			}
		}
	}
}

// fillLogs fetches the logs of a from block *base to the latest, and
// moves *base there.
func (s *Socket) fillLogs(ctx context.Context, a filterArgs, base *Quantity) ([]Log, error) {
	var latest Quantity
	if err := s.Call(ctx, "eth_blockNumber", nil, &latest); err != nil {
		return nil, err
	}
	if latest < *base {
		return nil, nil
	}
	if uint64(latest-*base)+1 > s.o.MaxGap {
		return nil, s.gap("logs", uint64(*base), uint64(latest))
	}
	from, to := BlockTag("0x"+strconv.FormatUint(uint64(*base), 16)), BlockTag("0x"+strconv.FormatUint(uint64(latest), 16))
	a.FromBlock, a.ToBlock = &from, &to
	var logs []Log
	if err := s.Call(ctx, "eth_getLogs", []any{a}, &logs); err != nil {
		return nil, err
	}
	*base = latest
	return logs, nil
}

// PendingTransactionHashes subscribes to newPendingTransactions: the hash
// of each transaction the node's mempool takes in. What arrives while the
// connection is down, or beyond a full buffer, cannot be replayed: the
// iterator then yields an error matching ErrGap, once for each gap, and
// goes on if the loop does. It ends as NewHeads does.
func (s *Socket) PendingTransactionHashes(ctx context.Context) iter.Seq2[Hash, error] {
	return each(ctx, s, "newPendingTransactions", []any{"newPendingTransactions"}, func(r json.RawMessage) (Hash, error) {
		var h Hash
		err := conduit.Unmarshal(r, &h)
		return h, err
	})
}

// PendingTransactions subscribes to newPendingTransactions with full
// transaction objects (params [newPendingTransactions, true]), where the
// node supports it (geth does; Alchemy offers AlchemyPendingTransactions
// instead). Gaps are reported as for PendingTransactionHashes.
func (s *Socket) PendingTransactions(ctx context.Context) iter.Seq2[*Transaction, error] {
	return each(ctx, s, "newPendingTransactions", []any{"newPendingTransactions", true}, decodeTx)
}

// decodeTx reads a transaction object, or a bare hash (what the
// subscriptions send with hashesOnly) as a Transaction with only Hash set.
func decodeTx(r json.RawMessage) (*Transaction, error) {
	tx := new(Transaction)
	if wire.Kind(r) == '"' {
		return tx, conduit.Unmarshal(r, &tx.Hash)
	}
	return tx, conduit.Unmarshal(r, tx)
}

// MaxFilterAddresses is Alchemy's limit on the addresses of one
// alchemy_minedTransactions or alchemy_pendingTransactions filter.
const MaxFilterAddresses = 1000

// AddressPair selects transactions by sender and recipient; a nil member
// matches any.
type AddressPair struct {
	From *Address `json:"from,omitempty"`
	To   *Address `json:"to,omitempty"`
}

// MinedFilter selects the transactions of alchemy_minedTransactions.
type MinedFilter struct {
	// Addresses keeps transactions matching any pair; none keeps all.
	Addresses []AddressPair `json:"addresses,omitempty"`
	// IncludeRemoved also sends transactions a reorganisation removed.
	IncludeRemoved bool `json:"includeRemoved,omitempty"`
	// HashesOnly sends only each transaction's hash (Transaction.Hash).
	HashesOnly bool `json:"hashesOnly,omitempty"`
}

// MinedTransaction is one alchemy_minedTransactions notification.
type MinedTransaction struct {
	raw `json:"-"`
	// Removed is true for a transaction a reorganisation took out of the
	// chain (sent with IncludeRemoved).
	Removed     bool        `json:"removed"`
	Transaction Transaction `json:"transaction"`
}

// MinedTransactions subscribes to Alchemy's alchemy_minedTransactions:
// the transactions of each new block that f selects. Gaps are reported as
// for PendingTransactionHashes (conduit does not replay them; fill from
// the blocks of NewHeads if a gap matters).
func (s *Socket) MinedTransactions(ctx context.Context, f MinedFilter) iter.Seq2[*MinedTransaction, error] {
	if len(f.Addresses) > MaxFilterAddresses {
		return fails[*MinedTransaction](subOp("MinedTransactions").Invalid("addresses", "has %d entries; Alchemy takes at most %d", len(f.Addresses), MaxFilterAddresses))
	}
	return each(ctx, s, "alchemy_minedTransactions", []any{"alchemy_minedTransactions", f}, func(r json.RawMessage) (*MinedTransaction, error) {
		m := new(MinedTransaction)
		return m, conduit.Unmarshal(r, m)
	})
}

// PendingFilter selects the transactions of alchemy_pendingTransactions:
// sent from any of FromAddress or to any of ToAddress (none: all).
type PendingFilter struct {
	FromAddress []Address `json:"fromAddress,omitempty"`
	ToAddress   []Address `json:"toAddress,omitempty"`
	// HashesOnly sends only each transaction's hash (Transaction.Hash).
	HashesOnly bool `json:"hashesOnly,omitempty"`
}

// AlchemyPendingTransactions subscribes to Alchemy's
// alchemy_pendingTransactions: the transactions f selects as Alchemy's
// mempool takes them in (Ethereum mainnet, Sepolia and Polygon only).
// Gaps are reported as for PendingTransactionHashes.
func (s *Socket) AlchemyPendingTransactions(ctx context.Context, f PendingFilter) iter.Seq2[*Transaction, error] {
	if n := len(f.FromAddress) + len(f.ToAddress); n > MaxFilterAddresses {
		return fails[*Transaction](subOp("AlchemyPendingTransactions").Invalid("fromAddress", "fromAddress and toAddress have %d addresses; Alchemy takes at most %d", n, MaxFilterAddresses))
	}
	return each(ctx, s, "alchemy_pendingTransactions", []any{"alchemy_pendingTransactions", f}, decodeTx)
}

// fails is an iterator that yields err alone.
func fails[T any](err error) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		yield(zero, err)
	}
}

// each is a subscription whose gaps cannot be filled: it decodes each
// notification and reports each gap as ErrGap.
func each[T any](ctx context.Context, s *Socket, what string, params []any, decode func(json.RawMessage) (T, error)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		var zero T
		sb := open(ctx, s, params, yield)
		if sb == nil {
			return
		}
		defer s.unsubscribe(sb)
		for {
			r, m, ok := next(ctx, sb, yield)
			if !ok {
				return
			}
			if r == nil {
				why := "the connection dropped"
				if m.overflow > 0 {
					why = fmt.Sprintf("the consumer fell behind the buffer: %d notifications came while it (SocketOptions.Buffer, %d) was full", m.overflow, s.o.Buffer)
				}
				if !yield(zero, s.fail(fmt.Errorf("%w: %s missed notifications: %s", ErrGap, what, why))) {
					return
				}
				continue
			}
			v, err := decode(r)
			if err != nil {
				yield(zero, s.fail(fmt.Errorf("%w: a %s notification does not decode: %v", conduit.ErrMalformedResponse, what, err)))
				return
			}
			if !yield(v, nil) {
				return
			}
		}
	}
}

// subOp names a subscription in the errors of its inputs.
func subOp(name string) *transport.Op {
	return &transport.Op{Service: service, Name: name, Method: "GET", Path: "/v2"}
}

// open starts a subscription for an iterator; nil, with the error
// yielded, when it could not.
func open[T any](ctx context.Context, s *Socket, params []any, yield func(T, error) bool) *sub {
	sb, err := s.start(ctx, params)
	if sb == nil && err != nil {
		var zero T
		yield(zero, err)
	}
	return sb
}

// next is sb.next for an iterator: when sb ended, its error is yielded.
func next[T any](ctx context.Context, sb *sub, yield func(T, error) bool) (json.RawMessage, missed, bool) {
	r, m, err, ok := sb.next(ctx)
	if !ok && err != nil && err != errEnded {
		var zero T
		yield(zero, err)
	}
	return r, m, ok
}
