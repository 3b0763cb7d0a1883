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
func (c *Client) GetBalance(ctx context.Context, accessToken string, opts ...Option) (*BalanceResponse, error) {
	if accessToken == "" {
		return nil, balanceOp.Invalid("access_token", "must not be empty")
	}
	if strings.ContainsFunc(accessToken, isSpaceOrControl) {
		return nil, balanceOp.Invalid("access_token", "contains white space or a control character")
	}
	call := transport.Call{Body: balanceBody{AccessToken: accessToken}, Secrets: []string{accessToken}}
	return balanceOp.Do(ctx, c.t, call, opts)
}

func isSpaceOrControl(r rune) bool { return r <= ' ' || r == 0x7f }
