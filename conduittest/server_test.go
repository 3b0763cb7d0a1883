package conduittest_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/store"
	"github.com/conduit-sdk/conduit/sunrise"
)

func TestScriptReplies(t *testing.T) {
	srv := conduittest.NewServer(t)
	c, err := sunrise.New(append(srv.Options("sunrise"), conduit.WithMaxRetries(0))...)
	require.NoError(t, err)
	ctx := context.Background()

	srv.On("sunrise", "Get").ReplyN(2, conduittest.Reply{Status: 503, Body: `{"status":"UNKNOWN_ERROR"}`})
	for range 2 {
		_, err := c.Get(ctx, 1, 2, nil)
		assert.ErrorIs(t, err, conduit.ErrAPI)
	}
	_, err = c.Get(ctx, 1, 2, nil)
	assert.NoError(t, err, "after ReplyN the normal answer comes back")

	srv.On("sunrise", "Get").Reply(conduittest.Reply{Status: 404, Body: `gone`, Header: http.Header{"Content-Type": {"text/plain"}}})
	for range 2 {
		_, err := c.Get(ctx, 1, 2, nil)
		assert.ErrorIs(t, err, conduit.ErrNotFound)
	}
	srv.On("sunrise", "Get").Clear()
	_, err = c.Get(ctx, 1, 2, nil)
	assert.NoError(t, err)

	got := srv.Requests("sunrise", "Get")
	require.Len(t, got, 6)
	assert.Equal(t, "GET", got[0].Method)
	assert.Equal(t, "/sun_url/json", got[0].Path)
	assert.Equal(t, "1", got[0].Query.Get("lat"))
	assert.Equal(t, "0", got[0].Query.Get("formatted"))
}

