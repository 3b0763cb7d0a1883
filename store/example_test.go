package store_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/store"
)

func ExampleClient_ProductsByCategory() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := store.New(srv.Options("store")...)
	if err != nil {
		log.Fatal(err)
	}
	products, err := c.ProductsByCategory(context.Background(), "men's clothing", &store.ProductsByCategoryParams{Limit: 3})
	if err != nil {
		log.Fatal(err)
	}
	for _, p := range products {
		fmt.Printf("%d %s %s\n", p.ID, p.Price, p.Title)
	}
	// Output:
	// 1 109.95 Trailhead 20L Daypack, fits 15-inch laptops
	// 2 22.3 Slim-fit crew T-shirt, heather grey
	// 3 55.99 Quilted cotton field jacket
}

func ExampleClient_Products() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := store.New(srv.Options("store")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	cats, err := c.Categories(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(cats)
	all, err := c.Products(ctx, &store.ListParams{Limit: 3, Sort: store.Descending})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(all), "products")
	// Output:
	// [electronics jewelery men's clothing women's clothing]
	// 3 products
}

// Writes are simulated: the service echoes them and stores nothing.
func ExampleClient_UpdateProduct() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := store.New(srv.Options("store")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	put, err := c.UpdateProduct(ctx, 7, store.ProductFields{Title: "test product", Price: conduit.MustParseDecimal("13.5"), Category: "electronic"})
	if err != nil {
		log.Fatal(err)
	}
	patched, err := c.PatchProduct(ctx, 7, store.ProductFields{Price: conduit.MustParseDecimal("11.99")})
	if err != nil {
		log.Fatal(err)
	}
	deleted, err := c.DeleteProduct(ctx, 1)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(put.ID, put.Title, put.Price, "|", patched.Price, "|", deleted.ID)
	// Output:
	// 7 test product 13.5 | 11.99 | 1
}

func ExampleClient_Carts() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := store.New(srv.Options("store")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	inRange, err := c.Carts(ctx, &store.CartsParams{
		StartDate: conduit.Date{Year: 2019, Month: 12, Day: 10},
		EndDate:   conduit.Date{Year: 2020, Month: 10, Day: 10},
	})
	if err != nil {
		log.Fatal(err)
	}
	one, err := c.Cart(ctx, 1)
	if err != nil {
		log.Fatal(err)
	}
	mine, err := c.UserCarts(ctx, 1, nil)
	if err != nil {
		log.Fatal(err)
	}
	when, err := one.Time()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(inRange), "carts in range; cart", one.ID, "of", when.Format("2006-01-02"), "holds", len(one.Products), "lines; user 1 has", len(mine))

	items := []store.CartItem{{ProductID: 5, Quantity: 1}, {ProductID: 1, Quantity: 5}}
	added, err := c.AddCart(ctx, store.NewCart{UserID: 5, Date: conduit.Date{Year: 2020, Month: 2, Day: 3}, Products: items})
	if err != nil {
		log.Fatal(err)
	}
	replaced, err := c.UpdateCart(ctx, 7, store.NewCart{UserID: 5, Date: conduit.Date{Year: 2020, Month: 2, Day: 3}, Products: items})
	if err != nil {
		log.Fatal(err)
	}
	dropped, err := c.DeleteCart(ctx, 1)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(added.ID, replaced.ID, dropped.ID)
	// Output:
	// 2 carts in range; cart 1 of 2020-03-02 holds 3 lines; user 1 has 2
	// 11 7 1
}

func ExampleClient_Users() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := store.New(srv.Options("store")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	users, err := c.Users(ctx, &store.ListParams{Limit: 2})
	if err != nil {
		log.Fatal(err)
	}
	u, err := c.User(ctx, 1)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(users), "users;", u.Username, u.Name.Firstname, u.Address.City)

	nu := store.NewUser{Email: "John@gmail.com", Username: "johnd", Password: "m38rmF$", Name: store.Name{Firstname: "John", Lastname: "Doe"}}
	created, err := c.AddUser(ctx, nu)
	if err != nil {
		log.Fatal(err)
	}
	updated, err := c.UpdateUser(ctx, 7, nu)
	if err != nil {
		log.Fatal(err)
	}
	removed, err := c.DeleteUser(ctx, 1)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(created.ID, updated.ID, removed.ID)
	// Output:
	// 2 users; johnd john kilcoole
	// 11 7 1
}

func ExampleClient_Login() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := store.New(srv.Options("store")...)
	if err != nil {
		log.Fatal(err)
	}
	s, err := c.Login(context.Background(), "mor_2314", "83r5^_")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s, strings.Count(s.Token(), ".")) // a JWT: three parts
	_, err = c.Login(context.Background(), "mor_2314", "wrong")
	fmt.Println(errors.Is(err, conduit.ErrUnauthorized))
	// Output:
	// store.Session{token} 2
	// true
}
