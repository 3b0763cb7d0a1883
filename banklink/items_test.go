package banklink_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// The documented answers of the item calls decode into the typed fields;
// null members stay zero.
func TestItemCallsDecodeTheDocumentedAnswers(t *testing.T) {
	srv := testkit.Start(t,
		testkit.Reply{Body: testkit.Fixture(t, "banklink", "accounts.json")},
		testkit.Reply{Body: testkit.Fixture(t, "banklink", "item.json")},
		testkit.Reply{Body: testkit.Fixture(t, "banklink", "institution_by_id.json")},
		testkit.Reply{Body: testkit.Fixture(t, "banklink", "remove_item.json")})
	c := newLocal(t, srv)
	ctx := context.Background()

	accts, err := c.Accounts(ctx, accessToken, nil)
	require.NoError(t, err)
	require.Len(t, accts.Accounts, 3)
	assert.Equal(t, "23631.9805", accts.Accounts[1].Balances.Current.String(), "exact, as sent")
	assert.True(t, accts.Accounts[1].Balances.Available.IsZero())
	assert.Equal(t, "Royal Bank of Plaid", accts.Item.InstitutionName)
	assert.Nil(t, accts.Item.Error)
	assert.True(t, accts.Item.ConsentExpirationTime.IsZero(), "null consent_expiration_time")

	item, err := c.Item(ctx, accessToken)
	require.NoError(t, err)
	assert.Equal(t, "Ed6bjNrDLJfGvZWwnkQlfxwoNz54B5C97ejBr", item.Item.ItemID)
	assert.Equal(t, []banklink.Product{banklink.ProductIdentity, banklink.ProductTransactions}, item.Item.BilledProducts)
	assert.Equal(t, time.Date(2024, 3, 16, 15, 53, 0, 0, time.UTC), item.Item.ConsentExpirationTime.UTC())
	require.NotNil(t, item.Status)
	require.NotNil(t, item.Status.LastWebhook)
	assert.Equal(t, "DEFAULT_UPDATE", item.Status.LastWebhook.CodeSent)
	assert.Equal(t, time.Date(2019, 2, 15, 15, 52, 39, 0, time.UTC), item.Status.Transactions.LastSuccessfulUpdate.UTC())

	inst, err := c.InstitutionByID(ctx, "ins_109512", []banklink.CountryCode{banklink.CountryUS}, nil)
	require.NoError(t, err)
	assert.Equal(t, "Houndstooth Bank", inst.Institution.Name)
	assert.Contains(t, string(inst.Institution.RawJSON()), `"item_logins"`)

	rm, err := c.RemoveItem(ctx, accessToken, nil)
	require.NoError(t, err)
	assert.Equal(t, "m8MDnv9okwxFNBV", rm.RequestID)
}

func TestItemNotFoundAndStandingItemError(t *testing.T) {
	srv := testkit.Start(t,
		testkit.Reply{Status: http.StatusBadRequest, Body: `{"error_type":"ITEM_ERROR","error_code":"ITEM_NOT_FOUND","error_message":"the Item you requested cannot be found. This Item does not exist, has been previously removed via /item/remove, or has had access removed by the user","request_id":"r"}`},
		testkit.Reply{Body: `{"item":{"item_id":"i1","error":{"error_type":"ITEM_ERROR","error_code":"ITEM_LOGIN_REQUIRED","error_message":"login required"}},"request_id":"r"}`})
	c := newLocal(t, srv)
	_, err := c.Item(context.Background(), accessToken)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Op: "Item", Status: http.StatusBadRequest, Code: "ITEM_NOT_FOUND"})
	testkit.NoSecret(t, err, accessToken, clientID, secret)

	r, err := c.Item(context.Background(), accessToken)
	require.NoError(t, err, "an item's standing error is data, not a failed call")
	require.NotNil(t, r.Item.Error)
	assert.Equal(t, "ITEM_LOGIN_REQUIRED", r.Item.Error.ErrorCode)
}