func TestScriptDelayAndReset(t *testing.T) {
	srv := conduittest.NewServer(t)
	c, err := sunrise.New(append(srv.Options("sunrise"), conduit.WithMaxRetries(0))...)
	require.NoError(t, err)

	srv.On("sunrise", "Get").ReplyN(1, conduittest.Reply{Delay: time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = c.Get(ctx, 1, 2, nil)
	assert.ErrorIs(t, err, context.DeadlineExceeded, "the delayed answer outlived the deadline")

	srv.On("sunrise", "Get").ReplyN(1, conduittest.Reply{Reset: true})
	_, err = c.Get(context.Background(), 1, 2, nil)
	require.Error(t, err)
	assert.False(t, errors.Is(err, conduit.ErrAPI), "a reset is no answer: %v", err)
}

// The server checks credentials where the service puts them: a wrong key,
// or a key in the wrong place, is a 401.
func TestCredentialsChecked(t *testing.T) {
	srv := conduittest.NewServer(t)
	wrong, err := inference.New(conduit.WithBaseURL(srv.BaseURL("inference", "inference_url")), inference.WithAPIKey("not-the-key"),
		conduit.WithMaxRetries(0))
	require.NoError(t, err)
	_, err = wrong.ListModels(context.Background())
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)

	key := conduittest.Credential("inference", "api_key")
	leaky, err := inference.New(append(srv.Options("inference"), conduit.WithHeader("X-Debug", key), conduit.WithMaxRetries(0))...)
	require.NoError(t, err)
	_, err = leaky.ListModels(context.Background())
	assert.ErrorIs(t, err, conduit.ErrUnauthorized)
	assert.Contains(t, err.Error(), "misplaced in header X-Debug")

	good, err := inference.New(srv.Options("inference")...)
	require.NoError(t, err)
	_, err = good.ListModels(context.Background())
	assert.NoError(t, err)
}

// Setenv points every package at the server for the rest of the test.
func TestSetenv(t *testing.T) {
	srv := conduittest.NewServer(t)
	srv.Setenv(t)
	c, err := chat.New()
	require.NoError(t, err)
	u, err := c.CurrentUser(context.Background())
	require.NoError(t, err)
	assert.NotEmpty(t, u.ID)
	assert.True(t, strings.HasPrefix(srv.BaseURL("chat", "chat_url"), srv.URL()))
}

func TestEditingARecordedRequestLeavesTheServersRecord(t *testing.T) {
	srv := conduittest.NewServer(t)
	c, err := store.New(srv.Options("store")...)
	require.NoError(t, err)
	price, err := conduit.ParseDecimal("9.99")
	require.NoError(t, err)
	_, err = c.CreateProduct(context.Background(), store.NewProduct{Title: "Lamp", Price: price, Category: "electronics"})
	require.NoError(t, err)
	got, ok := srv.Last("store", "CreateProduct")
	require.True(t, ok)
	got.Header.Set("User-Agent", "edited")
	got.Query.Set("x", "edited")
	got.Body[0] = 'X'
	again, _ := srv.Last("store", "CreateProduct")
	assert.NotEqual(t, "edited", again.Header.Get("User-Agent"))
	assert.Empty(t, again.Query.Get("x"))
	assert.Equal(t, byte('{'), again.Body[0])
	all := srv.Requests("store", "CreateProduct")
	all[0].Header.Del("User-Agent")
	assert.NotEmpty(t, srv.Requests("store", "CreateProduct")[0].Header.Get("User-Agent"))
}

func TestFilingsFakeAcceptsAnyContactWithAnEmail(t *testing.T) {
	srv := conduittest.NewServer(t)
	for ua, ok := range map[string]bool{
		"Acme Research ops@acme.example": true,
		"Jane Doe jane.doe@example.org":  true,
		"Acme Research":                  false,
		"ops@acme.example":               false,
	} {
		c, err := filings.New(append(srv.Options("filings"), filings.WithContact(ua))...)
		require.NoError(t, err)
		_, err = c.Submissions(context.Background(), 320193)
		if ok {
			assert.NoError(t, err, ua)
		} else {
			assert.Error(t, err, ua)
		}
	}
}

// A misspelt package, operation, base or credential name panics, naming
// what the package has, wherever a test names one: a typo would otherwise
// read back nothing, or a URL that answers 404.
func TestMisspeltNamesFailClearly(t *testing.T) {
	srv := conduittest.NewServer(t)
	srv.Handle("inference", "POST /embeddings", conduittest.Reply{Body: `{}`})
	assert.Empty(t, srv.Requests("inference", "POST /embeddings"), "a Handle pattern is a name")
	assert.Empty(t, srv.Requests("inference", "CreateChatCompletion"))
	for name, call := range map[string]func(){
		"On":         func() { srv.On("inference", "CreateChatCompletions") },
		"Requests":   func() { srv.Requests("inference", "CreateChatCompletions") },
		"Last":       func() { srv.Last("inference", "CreateChatCompletions") },
		"BaseURL":    func() { srv.BaseURL("inference", "inference_base") },
		"Credential": func() { conduittest.Credential("inference", "api_token") },
		"package":    func() { srv.Requests("inferense", "CreateChatCompletion") },
	} {
		msg := func() (msg string) {
			defer func() { msg = fmt.Sprint(recover()) }()
			call()
			return "no panic"
		}()
		assert.Contains(t, msg, "conduittest: ", name)
		assert.Contains(t, msg, "known: ", name)
	}
}

// Every push fake is reachable from the Server, started once, and closed
// with it.
func TestServerPushFakes(t *testing.T) {
	srv := conduittest.Start()
	require.NotNil(t, srv.ChatGateway())
	node, feed := srv.NodeSocket(), srv.MempoolSocket()
	require.Same(t, node, srv.NodeSocket())
	require.Same(t, feed, srv.MempoolSocket())
	c, err := explorer.New(feed.Options()...)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.Close()
	for _, err := range c.Live(&explorer.LiveOptions{MaxReconnects: 1, ReconnectMin: time.Millisecond, ReconnectMax: time.Millisecond}).Updates(ctx) {
		require.Error(t, err, "the feed is closed with the server")
		break
	}
}
