package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/store"
)

// Each operation's method, path, query and body, as the service's
// documentation shows them.
func TestRequestShapes(t *testing.T) {
	price := conduit.MustParseDecimal("13.5")
	day := conduit.Date{Year: 2020, Month: 2, Day: 3}
	items := []store.CartItem{{ProductID: 5, Quantity: 1}}
	user := store.NewUser{Email: "john@gmail.com", Username: "johnd", Password: "m38rmF$", Name: store.Name{Firstname: "john", Lastname: "doe"}}
	for _, tc := range []struct {
		reply        string
		call         func(context.Context, *store.Client) error
		method, path string
		query, body  string
	}{
		{`[]`, func(ctx context.Context, c *store.Client) error {
			_, err := c.Products(ctx, &store.ListParams{Limit: 5, Sort: store.Descending})
			return err
		}, "GET", "/products", "limit=5&sort=desc", ""},
		{`["electronics"]`, func(ctx context.Context, c *store.Client) error { _, err := c.Categories(ctx); return err },
			"GET", "/products/categories", "", ""},
		{`{"id":7}`, func(ctx context.Context, c *store.Client) error {
			_, err := c.UpdateProduct(ctx, 7, store.ProductFields{Title: "test product", Price: price, Category: "electronic"})
			return err
		}, "PUT", "/products/7", "", `{"title":"test product","price":13.5,"category":"electronic"}`},
		{`{"id":7}`, func(ctx context.Context, c *store.Client) error {
			_, err := c.PatchProduct(ctx, 7, store.ProductFields{Description: "lorem ipsum set"})
			return err
		}, "PATCH", "/products/7", "", `{"description":"lorem ipsum set"}`},
		{`{"id":6}`, func(ctx context.Context, c *store.Client) error { _, err := c.DeleteProduct(ctx, 6); return err },
			"DELETE", "/products/6", "", ""},
		{`[]`, func(ctx context.Context, c *store.Client) error {
			_, err := c.Carts(ctx, &store.CartsParams{ListParams: store.ListParams{Limit: 5}, StartDate: conduit.Date{Year: 2019, Month: 12, Day: 10}, EndDate: conduit.Date{Year: 2020, Month: 10, Day: 10}})
			return err
		}, "GET", "/carts", "limit=5&startdate=2019-12-10&enddate=2020-10-10", ""},
		{`{"id":5}`, func(ctx context.Context, c *store.Client) error { _, err := c.Cart(ctx, 5); return err }, "GET", "/carts/5", "", ""},
		{`[]`, func(ctx context.Context, c *store.Client) error { _, err := c.UserCarts(ctx, 2, nil); return err }, "GET", "/carts/user/2", "", ""},
		{`{"id":11}`, func(ctx context.Context, c *store.Client) error {
			_, err := c.AddCart(ctx, store.NewCart{UserID: 5, Date: day, Products: items})
			return err
		}, "POST", "/carts", "", `{"userId":5,"date":"2020-02-03","products":[{"productId":5,"quantity":1}]}`},
		{`{"id":7}`, func(ctx context.Context, c *store.Client) error {
			_, err := c.UpdateCart(ctx, 7, store.NewCart{UserID: 3, Date: day, Products: items})
			return err
		}, "PUT", "/carts/7", "", `{"userId":3,"date":"2020-02-03","products":[{"productId":5,"quantity":1}]}`},
		{`{"id":6}`, func(ctx context.Context, c *store.Client) error { _, err := c.DeleteCart(ctx, 6); return err }, "DELETE", "/carts/6", "", ""},
		{`[]`, func(ctx context.Context, c *store.Client) error {
			_, err := c.Users(ctx, &store.ListParams{Sort: store.Ascending})
			return err
		},
			"GET", "/users", "sort=asc", ""},
		{`{"id":1}`, func(ctx context.Context, c *store.Client) error { _, err := c.User(ctx, 1); return err }, "GET", "/users/1", "", ""},
		{`{"id":11}`, func(ctx context.Context, c *store.Client) error { _, err := c.AddUser(ctx, user); return err },
			"POST", "/users", "", `{"email":"john@gmail.com","username":"johnd","password":"m38rmF$","name":{"firstname":"john","lastname":"doe"}}`},
		{`{"id":7}`, func(ctx context.Context, c *store.Client) error { _, err := c.UpdateUser(ctx, 7, user); return err },
			"PUT", "/users/7", "", `{"email":"john@gmail.com","username":"johnd","password":"m38rmF$","name":{"firstname":"john","lastname":"doe"}}`},
		{`{"id":6}`, func(ctx context.Context, c *store.Client) error { _, err := c.DeleteUser(ctx, 6); return err }, "DELETE", "/users/6", "", ""},
		{`{"token":"a.b.c"}`, func(ctx context.Context, c *store.Client) error {
			_, err := c.Login(ctx, "mor_2314", "83r5^_")
			return err
		},
			"POST", "/auth/login", "", `{"username":"mor_2314","password":"83r5^_"}`},
	} {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			c, srv := stub(t, testkit.Reply{Body: tc.reply})
			require.NoError(t, tc.call(context.Background(), c))
			r := srv.Last(t)
			assert.Equal(t, [3]string{tc.method, tc.path, tc.query}, [3]string{r.Method, r.Path, r.Query})
			if tc.body == "" {
				assert.Empty(t, r.Body)
			} else {
				assert.JSONEq(t, tc.body, string(r.Body))
			}
		})
	}
}

