package faults

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/store"
)

func init() {
	notes = append(notes,
		noted("store", "Product", store.New).rejects("id", func(ctx context.Context, c *store.Client) error {
			return discard(c.Product(ctx, 0))
		}).rejects("id", func(ctx context.Context, c *store.Client) error {
			return discard(c.Product(ctx, -7))
		}),
		noted("store", "ProductsByCategory", store.New).rejects("category", func(ctx context.Context, c *store.Client) error {
			return discard(c.ProductsByCategory(ctx, " ", nil))
		}).rejects("limit", func(ctx context.Context, c *store.Client) error {
			return discard(c.ProductsByCategory(ctx, "jewelery", &store.ProductsByCategoryParams{Limit: -1}))
		}),
		noted("store", "CreateProduct", store.New).writes().rejects("title", func(ctx context.Context, c *store.Client) error {
			return discard(c.CreateProduct(ctx, store.NewProduct{Price: conduit.MustParseDecimal("39.90"), Category: "men's clothing"}))
		}).rejects("price", func(ctx context.Context, c *store.Client) error {
			return discard(c.CreateProduct(ctx, store.NewProduct{Title: "Shirt", Price: conduit.MustParseDecimal("-1"), Category: "men's clothing"}))
		}).rejects("price", func(ctx context.Context, c *store.Client) error {
			return discard(c.CreateProduct(ctx, store.NewProduct{Title: "Shirt", Category: "men's clothing"}))
		}).rejects("category", func(ctx context.Context, c *store.Client) error {
			return discard(c.CreateProduct(ctx, store.NewProduct{Title: "Shirt", Price: conduit.MustParseDecimal("39.90")}))
		}),
		noted("store", "Products", store.New).rejects("limit", func(ctx context.Context, c *store.Client) error {
			return discard(c.Products(ctx, &store.ListParams{Limit: -1}))
		}).rejects("sort", func(ctx context.Context, c *store.Client) error {
			return discard(c.Products(ctx, &store.ListParams{Sort: "newest"}))
		}),
		noted("store", "UpdateProduct", store.New).writes().rejects("id", func(ctx context.Context, c *store.Client) error {
			return discard(c.UpdateProduct(ctx, 0, storeFields))
		}).rejects("title", func(ctx context.Context, c *store.Client) error {
			return discard(c.UpdateProduct(ctx, 7, store.ProductFields{Price: storeFields.Price, Category: "electronic"}))
		}),
		noted("store", "PatchProduct", store.New).writes().rejects("fields", func(ctx context.Context, c *store.Client) error {
			return discard(c.PatchProduct(ctx, 7, store.ProductFields{}))
		}).rejects("image", func(ctx context.Context, c *store.Client) error {
			return discard(c.PatchProduct(ctx, 7, store.ProductFields{Image: "javascript:alert(1)"}))
		}),
		noted("store", "DeleteProduct", store.New).writes().rejects("id", func(ctx context.Context, c *store.Client) error {
			return discard(c.DeleteProduct(ctx, -1))
		}),
		noted("store", "Carts", store.New).rejects("enddate", func(ctx context.Context, c *store.Client) error {
			return discard(c.Carts(ctx, &store.CartsParams{StartDate: conduit.Date{Year: 2020, Month: 10, Day: 10}, EndDate: conduit.Date{Year: 2019, Month: 12, Day: 10}}))
		}).rejects("startdate", func(ctx context.Context, c *store.Client) error {
			return discard(c.Carts(ctx, &store.CartsParams{StartDate: conduit.Date{Year: 2020, Month: 2, Day: 30}}))
		}),
		noted("store", "Cart", store.New).rejects("id", func(ctx context.Context, c *store.Client) error {
			return discard(c.Cart(ctx, 0))
		}),
		noted("store", "UserCarts", store.New).rejects("userId", func(ctx context.Context, c *store.Client) error {
			return discard(c.UserCarts(ctx, 0, nil))
		}),
		noted("store", "AddCart", store.New).writes().rejects("products", func(ctx context.Context, c *store.Client) error {
			return discard(c.AddCart(ctx, store.NewCart{UserID: 5, Date: storeCart.Date}))
		}).rejects("userId", func(ctx context.Context, c *store.Client) error {
			return discard(c.AddCart(ctx, store.NewCart{Date: storeCart.Date, Products: storeCart.Products}))
		}),
		noted("store", "UpdateCart", store.New).writes().rejects("date", func(ctx context.Context, c *store.Client) error {
			return discard(c.UpdateCart(ctx, 7, store.NewCart{UserID: 5, Products: storeCart.Products}))
		}),
		noted("store", "DeleteCart", store.New).writes().rejects("id", func(ctx context.Context, c *store.Client) error {
			return discard(c.DeleteCart(ctx, 0))
		}),
		noted("store", "Users", store.New).rejects("limit", func(ctx context.Context, c *store.Client) error {
			return discard(c.Users(ctx, &store.ListParams{Limit: -2}))
		}),
		noted("store", "User", store.New).rejects("id", func(ctx context.Context, c *store.Client) error {
			return discard(c.User(ctx, 0))
		}),
		noted("store", "AddUser", store.New).writes().auth("body password").rejects("email", func(ctx context.Context, c *store.Client) error {
			return discard(c.AddUser(ctx, store.NewUser{Email: "john", Username: "johnd", Password: "x"}))
		}).rejects("password", func(ctx context.Context, c *store.Client) error {
			return discard(c.AddUser(ctx, store.NewUser{Email: "john@gmail.com", Username: "johnd"}))
		}),
		noted("store", "UpdateUser", store.New).writes().auth("body password").rejects("username", func(ctx context.Context, c *store.Client) error {
			return discard(c.UpdateUser(ctx, 7, store.NewUser{Email: "john@gmail.com", Password: "x"}))
		}),
		noted("store", "DeleteUser", store.New).writes().rejects("id", func(ctx context.Context, c *store.Client) error {
			return discard(c.DeleteUser(ctx, 0))
		}),
		noted("store", "Login", store.New).auth("body password").rejects("username", func(ctx context.Context, c *store.Client) error {
			return discard(c.Login(ctx, " ", "83r5^_"))
		}).rejects("password", func(ctx context.Context, c *store.Client) error {
			return discard(c.Login(ctx, "mor_2314", ""))
		}),
	)
}

var (
	storeFields = store.ProductFields{Title: "test product", Price: conduit.MustParseDecimal("13.5"), Description: "lorem ipsum set", Image: "https://i.pravatar.cc", Category: "electronic"}
	storeCart   = store.NewCart{UserID: 5, Date: conduit.Date{Year: 2020, Month: 2, Day: 3}, Products: []store.CartItem{{ProductID: 5, Quantity: 1}, {ProductID: 1, Quantity: 5}}}
)
