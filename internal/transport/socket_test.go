package transport

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/socket"
	"github.com/conduit-sdk/conduit/internal/wstest"
)

// A key that travels in a WebSocket URL's path or query (Alchemy's
// wss://…/v2/{key}) never reaches an error, whatever the failure.
func TestSocketErrorsCarryNoCredential(t *testing.T) {
	const key = "sock-key-5b1f0c2e"
	svc := testService(Auth{}, apiKey)
	srv := wstest.Start()
	defer srv.Close()
	c := newClient(t, svc, conduit.WithBaseURL(srv.HTTPURL()), svc.Set("api_key", key))

	for _, status := range []int{http.StatusUnauthorized, 0} {
		srv.Refuse(status)
		if status == 0 {
			srv.Close() // nothing listens: a dial error, which quotes the URL
		}
		cfg, err := c.Socket("Subscribe", "/v2/"+key+"?token="+key)
		require.NoError(t, err)
		_, err = socket.Dial(context.Background(), cfg)
		require.Error(t, err)
		var ce *conduit.Error
		require.ErrorAs(t, err, &ce)
		require.Equal(t, "Subscribe", ce.Op)
		for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
			require.NotContains(t, fmt.Sprintf(verb, err), key, verb)
		}
		require.NotContains(t, ce.URL, key)
		if status != 0 {
			require.Equal(t, status, ce.StatusCode)
			require.ErrorIs(t, err, conduit.ErrUnauthorized)
		}
	}
}

// A path resolves against the client's base, its http turned into ws; an
// absolute https URL becomes wss; plain ws to another host is refused.
func TestSocketURL(t *testing.T) {
	c := newOpen(t, "http://127.0.0.1:9/api")
	cfg, err := c.Socket("Gateway", "/gateway?v=10")
	require.NoError(t, err)
	require.Equal(t, "ws://127.0.0.1:9/api/gateway?v=10", cfg.URL)
	require.Contains(t, cfg.Header.Get("User-Agent"), "conduit-go/")

	cfg, err = c.Socket("Gateway", "https://gateway.example/?v=10")
	require.NoError(t, err)
	require.Equal(t, "wss://gateway.example/?v=10", cfg.URL)

	_, err = c.Socket("Gateway", "ws://gateway.example/")
	require.Error(t, err)
	require.Contains(t, err.Error(), "clear text")

	_, err = c.Socket("Gateway", "ftp://gateway.example/")
	require.Error(t, err)
	require.False(t, errors.Is(err, conduit.ErrUnauthorized))
}
