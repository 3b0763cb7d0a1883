package inference_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

func TestModel(t *testing.T) {
	m, err := newReplay(t).Model(context.Background(), "llama-3.3-70b-versatile")
	require.NoError(t, err)
	assert.Equal(t, "llama-3.3-70b-versatile", m.ID)
	assert.Equal(t, "Meta", m.OwnedBy)
	assert.Equal(t, inference.ContextWindow(131072), m.ContextWindow)
	assert.Equal(t, int64(32768), m.MaxCompletionTokens)
	require.NotNil(t, m.Active)
	assert.True(t, *m.Active)
	assert.Contains(t, string(m.RawJSON()), `"public_apps": null`, "the fields not typed stay reachable")
}

// An id with a vendor prefix keeps its slash: hosts route
// /models/openai/gpt-oss-120b, not an escaped single segment.
func TestModelRequestShape(t *testing.T) {
	srv := testkit.Start(t, fixture(t, "model.json"))
	_, err := client(t, srv).Model(context.Background(), "openai/gpt-oss-120b")
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "GET", got.Method)
	assert.Equal(t, "/v1/models/openai/gpt-oss-120b", got.Path)
	assert.Empty(t, got.Body)
	assertAuth(t, got)
}

func TestModelRefusesEmptyAndDotIDs(t *testing.T) {
	srv := testkit.Start(t, fixture(t, "model.json"))
	c := client(t, srv)
	_, err := c.Model(context.Background(), "")
	testkit.InvalidParam(t, err, "model")
	_, err = c.Model(context.Background(), "openai/..")
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.Zero(t, srv.Hits(), "refused before any I/O")
}

func TestModelNotFound(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: 404, Body: testkit.Fixture(t, "inference", "model_not_found.json")})
	_, err := client(t, srv).Model(context.Background(), "llama-9-1t")
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "model_not_found"})
}
