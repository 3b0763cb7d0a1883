package store

import (
	"context"
	"net/mail"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	usersOp   = transport.Declare[[]User](service, transport.Op{Name: "Users", Method: "GET", Path: "/users"}, nil)
	userOp    = transport.Declare(service, transport.Op{Name: "User", Method: "GET", Path: "/users/{id}"}, userFound)
	addUserOp = transport.Declare(service, transport.Op{Name: "AddUser", Method: "POST", Path: "/users", Write: true},
		(*CreatedUser).problem)
	updateUserOp = transport.Declare(service, transport.Op{Name: "UpdateUser", Method: "PUT", Path: "/users/{id}", Write: true},
		(*CreatedUser).problem)
	deleteUserOp = transport.Declare(service, transport.Op{Name: "DeleteUser", Method: "DELETE", Path: "/users/{id}", Write: true},
		userFound)
)

// User is one customer account of the demo store. The service also sends
// the account's password in clear (demo data); it is not typed, so that
// printing a User never shows it, but RawJSON holds it as sent.
type User struct {
	raw      `json:"-"`
	ID       int64   `json:"id"`
	Email    string  `json:"email"`
	Username string  `json:"username"`
	Name     Name    `json:"name"`
	Address  Address `json:"address"`
	Phone    string  `json:"phone"`
}

// Name is a user's name.
type Name struct {
	Firstname string `json:"firstname"`
	Lastname  string `json:"lastname"`
}

// Address is a user's postal address.
type Address struct {
	City        string      `json:"city"`
	Street      string      `json:"street"`
	Number      int         `json:"number"`
	Zipcode     string      `json:"zipcode"`
	Geolocation Geolocation `json:"geolocation"`
}

// Geolocation is where an address is. The service sends both as decimal
// strings ("-37.3159").
type Geolocation struct {
	Lat  string `json:"lat"`
	Long string `json:"long"`
}

// NewUser is the body of AddUser and UpdateUser.
type NewUser struct {
	Email    string `json:"email"`
	Username string `json:"username"`
	// Password is sent as given: the demo store keeps no secrets.
	Password string   `json:"password"`
	Name     Name     `json:"name"`
	Address  *Address `json:"address,omitempty"`
	Phone    string   `json:"phone,omitempty"`
}

// check refuses a user without a valid e-mail address, a user name or a
// password.
func (n *NewUser) check(op *transport.Op) error {
	if _, err := mail.ParseAddress(n.Email); err != nil || strings.ContainsAny(n.Email, "<> ") {
		return op.Invalid("email", "%.60q is not an e-mail address", n.Email)
	}
	switch {
	case strings.TrimSpace(n.Username) == "":
		return op.Invalid("username", "is empty")
	case n.Password == "":
		return op.Invalid("password", "is empty")
	}
	return nil
}

// CreatedUser is the answer of AddUser and UpdateUser: the id the service
// gave. RawJSON holds whatever else it echoed; nothing was stored.
type CreatedUser struct {
	raw `json:"-"`
	ID  int64 `json:"id"`
}

// problem reads the {"status": "error", …} shape of a refused write.
func (u *CreatedUser) problem() *transport.Problem { return statusProblem(u.raw) }

// userFound turns the null answer the service gives an unknown user id
// into ErrNotFound.
func userFound(u **User) *transport.Problem {
	if *u == nil {
		return &transport.Problem{Kind: errNoRecord, Message: "no user with this id"}
	}
	return nil
}

// Users returns every user, or the first p.Limit in p.Sort order.
func (c *Client) Users(ctx context.Context, p *ListParams, opts ...Option) ([]User, error) {
	q, err := p.query(usersOp.Op)
	if err != nil {
		return nil, err
	}
	out, err := usersOp.Do(ctx, c.t, transport.Call{Query: q}, opts)
	if err != nil {
		return nil, err
	}
	return *out, nil
}

// User returns the user with the given id; an unknown id is ErrNotFound.
func (c *Client) User(ctx context.Context, id int64, opts ...Option) (*User, error) {
	args, err := positiveID(userOp.Op, "id", id)
	if err != nil {
		return nil, err
	}
	out, err := userOp.Do(ctx, c.t, transport.Call{Args: args}, opts)
	if err != nil {
		return nil, err
	}
	return *out, nil
}

// AddUser submits a new user. The service answers with a new id and
// stores nothing. It is a write.
func (c *Client) AddUser(ctx context.Context, n NewUser, opts ...Option) (*CreatedUser, error) {
	if err := n.check(addUserOp.Op); err != nil {
		return nil, err
	}
	return addUserOp.Do(ctx, c.t, transport.Call{Body: n, Secrets: []string{n.Password}}, opts)
}

// UpdateUser replaces user id (PUT). The service answers with the id and
// stores nothing. It is a write.
func (c *Client) UpdateUser(ctx context.Context, id int64, n NewUser, opts ...Option) (*CreatedUser, error) {
	args, err := positiveID(updateUserOp.Op, "id", id)
	if err != nil {
		return nil, err
	}
	if err := n.check(updateUserOp.Op); err != nil {
		return nil, err
	}
	return updateUserOp.Do(ctx, c.t, transport.Call{Args: args, Body: n, Secrets: []string{n.Password}}, opts)
}

// DeleteUser deletes user id and returns it as it stood; the service only
// pretends to. An unknown id is ErrNotFound. It is a write.
func (c *Client) DeleteUser(ctx context.Context, id int64, opts ...Option) (*User, error) {
	args, err := positiveID(deleteUserOp.Op, "id", id)
	if err != nil {
		return nil, err
	}
	out, err := deleteUserOp.Do(ctx, c.t, transport.Call{Args: args}, opts)
	if err != nil {
		return nil, err
	}
	return *out, nil
}
