package main

import (
	"context"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/store"
)

func init() {
	register("store", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := store.New()
		if err != nil {
			return err
		}
		p, err := c.Product(ctx, 1)
		if err != nil {
			return err
		}
		say("Product", "#%d %q at %s, rated %.1f by %d", p.ID, p.Title, p.Price, p.Rating.Rate, p.Rating.Count)
		list, err := c.ProductsByCategory(ctx, "men's clothing", &store.ProductsByCategoryParams{Limit: 3})
		if err != nil {
			return err
		}
		say("ProductsByCategory", "%d in men's clothing, first %q at %s", len(list), list[0].Title, list[0].Price)
		made, err := c.CreateProduct(ctx, store.NewProduct{Title: "Linen camp-collar shirt", Price: conduit.MustParseDecimal("39.90"), Category: "men's clothing"})
		if err != nil {
			return err
		}
		say("CreateProduct", "echoed #%d %q at %s (nothing stored)", made.ID, made.Title, made.Price)

		all, err := c.Products(ctx, &store.ListParams{Limit: 3, Sort: store.Descending})
		if err != nil {
			return err
		}
		say("Products", "%d products, first %q", len(all), all[0].Title)
		cats, err := c.Categories(ctx)
		if err != nil {
			return err
		}
		say("Categories", "%d categories: %v", len(cats), cats)
		put, err := c.UpdateProduct(ctx, 7, store.ProductFields{Title: "test product", Price: conduit.MustParseDecimal("13.5"), Category: "electronic"})
		if err != nil {
			return err
		}
		say("UpdateProduct", "PUT echoed #%d %q at %s (nothing stored)", put.ID, put.Title, put.Price)
		patched, err := c.PatchProduct(ctx, 7, store.ProductFields{Price: conduit.MustParseDecimal("11.99")})
		if err != nil {
			return err
		}
		say("PatchProduct", "PATCH echoed #%d price %s", patched.ID, patched.Price)
		gone, err := c.DeleteProduct(ctx, 1)
		if err != nil {
			return err
		}
		say("DeleteProduct", "deleted #%d %q (the service only pretends)", gone.ID, gone.Title)

		carts, err := c.Carts(ctx, &store.CartsParams{StartDate: conduit.Date{Year: 2019, Month: 12, Day: 10}, EndDate: conduit.Date{Year: 2020, Month: 10, Day: 10}})
		if err != nil {
			return err
		}
		say("Carts", "%d carts from 2019-12-10 to 2020-10-10", len(carts))
		cart, err := c.Cart(ctx, 1)
		if err != nil {
			return err
		}
		say("Cart", "cart #%d of user %d on %s: %d lines", cart.ID, cart.UserID, cart.Date, len(cart.Products))
		mine, err := c.UserCarts(ctx, 1, nil)
		if err != nil {
			return err
		}
		say("UserCarts", "user 1 has %d carts", len(mine))
		items := []store.CartItem{{ProductID: 5, Quantity: 1}, {ProductID: 1, Quantity: 5}}
		added, err := c.AddCart(ctx, store.NewCart{UserID: 5, Date: conduit.Date{Year: 2020, Month: 2, Day: 3}, Products: items})
		if err != nil {
			return err
		}
		say("AddCart", "echoed cart #%d for user %d (nothing stored)", added.ID, added.UserID)
		replaced, err := c.UpdateCart(ctx, 7, store.NewCart{UserID: 5, Date: conduit.Date{Year: 2020, Month: 2, Day: 3}, Products: items})
		if err != nil {
			return err
		}
		say("UpdateCart", "echoed cart #%d with %d lines", replaced.ID, len(replaced.Products))
		dropped, err := c.DeleteCart(ctx, 1)
		if err != nil {
			return err
		}
		say("DeleteCart", "deleted cart #%d", dropped.ID)

		users, err := c.Users(ctx, &store.ListParams{Limit: 2})
		if err != nil {
			return err
		}
		say("Users", "%d users, second %s", len(users), users[1].Username)
		u, err := c.User(ctx, 1)
		if err != nil {
			return err
		}
		say("User", "#%d %s %s of %s", u.ID, u.Name.Firstname, u.Name.Lastname, u.Address.City)
		nu := store.NewUser{Email: "John@gmail.com", Username: "johnd", Password: "m38rmF$", Name: store.Name{Firstname: "John", Lastname: "Doe"}}
		created, err := c.AddUser(ctx, nu)
		if err != nil {
			return err
		}
		say("AddUser", "new user #%d (nothing stored)", created.ID)
		updated, err := c.UpdateUser(ctx, 7, nu)
		if err != nil {
			return err
		}
		say("UpdateUser", "user #%d replaced (nothing stored)", updated.ID)
		removed, err := c.DeleteUser(ctx, 1)
		if err != nil {
			return err
		}
		say("DeleteUser", "deleted user %s", removed.Username)
		s, err := c.Login(ctx, "mor_2314", "83r5^_")
		if err != nil {
			return err
		}
		say("Login", "token of %d characters, printed as %v", len(s.Token()), s)
		return nil
	})
}
