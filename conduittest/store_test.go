package conduittest_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/store"
)

// A fake's answer depends on its request alone: a range or a user the
// fixture has no carts for changes that answer, not the ones after it.
func TestStoreFakeAnswersEachRequestOnItsOwn(t *testing.T) {
	srv := conduittest.Start()
	defer srv.Close()
	shop := newClient(t, store.New, srv.Options("store"))
	ctx := context.Background()
	for range 2 {
		none, err := shop.UserCarts(ctx, 2, nil)
		if err != nil || len(none) != 0 {
			t.Fatalf("user 2's carts: %v, %v; want none", none, err)
		}
		some, err := shop.UserCarts(ctx, 1, nil)
		if err != nil || len(some) == 0 {
			t.Fatalf("user 1's carts after user 2's: %v, %v; want the fixture's", some, err)
		}
		ranged, err := shop.Carts(ctx, &store.CartsParams{StartDate: conduit.Date{Year: 2019, Month: 12, Day: 10}, EndDate: conduit.Date{Year: 2020, Month: 10, Day: 10}})
		if err != nil {
			t.Fatal(err)
		}
		all, err := shop.Carts(ctx, nil)
		if err != nil || len(all) <= len(ranged) {
			t.Fatalf("all carts after a range: %d, %v; want more than the range's %d", len(all), err, len(ranged))
		}
	}
}
