package conduittest_test

import (
	"context"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/conduittest"
)

func init() {
	packageCalls = append(packageCalls, func(t *testing.T, srv *conduittest.Server) map[string]opCall {
		bank := newClient(t, banklink.New, srv.Options("banklink"))
		access := conduittest.Credential("banklink", "access_token")
		return map[string]opCall{
			"banklink.CreateLinkToken": {do: func(ctx context.Context) (any, error) {
				r, err := bank.CreateLinkToken(ctx, banklink.LinkTokenRequest{ClientName: "Plaid Test App", Language: "en",
					CountryCodes: []banklink.CountryCode{banklink.CountryUS}, User: banklink.LinkUser{ClientUserID: "user-1"},
					Products: []banklink.Product{banklink.ProductTransactions}})
				return field(r, func() any { return r.LinkToken }), err
			}},
			"banklink.SandboxCreatePublicToken": {do: func(ctx context.Context) (any, error) {
				r, err := bank.SandboxCreatePublicToken(ctx, "ins_109508", []banklink.Product{banklink.ProductTransactions}, nil)
				return field(r, func() any { return r.PublicToken }), err
			}},
			"banklink.ExchangePublicToken": {do: func(ctx context.Context) (any, error) {
				pub, err := bank.SandboxCreatePublicToken(ctx, "ins_109508", []banklink.Product{banklink.ProductTransactions}, nil)
				if err != nil {
					return nil, err
				}
				r, err := bank.ExchangePublicToken(ctx, pub.PublicToken)
				return field(r, func() any { return r.ItemID }), err
			}},
			"banklink.Accounts": {do: func(ctx context.Context) (any, error) {
				r, err := bank.Accounts(ctx, access, nil)
				return field(r, func() any { return r.Accounts[0].AccountID }), err
			}},
			"banklink.Item": {do: func(ctx context.Context) (any, error) {
				r, err := bank.Item(ctx, access)
				return field(r, func() any { return r.Item.ItemID }), err
			}},
			"banklink.RemoveItem": {do: func(ctx context.Context) (any, error) {
				r, err := bank.RemoveItem(ctx, access, nil)
				return field(r, func() any { return r.RequestID }), err
			}},
			"banklink.InstitutionByID": {do: func(ctx context.Context) (any, error) {
				r, err := bank.InstitutionByID(ctx, "ins_109512", []banklink.CountryCode{banklink.CountryUS}, nil)
				return field(r, func() any { return r.Institution.Name }), err
			}},
			"banklink.SyncTransactions": {do: func(ctx context.Context) (any, error) {
				r, err := bank.SyncTransactions(ctx, access, nil)
				return field(r, func() any { return r.NextCursor }), err
			}},
			"banklink.EachTransactionUpdate": {as: "SyncTransactions", do: func(ctx context.Context) (any, error) {
				var end banklink.SyncEnd
				n, err := count(bank.EachTransactionUpdate(ctx, access, nil, &end))
				if end.NextCursor == "" {
					n = 0 // the members after the lists were not read
				}
				return n, err
			}},
			"banklink.WebhookVerificationKey": {do: func(ctx context.Context) (any, error) {
				body := []byte(`{"webhook_type":"TRANSACTIONS","webhook_code":"SYNC_UPDATES_AVAILABLE","item_id":"wz666MBjYWTp2PDzzggYhM6oWWmBb","initial_update_complete":true,"historical_update_complete":false,"environment":"production"}`)
				ev, err := bank.VerifyWebhook(ctx, body, conduittest.BanklinkWebhookHeader(body, time.Now()))
				return field(ev, func() any { return ev.WebhookCode }), err
			}},
		}
	})
}
