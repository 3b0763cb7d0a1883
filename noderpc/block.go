package noderpc

import (
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Block names the chain state a read runs against, as EIP-1898 lets the
// standard methods take it: a tag, a block number or a block hash. The
// zero Block is the latest block.
type Block struct {
	tag       string
	hash      string
	canonical bool
}

// BlockTag is a named block (latest, earliest, pending, safe, finalized)
// or a block number as a hex quantity ("0x1b4"); "" is latest.
func BlockTag(tag string) Block { return Block{tag: tag} }

// BlockHash is the block with the given hash (0x and 64 hex digits). With
// requireCanonical the node refuses a block that is no longer on the
// canonical chain instead of answering from it.
func BlockHash(hash string, requireCanonical bool) Block {
	return Block{hash: hash, canonical: requireCanonical}
}

// check says what is wrong with b, naming the field.
func (b Block) check() (field, msg string) {
	if b.hash != "" {
		if len(b.hash) != 66 || b.hash[:2] != "0x" || !isHex(b.hash[2:]) {
			return "block_hash", "is not 0x followed by 64 hex digits"
		}
		return "", ""
	}
	if b.tag != "" && !isBlockTag(b.tag) {
		return "block_tag", "is not latest, earliest, pending, safe, finalized or a 0x hex block number"
	}
	return "", ""
}

// MarshalJSON writes a tag or number as a string and a hash as EIP-1898's
// object.
func (b Block) MarshalJSON() ([]byte, error) {
	if b.hash != "" {
		return wire.Encode(struct {
			BlockHash        string `json:"blockHash"`
			RequireCanonical bool   `json:"requireCanonical,omitempty"`
		}{b.hash, b.canonical})
	}
	if b.tag == "" {
		return []byte(`"latest"`), nil
	}
	return wire.AppendString(nil, b.tag), nil
}

// checkOp is check as the error of op.
func (b Block) checkOp(op *transport.Op) error {
	if field, msg := b.check(); field != "" {
		return op.Invalid(field, "%s", msg)
	}
	return nil
}

// checkNumberOrTag refuses a block hash where the method takes only a
// number or a tag, naming field.
func (b Block) checkNumberOrTag(op *transport.Op, field string) error {
	if b.hash != "" {
		return op.Invalid(field, "takes a number or a tag, not a block hash")
	}
	return b.checkOp(op)
}

// numberOrHash is b as the methods that take a number, a tag or a hash in
// one string read it (eth_getBlockReceipts): a hash goes bare, as their
// documentation shows it, unless it must be canonical, which only
// EIP-1898's object can say.
func (b Block) numberOrHash() any {
	if b.hash != "" && !b.canonical {
		return b.hash
	}
	return b
}
