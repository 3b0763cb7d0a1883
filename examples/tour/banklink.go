package main

import (
	"context"
	"github.com/conduit-sdk/conduit/conduittest"

	"github.com/conduit-sdk/conduit/banklink"
)

func init() {
	register("banklink", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := banklink.New()
		if err != nil {
			return err
		}
		found, err := c.SearchInstitutions(ctx, "platypus", &banklink.SearchInstitutionsParams{CountryCodes: []banklink.CountryCode{banklink.CountryUS}})
		if err != nil {
			return err
		}
		first := found.Institutions[0]
		say("SearchInstitutions", "%d found in %s, first %s %q", len(found.Institutions), c.Environment(), first.InstitutionID, first.Name)
		token, _ := conduittest.Credential("banklink", "access_token") // a linked account's, per call
		bal, err := c.GetBalance(ctx, token)
		if err != nil {
			return err
		}
		a := bal.Accounts[0]
		say("GetBalance", "%d accounts, %s available %s current %s %s", len(bal.Accounts), a.Name, a.Balances.Available, a.Balances.Current, a.Balances.ISOCurrencyCode)
		return nil
	})
}
