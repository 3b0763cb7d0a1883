package banklink

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

type balanceBody struct {
	AccessToken string `json:"access_token"`
}

// GetBalance reads the current balances of every account of the linked item
// that accessToken stands for. The token is redacted from every error, like
// the client's own credentials. It only reads, so it is retried like a GET.
func (c *Client) GetBalance(ctx context.Context, accessToken string) (*BalanceResponse, error) {
	const op = "GetBalance"
	if accessToken == "" {
		return nil, c.t.InvalidParam(op, "access_token", "must not be empty")
	}
	if strings.ContainsFunc(accessToken, isSpaceOrControl) {
		return nil, c.t.InvalidParam(op, "access_token", "contains white space or a control character")
	}
	var r BalanceResponse
	req := &transport.Request{
		Op: op, Method: "POST", Path: "/accounts/balance/get",
		Body:    balanceBody{AccessToken: accessToken},
		Secrets: []string{accessToken},
	}
	if err := c.t.Do(ctx, req, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

func isSpaceOrControl(r rune) bool { return r <= ' ' || r == 0x7f }
