package banklink

import (
	"context"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// GetBalance reads the current balances of every account of the linked item
// that accessToken stands for. The token is redacted from every error, like
// the client's own credentials. It only reads, so it is retried like a GET.
func (c *Client) GetBalance(ctx context.Context, accessToken string, opts ...Option) (*BalanceResponse, error) {
	if err := checkToken(balanceOp.Op, "access_token", accessToken); err != nil {
		return nil, err
	}
	call := transport.Call{Body: tokenBody{AccessToken: accessToken}, Secrets: []string{accessToken}}
	return balanceOp.Do(ctx, c.t, call, opts)
}

func isSpaceOrControl(r rune) bool { return r <= ' ' || r == 0x7f }
