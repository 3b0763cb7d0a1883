package transport

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

func TestRevealGivesADeclaredSecretOrSaysHowToSetIt(t *testing.T) {
	t.Setenv("CONDUIT_TESTSVC_API_KEY", "")
	svc := testService(Auth{}, apiKey, Value{Name: "region", Option: "testsvc.WithRegion"})
	op := &Op{Service: svc, Name: "Sign"}
	c := newClient(t, svc, svc.Set("api_key", "k-123"), svc.Set("region", "eu"))
	v, err := c.Reveal(op, "api_key")
	require.NoError(t, err)
	assert.Equal(t, "k-123", v)
	v, err = c.Reveal(op, "region")
	require.NoError(t, err)
	assert.Equal(t, "eu", v, "a setting too")

	_, err = newClient(t, svc).Reveal(op, "api_key")
	assert.ErrorIs(t, err, conduit.ErrMissingCredential)
	assert.Contains(t, err.Error(), "testsvc.WithAPIKey")
}

func TestBaseURLIsTheResolvedBase(t *testing.T) {
	t.Setenv("CONDUIT_TESTSVC_OTHER_URL", "")
	svc := testService(Auth{})
	op := &Op{Service: svc, Name: "URL"}
	c := newClient(t, svc, conduit.WithBaseURL("https://api.example.com/"))
	u, err := c.BaseURL(op, "")
	require.NoError(t, err)
	assert.Equal(t, "https://api.example.com", u)
	_, err = c.BaseURL(op, "other_url")
	assert.ErrorIs(t, err, conduit.ErrMissingBaseURL)
}
