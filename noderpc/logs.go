package noderpc

import (
	"context"

	"github.com/conduit-sdk/conduit/internal/wire"
)

// FilterQuery selects logs for Logs: a block range or one block by hash,
// the emitting contracts, and topics by position.
type FilterQuery struct {
	// FromBlock and ToBlock bound the range, both included; each a number
	// (BlockAt) or a tag, the zero Block meaning latest. Providers cap the
	// range or the answer's size (Alchemy: 10,000 logs, or a range its
	// error message suggests); split a long range into several calls.
	FromBlock, ToBlock Block
	// BlockHash selects one block instead of a range.
	BlockHash *Hash
	// Addresses keeps logs of these contracts; none means any.
	Addresses []Address
	// Topics[i] lists the values allowed at position i (any of them);
	// an empty list allows any value there. At most four positions.
	Topics [][]Hash
}

type filterArgs struct {
	FromBlock *Block         `json:"fromBlock,omitempty"`
	ToBlock   *Block         `json:"toBlock,omitempty"`
	BlockHash *Hash          `json:"blockHash,omitempty"`
	Address   []Address      `json:"address,omitempty"`
	Topics    []topicsFilter `json:"topics,omitempty"`
}

// topicsFilter is one topic position: null for any value, else the list.
type topicsFilter []Hash

// MarshalJSON writes null for an empty position.
func (t topicsFilter) MarshalJSON() ([]byte, error) {
	if len(t) == 0 {
		return []byte("null"), nil
	}
	return wire.Encode([]Hash(t))
}

// Logs returns the logs q selects, eth_getLogs.
func (c *Client) Logs(ctx context.Context, q FilterQuery, opts ...Option) ([]Log, error) {
	op := logsOp
	if len(q.Topics) > 4 {
		return nil, op.Invalid("topics", "has %d positions; events have at most 4", len(q.Topics))
	}
	a := filterArgs{Address: q.Addresses}
	for _, t := range q.Topics {
		a.Topics = append(a.Topics, topicsFilter(t))
	}
	if q.BlockHash != nil {
		if q.FromBlock != (Block{}) || q.ToBlock != (Block{}) {
			return nil, op.Invalid("blockHash", "selects one block: leave fromBlock and toBlock unset")
		}
		a.BlockHash = q.BlockHash
	} else {
		if err := q.FromBlock.checkNumberOrTag(op.Op, "fromBlock"); err != nil {
			return nil, err
		}
		if err := q.ToBlock.checkNumberOrTag(op.Op, "toBlock"); err != nil {
			return nil, err
		}
		from, errF := ParseQuantity(q.FromBlock.tag)
		to, errT := ParseQuantity(q.ToBlock.tag)
		if errF == nil && errT == nil && from > to {
			return nil, op.Invalid("fromBlock", "block %d is after toBlock %d", from, to)
		}
		a.FromBlock, a.ToBlock = &q.FromBlock, &q.ToBlock
	}
	var logs []Log
	err := c.call(ctx, op, "eth_getLogs", []any{a}, &logs, opts)
	return logs, err
}
