package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/internal/golden"
)

// The documented cart and user records decode into these.
func TestCartAndUserGoldens(t *testing.T) {
	c := replayClient(t)
	ctx := context.Background()
	carts, err := c.Carts(ctx, nil)
	require.NoError(t, err)
	golden.JSON(t, "store", "carts", carts)
	users, err := c.Users(ctx, nil)
	require.NoError(t, err)
	golden.JSON(t, "store", "users", users)
}
