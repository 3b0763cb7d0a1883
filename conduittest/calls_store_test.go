package conduittest_test

import (
	"context"
	"testing"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/store"
)

func init() {
	packageCalls = append(packageCalls, storeCalls)
}

// storeCalls are the calls of store's product, cart, user and login
// operations.
func storeCalls(t *testing.T, srv *conduittest.Server) map[string]opCall {
	shop := newClient(t, store.New, srv.Options("store"))
	price := conduit.MustParseDecimal("13.5")
	cart := store.NewCart{UserID: 5, Date: conduit.Date{Year: 2020, Month: 2, Day: 3}, Products: []store.CartItem{{ProductID: 5, Quantity: 1}, {ProductID: 1, Quantity: 5}}}
	user := store.NewUser{Email: "John@gmail.com", Username: "johnd", Password: "m38rmF$", Name: store.Name{Firstname: "John", Lastname: "Doe"}, Phone: "1-570-236-7033"}
	return map[string]opCall{
		"store.Products": {do: func(ctx context.Context) (any, error) {
			l, err := shop.Products(ctx, &store.ListParams{Limit: 3, Sort: store.Descending})
			return field(l, func() any { return l[0].Title }), err
		}},
		"store.Categories": {do: func(ctx context.Context) (any, error) {
			l, err := shop.Categories(ctx)
			return field(l, func() any { return l[2] }), err
		}},
		"store.UpdateProduct": {do: func(ctx context.Context) (any, error) {
			p, err := shop.UpdateProduct(ctx, 7, store.ProductFields{Title: "test product", Price: price, Description: "lorem ipsum set", Image: "https://i.pravatar.cc", Category: "electronic"})
			return field(p, func() any { return p.ID }), err
		}},
		"store.PatchProduct": {do: func(ctx context.Context) (any, error) {
			p, err := shop.PatchProduct(ctx, 7, store.ProductFields{Price: price})
			return field(p, func() any { return p.Price.String() }), err
		}},
		"store.DeleteProduct": {do: func(ctx context.Context) (any, error) {
			p, err := shop.DeleteProduct(ctx, 1)
			return field(p, func() any { return p.Title }), err
		}},
		"store.Carts": {do: func(ctx context.Context) (any, error) {
			l, err := shop.Carts(ctx, &store.CartsParams{StartDate: conduit.Date{Year: 2019, Month: 12, Day: 10}, EndDate: conduit.Date{Year: 2020, Month: 10, Day: 10}})
			return field(l, func() any { return l[1].ID }), err
		}},
		"store.Cart": {do: func(ctx context.Context) (any, error) {
			c, err := shop.Cart(ctx, 1)
			return field(c, func() any { return c.Products[0].Quantity }), err
		}},
		"store.UserCarts": {do: func(ctx context.Context) (any, error) {
			l, err := shop.UserCarts(ctx, 1, nil)
			return field(l, func() any { return l[1].ID }), err
		}},
		"store.AddCart": {do: func(ctx context.Context) (any, error) {
			c, err := shop.AddCart(ctx, cart)
			return field(c, func() any { return c.ID }), err
		}},
		"store.UpdateCart": {do: func(ctx context.Context) (any, error) {
			c, err := shop.UpdateCart(ctx, 7, cart)
			return field(c, func() any { return c.ID }), err
		}},
		"store.DeleteCart": {do: func(ctx context.Context) (any, error) {
			c, err := shop.DeleteCart(ctx, 1)
			return field(c, func() any { return c.UserID }), err
		}},
		"store.Users": {do: func(ctx context.Context) (any, error) {
			l, err := shop.Users(ctx, &store.ListParams{Limit: 2})
			return field(l, func() any { return l[1].Username }), err
		}},
		"store.User": {do: func(ctx context.Context) (any, error) {
			u, err := shop.User(ctx, 1)
			return field(u, func() any { return u.Address.City }), err
		}},
		"store.AddUser": {do: func(ctx context.Context) (any, error) {
			u, err := shop.AddUser(ctx, user)
			return field(u, func() any { return u.ID }), err
		}},
		"store.UpdateUser": {do: func(ctx context.Context) (any, error) {
			u, err := shop.UpdateUser(ctx, 7, user)
			return field(u, func() any { return u.ID }), err
		}},
		"store.DeleteUser": {do: func(ctx context.Context) (any, error) {
			u, err := shop.DeleteUser(ctx, 1)
			return field(u, func() any { return u.Email }), err
		}},
		"store.Login": {do: func(ctx context.Context) (any, error) {
			s, err := shop.Login(ctx, "mor_2314", "83r5^_")
			return field(s, func() any { return s.Token() }), err
		}},
	}
}

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
