package filings

import (
	"context"
	"iter"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	factsOp = transport.Declare[CompanyFacts](service, transport.Op{Name: "CompanyFacts", Method: "GET",
		Path: "/api/xbrl/companyfacts/CIK{cik}.json"}, nil)
	framesOp = transport.Declare[Frame](service, transport.Op{Name: "Frames", Method: "GET",
		Path: "/api/xbrl/frames/{taxonomy}/{tag}/{unit}/{period}.json"}, nil)
	// Frames' request, its data read fact by fact.
	eachFrameFactOp = transport.DeclareList[FrameFact](service, transport.Op{Name: "EachFrameFact", Method: "GET",
		Path: "/api/xbrl/frames/{taxonomy}/{tag}/{unit}/{period}.json"}, "data")
)

// CompanyFacts is the result of CompanyFacts: every fact a company has
// filed, for every concept of every taxonomy. RawJSON returns it as sent.
// For a large filer the body runs to megabytes; it is decoded in one pass,
// and RawJSON (of the whole and of each part) is a slice of that one body,
// not a second copy.
type CompanyFacts struct {
	raw        `json:"-"`
	CIK        CIK    `json:"cik"`
	EntityName string `json:"entityName"`
	// Facts maps a taxonomy ("dei", "us-gaap", "ifrs-full", "srt", "invest")
	// to its concepts by tag ("AccountsPayableCurrent").
	Facts map[string]map[string]ConceptFacts `json:"facts"`
}

// Concept returns the facts of one concept and whether the company filed
// any, sparing the caller two map lookups and a nil check.
func (f *CompanyFacts) Concept(taxonomy, tag string) (ConceptFacts, bool) {
	c, ok := f.Facts[taxonomy][tag]
	return c, ok
}

// ConceptFacts is one concept within CompanyFacts: what CompanyConcept
// returns, without the company and concept names the outer record holds.
type ConceptFacts struct {
	// Label and Description are the taxonomy's; the service sends null for
	// some company-specific concepts, which leaves them empty.
	Label       string `json:"label"`
	Description string `json:"description"`
	// Units maps a unit code ("USD", "shares", "USD/shares") to the facts
	// filed in that unit.
	Units map[string][]Fact `json:"units"`
}

// Frame is the result of Frames: one concept, in one unit, for one
// calendar period, as every reporting company filed it. RawJSON returns it
// as sent.
type Frame struct {
	raw      `json:"-"`
	Taxonomy string `json:"taxonomy"`
	Tag      string `json:"tag"`
	// CCP is the calendar period asked for ("CY2019Q1I").
	CCP string `json:"ccp"`
	// UOM is the unit of measure ("USD", "USD-per-shares").
	UOM         string `json:"uom"`
	Label       string `json:"label"`
	Description string `json:"description"`
	// Pts is the number of facts in Data.
	Pts  int         `json:"pts"`
	Data []FrameFact `json:"data"`
}

// FrameFact is one company's value in a Frame: the fact whose period best
// matches the frame, from the latest filing that reported it. RawJSON
// returns it as sent.
type FrameFact struct {
	raw        `json:"-"`
	Accn       string `json:"accn"`
	CIK        CIK    `json:"cik"`
	EntityName string `json:"entityName"`
	// Loc is where the company is located, as "US-CA" (country and
	// state or province).
	Loc string `json:"loc"`
	// Start begins the period of a duration frame (CY2019, CY2019Q1); an
	// instant frame (CY2019Q1I) has none.
	Start *conduit.Date `json:"start,omitempty"`
	End   conduit.Date  `json:"end"`
	// Val is exact, as in Fact.
	Val conduit.Decimal `json:"val"`
}

// CompanyFacts returns every XBRL fact a company has filed, by taxonomy and
// concept: CompanyConcept for all concepts at once.
func (c *Client) CompanyFacts(ctx context.Context, cik CIK, opts ...Option) (*CompanyFacts, error) {
	padded, err := cik.path(factsOp.Op)
	if err != nil {
		return nil, err
	}
	return factsOp.Do(ctx, c.t, transport.Call{Args: []string{padded}}, opts)
}

// Frames returns one concept, in one unit, for one calendar period, across
// every company that reported it: the way to compare a figure over the
// whole market. unit is a unit code as in Fact's map ("USD", "shares");
// a ratio may be written "USD/shares" or as the service spells it in the
// path, "USD-per-shares". period is CY#### for a year, CY####Q# for a
// quarter, and CY####Q#I for an instant (a balance on the quarter's last
// day); any other period is refused before anything is sent.
func (c *Client) Frames(ctx context.Context, taxonomy, tag, unit, period string, opts ...Option) (*Frame, error) {
	call, err := frameCall(framesOp.Op, taxonomy, tag, unit, period)
	if err != nil {
		return nil, err
	}
	return framesOp.Do(ctx, c.t, call, opts)
}

// EachFrameFact is Frames read as the answer arrives: the same request,
// each company's fact in the frame's data yielded as soon as its bytes are
// in, its RawJSON its own bytes, so a loop over a frame of thousands of
// companies needs the memory of one fact. The frame's own members (label,
// description, pts) are read past; Frames returns them. A failure, of the
// inputs, the call or a body cut short, is the last pair; breaking out of
// the loop closes the answer.
func (c *Client) EachFrameFact(ctx context.Context, taxonomy, tag, unit, period string, opts ...Option) iter.Seq2[FrameFact, error] {
	call, err := frameCall(eachFrameFactOp.Op, taxonomy, tag, unit, period)
	if err != nil {
		return func(yield func(FrameFact, error) bool) { yield(FrameFact{}, err) }
	}
	return eachFrameFactOp.All(ctx, c.t, call, opts)
}

// frameCall checks a frame's inputs and returns its call on op.
func frameCall(op *transport.Op, taxonomy, tag, unit, period string) (transport.Call, error) {
	if strings.TrimSpace(taxonomy) == "" {
		return transport.Call{}, op.Invalid("taxonomy", "is empty")
	}
	if strings.TrimSpace(tag) == "" {
		return transport.Call{}, op.Invalid("tag", "is empty")
	}
	if strings.TrimSpace(unit) == "" {
		return transport.Call{}, op.Invalid("unit", "is empty")
	}
	unit = strings.ReplaceAll(unit, "/", "-per-")
	if !ValidPeriod(period) {
		return transport.Call{}, op.Invalid("period", "%.20q is not CY#### (a year), CY####Q# (a quarter) or CY####Q#I (an instant)", period)
	}
	return transport.Call{Args: []string{taxonomy, tag, unit, period}}, nil
}

// ValidPeriod reports whether period names a frame the service serves:
// CY2019 (a calendar year), CY2019Q1 (a quarter) or CY2019Q1I (an instant
// at the quarter's end). Frames checks it; callers building periods from
// input can check first.
func ValidPeriod(period string) bool {
	rest, ok := strings.CutPrefix(period, "CY")
	if !ok || len(rest) < 4 {
		return false
	}
	for i := range 4 {
		if rest[i] < '0' || rest[i] > '9' {
			return false
		}
	}
	switch q := rest[4:]; len(q) {
	case 0:
		return true
	case 2, 3:
		return q[0] == 'Q' && q[1] >= '1' && q[1] <= '4' && (len(q) == 2 || q[2] == 'I')
	}
	return false
}
