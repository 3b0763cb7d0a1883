package samples

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/store"
)

// A price, a cart and a user as the store's documented examples give them.
var (
	price = conduit.MustParseDecimal("13.5")
	cart  = store.NewCart{UserID: 5, Date: conduit.Date{Year: 2020, Month: 2, Day: 3}, Products: []store.CartItem{{ProductID: 5, Quantity: 1}, {ProductID: 1, Quantity: 5}}}
	user  = store.NewUser{Email: "John@gmail.com", Username: "johnd", Password: "m38rmF$", Name: store.Name{Firstname: "John", Lastname: "Doe"}, Phone: "1-570-236-7033"}
)

func init() {
	add("store", store.New, []row[*store.Client]{
		{"Products", func(ctx context.Context, cl *store.Client) (Answer, error) {
			l, err := cl.Products(ctx, &store.ListParams{Limit: 3, Sort: store.Descending})
			return answer(l, func() any { return l[0].Title }), err
		}},
		{"Categories", func(ctx context.Context, cl *store.Client) (Answer, error) {
			l, err := cl.Categories(ctx)
			return answer(l, func() any { return l[2] }), err
		}},
		{"UpdateProduct", func(ctx context.Context, cl *store.Client) (Answer, error) {
			p, err := cl.UpdateProduct(ctx, 7, store.ProductFields{Title: "test product", Price: price, Description: "lorem ipsum set", Image: "https://i.pravatar.cc", Category: "electronic"})
			return answer(p, func() any { return p.ID }), err
		}},
		{"PatchProduct", func(ctx context.Context, cl *store.Client) (Answer, error) {
			p, err := cl.PatchProduct(ctx, 7, store.ProductFields{Price: price})
			return answer(p, func() any { return p.Price.String() }), err
		}},
		{"DeleteProduct", func(ctx context.Context, cl *store.Client) (Answer, error) {
			p, err := cl.DeleteProduct(ctx, 1)
			return answer(p, func() any { return p.Title }), err
		}},
		{"Carts", func(ctx context.Context, cl *store.Client) (Answer, error) {
			l, err := cl.Carts(ctx, &store.CartsParams{StartDate: conduit.Date{Year: 2019, Month: 12, Day: 10}, EndDate: conduit.Date{Year: 2020, Month: 10, Day: 10}})
			return answer(l, func() any { return l[1].ID }), err
		}},
		{"Cart", func(ctx context.Context, cl *store.Client) (Answer, error) {
			c, err := cl.Cart(ctx, 1)
			return answer(c, func() any { return c.Products[0].Quantity }), err
		}},
		{"UserCarts", func(ctx context.Context, cl *store.Client) (Answer, error) {
			l, err := cl.UserCarts(ctx, 1, nil)
			return answer(l, func() any { return l[1].ID }), err
		}},
		{"AddCart", func(ctx context.Context, cl *store.Client) (Answer, error) {
			c, err := cl.AddCart(ctx, cart)
			return answer(c, func() any { return c.ID }), err
		}},
		{"UpdateCart", func(ctx context.Context, cl *store.Client) (Answer, error) {
			c, err := cl.UpdateCart(ctx, 7, cart)
			return answer(c, func() any { return c.ID }), err
		}},
		{"DeleteCart", func(ctx context.Context, cl *store.Client) (Answer, error) {
			c, err := cl.DeleteCart(ctx, 1)
			return answer(c, func() any { return c.UserID }), err
		}},
		{"Users", func(ctx context.Context, cl *store.Client) (Answer, error) {
			l, err := cl.Users(ctx, &store.ListParams{Limit: 2})
			return answer(l, func() any { return l[1].Username }), err
		}},
		{"User", func(ctx context.Context, cl *store.Client) (Answer, error) {
			u, err := cl.User(ctx, 1)
			return answer(u, func() any { return u.Address.City }), err
		}},
		{"AddUser", func(ctx context.Context, cl *store.Client) (Answer, error) {
			u, err := cl.AddUser(ctx, user)
			return answer(u, func() any { return u.ID }), err
		}},
		{"UpdateUser", func(ctx context.Context, cl *store.Client) (Answer, error) {
			u, err := cl.UpdateUser(ctx, 7, user)
			return answer(u, func() any { return u.ID }), err
		}},
		{"DeleteUser", func(ctx context.Context, cl *store.Client) (Answer, error) {
			u, err := cl.DeleteUser(ctx, 1)
			return answer(u, func() any { return u.Email }), err
		}},
		{"Login", func(ctx context.Context, cl *store.Client) (Answer, error) {
			s, err := cl.Login(ctx, "mor_2314", "83r5^_")
			return answer(s, func() any { return s.Token() }), err
		}},
		{"Product", func(ctx context.Context, cl *store.Client) (Answer, error) {
			p, err := cl.Product(ctx, 1)
			return answer(p, func() any { return p.Title }), err
		}},
		{"ProductsByCategory", func(ctx context.Context, cl *store.Client) (Answer, error) {
			l, err := cl.ProductsByCategory(ctx, "men's clothing", nil)
			return Answer{Value: l, Field: len(l)}, err
		}},
		{"CreateProduct", func(ctx context.Context, cl *store.Client) (Answer, error) {
			p, err := cl.CreateProduct(ctx, store.NewProduct{Title: "Linen shirt", Price: conduit.MustParseDecimal("39.90"), Category: "men's clothing"})
			return answer(p, func() any { return p.ID }), err
		}},
	})
}
