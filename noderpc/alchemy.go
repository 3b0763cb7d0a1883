package noderpc

import (
	"context"
	"fmt"
	"iter"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// TokenBalancesParams are TokenBalances' optional inputs.
type TokenBalancesParams struct {
	// Contracts asks for these tokens alone; none asks for every ERC-20
	// token the owner holds, page by page.
	Contracts []Address
	// PageKey is the PageKey of the previous page; MaxCount (1 to 100, 0
	// for the provider's default) bounds a page. Both apply only without
	// Contracts.
	PageKey  string
	MaxCount int
}

// TokenBalances is the answer of TokenBalances.
type TokenBalances struct {
	raw           `json:"-"`
	Address       Address        `json:"address"`
	TokenBalances []TokenBalance `json:"tokenBalances"`
	// PageKey is set when more balances follow.
	PageKey string `json:"pageKey"`
}

// TokenBalance is the owner's balance of one token, in the token's
// smallest unit; Error is set (and TokenBalance nil) when the provider
// could not read it.
type TokenBalance struct {
	raw             `json:"-"`
	ContractAddress Address     `json:"contractAddress"`
	TokenBalance    TokenAmount `json:"tokenBalance"`
	Error           string      `json:"error"`
}

// TokenAmount is a token amount as the provider writes it: hex, often
// zero-padded to 32 bytes ("0x00…0f08"), which the strict quantity rules
// refuse.
type TokenAmount struct{ *big.Int }

// UnmarshalJSON reads 0x and up to 64 hex digits, leading zeros allowed;
// null leaves a nil Int.
func (a *TokenAmount) UnmarshalJSON(b []byte) error {
	if wire.Kind(b) == 'n' {
		a.Int = nil
		return nil
	}
	s, err := wire.String(b)
	if err != nil {
		return fmt.Errorf("noderpc: token amount: %w", err)
	}
	digits, ok := strings.CutPrefix(s, "0x")
	v, okHex := new(big.Int).SetString(digits, 16)
	if !ok || digits == "" || len(digits) > 64 || !okHex {
		return fmt.Errorf("noderpc: token amount %.70q is not 0x and up to 64 hex digits", s)
	}
	a.Int = v
	return nil
}

type tokenPageOptions struct {
	PageKey  string `json:"pageKey,omitempty"`
	MaxCount int    `json:"maxCount,omitempty"`
}

// TokenBalances returns owner's balances of ERC-20 tokens,
// alchemy_getTokenBalances: of p.Contracts, or of every token it holds, a
// page at a time (AllTokenBalances walks the pages).
func (c *Client) TokenBalances(ctx context.Context, owner Address, p *TokenBalancesParams, opts ...Option) (*TokenBalances, error) {
	op := tokenBalancesOp
	if p == nil {
		p = &TokenBalancesParams{}
	}
	params := []any{owner, "erc20"}
	switch {
	case len(p.Contracts) > 0:
		if p.PageKey != "" || p.MaxCount != 0 {
			return nil, op.Invalid("pageKey", "pages only the erc20 listing: leave pageKey and maxCount unset with contracts")
		}
		params[1] = p.Contracts
	case p.MaxCount < 0 || p.MaxCount > 100:
		return nil, op.Invalid("maxCount", "%d is outside 1 to 100 (0 leaves the provider's default)", p.MaxCount)
	case p.PageKey != "" || p.MaxCount != 0:
		params = append(params, tokenPageOptions{PageKey: p.PageKey, MaxCount: p.MaxCount})
	}
	var out *TokenBalances
	if err := c.call(ctx, op, "alchemy_getTokenBalances", params, &out, opts); err != nil {
		return nil, err
	}
	if out == nil {
		return nil, op.Fail(c.t, transport.Call{}, transport.Problem{Kind: conduit.ErrMalformedResponse, Message: "the result is null"})
	}
	return out, nil
}

// AllTokenBalances yields every ERC-20 balance of owner, page after page
// from p.PageKey, each page one TokenBalances call with p's MaxCount and
// opts. It stops at the first error, yielding it once (a page's *Error,
// ctx's end, a pageKey sent twice).
func (c *Client) AllTokenBalances(ctx context.Context, owner Address, p *TokenBalancesParams, opts ...Option) iter.Seq2[TokenBalance, error] {
	q := TokenBalancesParams{}
	if p != nil {
		q = *p
	}
	return transport.Pages(ctx, c.t, tokenBalancesOp.Op, q.PageKey, func(key string) ([]TokenBalance, string, error) {
		q.PageKey = key
		page, err := c.TokenBalances(ctx, owner, &q, opts...)
		if err != nil {
			return nil, "", err
		}
		return page.TokenBalances, page.PageKey, nil
	})
}

// TransferCategory is a kind of transfer alchemy_getAssetTransfers
// reports.
type TransferCategory string

// The categories the provider documents. Internal transfers (value moved
// by contract calls) exist on Ethereum and Polygon mainnets only.
const (
	External   TransferCategory = "external"
	Internal   TransferCategory = "internal"
	ERC20      TransferCategory = "erc20"
	ERC721     TransferCategory = "erc721"
	ERC1155    TransferCategory = "erc1155"
	SpecialNFT TransferCategory = "specialnft"
)

var categories = []TransferCategory{External, Internal, ERC20, ERC721, ERC1155, SpecialNFT}

// AssetTransfersParams select the transfers of AssetTransfers.
type AssetTransfersParams struct {
	// Category is required: the kinds of transfer to report.
	Category []TransferCategory
	// FromBlock and ToBlock bound the range, both included; unset, they
	// are the chain's first block and the latest.
	FromBlock, ToBlock Block
	// FromAddress and ToAddress keep transfers from or to an address.
	FromAddress, ToAddress *Address
	// ContractAddresses keeps token transfers of these contracts.
	ContractAddresses []Address
	// Descending lists newest first.
	Descending bool
	// WithMetadata adds each transfer's block timestamp.
	WithMetadata bool
	// IncludeZeroValue keeps transfers of zero value, which the provider
	// leaves out by default.
	IncludeZeroValue bool
	// MaxCount bounds a page, 1 to 1000; 0 leaves the provider's 1000.
	MaxCount int
	// PageKey is the PageKey of the previous page.
	PageKey string
}

type transfersArgs struct {
	FromBlock         *Block             `json:"fromBlock,omitempty"`
	ToBlock           *Block             `json:"toBlock,omitempty"`
	FromAddress       *Address           `json:"fromAddress,omitempty"`
	ToAddress         *Address           `json:"toAddress,omitempty"`
	ContractAddresses []Address          `json:"contractAddresses,omitempty"`
	Category          []TransferCategory `json:"category"`
	Order             string             `json:"order,omitempty"`
	WithMetadata      bool               `json:"withMetadata,omitempty"`
	ExcludeZeroValue  *bool              `json:"excludeZeroValue,omitempty"`
	MaxCount          *Quantity          `json:"maxCount,omitempty"`
	PageKey           string             `json:"pageKey,omitempty"`
}

// AssetTransfers is a page of AssetTransfers.
type AssetTransfers struct {
	raw       `json:"-"`
	Transfers []AssetTransfer `json:"transfers"`
	// PageKey is set when more transfers follow.
	PageKey string `json:"pageKey"`
}

// AssetTransfer is one transfer of ether or a token.
type AssetTransfer struct {
	raw      `json:"-"`
	BlockNum Quantity         `json:"blockNum"`
	UniqueID string           `json:"uniqueId"`
	Hash     Hash             `json:"hash"`
	From     Address          `json:"from"`
	To       *Address         `json:"to"`
	Category TransferCategory `json:"category"`
	// Value is in the asset's whole units, exact as sent (a number or
	// text such as "1e-18"); zero when the decimals are unknown.
	Value conduit.Decimal `json:"value"`
	// Asset is the symbol (ETH, USDC); empty when unknown.
	Asset       string `json:"asset"`
	RawContract struct {
		// Value is the amount in the smallest unit.
		Value   TokenAmount `json:"value"`
		Address *Address    `json:"address"`
		Decimal Quantity    `json:"decimal"`
	} `json:"rawContract"`
	// TokenID is an NFT's id, as hex text.
	TokenID  string `json:"tokenId"`
	Metadata *struct {
		BlockTimestamp time.Time `json:"blockTimestamp"`
	} `json:"metadata"`
}

// AssetTransfers returns a page of the transfers p selects,
// alchemy_getAssetTransfers; AllAssetTransfers walks the pages.
func (c *Client) AssetTransfers(ctx context.Context, p AssetTransfersParams, opts ...Option) (*AssetTransfers, error) {
	op := transfersOp
	if len(p.Category) == 0 {
		return nil, op.Invalid("category", "must name at least one category")
	}
	for i, cat := range p.Category {
		if !slices.Contains(categories, cat) {
			return nil, op.Invalid("category", "item %d, %.30q, is not a category the provider documents", i, cat)
		}
	}
	if p.MaxCount < 0 || p.MaxCount > 1000 {
		return nil, op.Invalid("maxCount", "%d is outside 1 to 1000 (0 leaves the provider's default)", p.MaxCount)
	}
	a := transfersArgs{FromAddress: p.FromAddress, ToAddress: p.ToAddress, ContractAddresses: p.ContractAddresses,
		Category: p.Category, WithMetadata: p.WithMetadata, PageKey: p.PageKey}
	for _, b := range []struct {
		name string
		in   Block
		dst  **Block
	}{{"fromBlock", p.FromBlock, &a.FromBlock}, {"toBlock", p.ToBlock, &a.ToBlock}} {
		if b.in == (Block{}) {
			continue
		}
		if err := b.in.checkNumberOrTag(op.Op, b.name); err != nil {
			return nil, err
		}
		*b.dst = &b.in
	}
	if p.Descending {
		a.Order = "desc"
	}
	if p.IncludeZeroValue {
		a.ExcludeZeroValue = new(bool)
	}
	if p.MaxCount > 0 {
		n := Quantity(p.MaxCount)
		a.MaxCount = &n
	}
	var out *AssetTransfers
	if err := c.call(ctx, op, "alchemy_getAssetTransfers", []any{a}, &out, opts); err != nil {
		return nil, err
	}
	if out == nil {
		return nil, op.Fail(c.t, transport.Call{}, transport.Problem{Kind: conduit.ErrMalformedResponse, Message: "the result is null"})
	}
	return out, nil
}

// AllAssetTransfers yields every transfer p selects, page after page from
// p.PageKey, each page one AssetTransfers call with opts. It stops at the
// first error, yielding it once (a page's *Error, ctx's end, a pageKey
// sent twice); breaking out of the loop sends nothing more.
func (c *Client) AllAssetTransfers(ctx context.Context, p AssetTransfersParams, opts ...Option) iter.Seq2[AssetTransfer, error] {
	return transport.Pages(ctx, c.t, transfersOp.Op, p.PageKey, func(key string) ([]AssetTransfer, string, error) {
		p.PageKey = key
		page, err := c.AssetTransfers(ctx, p, opts...)
		if err != nil {
			return nil, "", err
		}
		return page.Transfers, page.PageKey, nil
	})
}