func TestWritesAreNotSentTwice(t *testing.T) {
	c, srv := stub(t, testkit.Reply{Status: 503})
	_, err := c.DeleteCart(context.Background(), 1)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.Equal(t, 1, srv.Hits(), "the service may have acted: not repeated")
}

func TestUnknownCartAndUserAreNotFound(t *testing.T) {
	c, _ := stub(t, testkit.Reply{Body: "null"})
	_, err := c.Cart(context.Background(), 99)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Status: 200, Message: "no cart with this id"})
	_, err = c.DeleteUser(context.Background(), 99)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Status: 200, Message: "no user with this id"})
}

func TestLoginRefusedIsUnauthorizedAndKeepsThePasswordOut(t *testing.T) {
	c, srv := stub(t, testkit.Reply{Status: 401, ContentType: "text/plain; charset=utf-8", Body: "username or password is incorrect"})
	_, err := c.Login(context.Background(), "mor_2314", "s3cret-pass")
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrUnauthorized, Status: 401, Message: "username or password is incorrect"})
	testkit.NoSecret(t, err, "s3cret-pass")
	assert.Equal(t, 1, srv.Hits())
}

func TestSessionNeverPrintsItsToken(t *testing.T) {
	c, _ := stub(t, testkit.Reply{Body: `{"token":"eyJ.payload.sig"}`})
	s, err := c.Login(context.Background(), "mor_2314", "83r5^_")
	require.NoError(t, err)
	assert.Equal(t, "eyJ.payload.sig", s.Token())
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
		assert.NotContains(t, fmt.Sprintf(verb, s), "eyJ", verb)
		assert.NotContains(t, fmt.Sprintf(verb, *s), "eyJ", verb)
	}

	_, err = func() (*store.Session, error) {
		c, _ := stub(t, testkit.Reply{Body: `{}`})
		return c.Login(context.Background(), "mor_2314", "83r5^_")
	}()
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse, "a 200 without a token")
}

func TestCartTimeReadsTimestampsAndDays(t *testing.T) {
	for date, want := range map[string]time.Time{
		"2020-03-02T00:00:02.000Z": time.Date(2020, 3, 2, 0, 0, 2, 0, time.UTC),
		"2020-02-03":               time.Date(2020, 2, 3, 0, 0, 0, 0, time.UTC),
	} {
		got, err := (&store.Cart{Date: conduit.Text(date)}).Time()
		require.NoError(t, err)
		assert.True(t, want.Equal(got), date)
	}
	_, err := (&store.Cart{Date: "soon"}).Time()
	assert.Error(t, err)
}
