package main

import (
	"context"
	"fmt"

	"github.com/conduit-sdk/conduit/filings"
)

func init() {
	register("filings", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := filings.New()
		if err != nil {
			return err
		}
		concept, err := c.CompanyConcept(ctx, 320193, "us-gaap", "AccountsPayableCurrent")
		if err != nil {
			return err
		}
		usd := concept.Units["USD"]
		if len(usd) == 0 {
			return fmt.Errorf("no USD facts")
		}
		last := usd[len(usd)-1]
		say("CompanyConcept", "%s %s: %d USD facts, latest %s USD on %s (%s %s)",
			concept.EntityName, concept.Tag, len(usd), last.Val, last.End, last.Form, last.Frame)

		co, err := c.Submissions(ctx, 320193)
		if err != nil {
			return err
		}
		say("Submissions", "%s CIK %s, tickers %v on %v, SIC %s %s", co.Name, co.CIK, co.Tickers, co.Exchanges, co.SIC, co.SICDescription)
		return nil
	})
}
