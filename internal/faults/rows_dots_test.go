package faults

import (
	"context"
	"os"

	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/imageedit"
	"github.com/conduit-sdk/conduit/observability"
	"github.com/conduit-sdk/conduit/pkgstats"
	"github.com/conduit-sdk/conduit/store"
)

// Two classes of bad input, added to every operation that can receive them:
// "." and ".." path arguments (plain or percent-encoded), which RFC 3986
// resolves as moves in the path, and typed-nil readers, which a failed
// os.Open leaves behind. Each must fail before any I/O. (This file's name sorts after ops_*_test.go, whose rows it
// extends: Go runs a package's init functions in file-name order.)
func init() {
	addRejects("chat", "CreateMessage", "channel_id", func(ctx context.Context, c *chat.Client) error {
		return discard(c.CreateMessage(ctx, "..", "hi", nil))
	})
	addRejects("chat", "GuildChannels", "guild_id", func(ctx context.Context, c *chat.Client) error {
		return discard(c.GuildChannels(ctx, "."))
	})
	addRejects("observability", "SendEvent", "dataset", func(ctx context.Context, c *observability.Client) error {
		return c.SendEvent(ctx, "..", observability.Event{"a": 1})
	})
	addRejects("store", "ProductsByCategory", "category", func(ctx context.Context, c *store.Client) error {
		return discard(c.ProductsByCategory(ctx, "..", nil))
	})
	addRejects("filings", "CompanyConcept", "taxonomy", func(ctx context.Context, c *filings.Client) error {
		return discard(c.CompanyConcept(ctx, 320193, "..", "AccountsPayableCurrent"))
	})
	addRejects("pkgstats", "Package", "package", func(ctx context.Context, c *pkgstats.Client) error {
		return discard(c.Package(ctx, "npm", "@babel/.."))
	})
	addRejects("ci", "ListPipelines", "repo", func(ctx context.Context, c *ci.Client) error {
		return discard(c.ListPipelines(ctx, ci.ProjectSlug{VCS: "gh", Org: "acme", Repo: ".."}, nil))
	})
	// Percent-encoded dots are dots to a server that decodes the path,
	// once for each escape.
	addRejects("chat", "CreateMessage", "channel_id", func(ctx context.Context, c *chat.Client) error {
		return discard(c.CreateMessage(ctx, "%2e%2e", "hi", nil))
	})
	addRejects("observability", "SendEvent", "dataset", func(ctx context.Context, c *observability.Client) error {
		return c.SendEvent(ctx, ".%2E", observability.Event{"a": 1})
	})
	addRejects("store", "ProductsByCategory", "category", func(ctx context.Context, c *store.Client) error {
		return discard(c.ProductsByCategory(ctx, "%252e%252e", nil))
	})
	addRejects("filings", "CompanyConcept", "taxonomy", func(ctx context.Context, c *filings.Client) error {
		return discard(c.CompanyConcept(ctx, 320193, "%2e", "AccountsPayableCurrent"))
	})
	addRejects("imageedit", "Segment", imageedit.DefaultSegmentField, func(ctx context.Context, c *imageedit.Client) error {
		var f *os.File // what a failed os.Open returns
		return readImage(c.Segment(ctx, f, nil))
	})
}

// addRejects adds a bad call to the row, or the notes, of pkg's operation
// name.
func addRejects(pkg, name, field string, call any) {
	for _, rows := range [][]op{ops, notes} {
		for i := range rows {
			if rows[i].pkg == pkg && rows[i].name == name {
				rows[i] = rows[i].rejects(field, call)
				return
			}
		}
	}
	panic("faults: no row or notes for " + pkg + "." + name)
}
