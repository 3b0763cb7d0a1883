package pkgstats

import (
	"iter"
	"maps"
	"slices"

	"github.com/conduit-sdk/conduit"
)

// Stats is how often a package was served in a period. RawJSON returns it
// as sent, for fields the spec does not show.
type Stats struct {
	raw       `json:"-"`
	Hits      Usage `json:"hits"`      // requests served
	Bandwidth Usage `json:"bandwidth"` // bytes served
	Links     Links `json:"links"`
}

// Usage is one measure (hits or bandwidth) over the period.
type Usage struct {
	// Rank and TypeRank place the package among all packages and among those
	// of its registry type; nil when the service ranks it nowhere (it sends
	// null for packages with too little traffic).
	Rank     *int64 `json:"rank"`
	TypeRank *int64 `json:"typeRank"`
	// Total is the sum over the period; bandwidth totals pass 2^32 bytes.
	Total int64 `json:"total"`
	// Dates maps each day of the period to its count.
	Dates map[conduit.Date]int64 `json:"dates"`
	// Prev is the same measure over the period before.
	Prev Prev `json:"prev"`
}

// Days yields the Dates entries from the earliest day to the latest.
func (u Usage) Days() iter.Seq2[conduit.Date, int64] {
	return func(yield func(conduit.Date, int64) bool) {
		for _, d := range slices.SortedFunc(maps.Keys(u.Dates), conduit.Date.Compare) {
			if !yield(d, u.Dates[d]) {
				return
			}
		}
	}
}

// Prev is a measure over the period before, for comparison.
type Prev struct {
	Rank     *int64 `json:"rank"`
	TypeRank *int64 `json:"typeRank"`
	Total    int64  `json:"total"`
}

// Links are addresses of related records; each record fills only some.
type Links struct {
	Self        string `json:"self,omitempty"`
	Versions    string `json:"versions,omitempty"`
	Entrypoints string `json:"entrypoints,omitempty"`
	Stats       string `json:"stats,omitempty"`
	// Files leads to a version's files' stats.
	Files string `json:"files,omitempty"`
}

// Package is a package with its tags and versions. RawJSON returns it as
// sent.
type Package struct {
	raw  `json:"-"`
	Type string `json:"type"`
	Name string `json:"name"`
	// Tags maps a dist-tag to a version; "latest" is always there for
	// published packages.
	Tags     map[string]string `json:"tags"`
	Versions []Version         `json:"versions"`
	Links    Links             `json:"links"`
}

// Version is one published version of a package.
type Version struct {
	Version string `json:"version"`
	Links   Links  `json:"links"`
}

// Resolved is the version a specifier selected. RawJSON returns it as sent.
type Resolved struct {
	raw  `json:"-"`
	Type string `json:"type"`
	Name string `json:"name"`
	// Version is empty when no published version matches: the service sends
	// null rather than an error status.
	Version string `json:"version"`
	Links   Links  `json:"links"`
}
