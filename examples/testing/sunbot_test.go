package sunbot_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"example.com/sunbot"
	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/countries"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/sunrise"
)

// newBot points every client at one fake server: one line each.
func newBot(t *testing.T, srv *conduittest.Server) *sunbot.Bot {
	t.Helper()
	sun, err := sunrise.New(srv.Options("sunrise")...)
	if err != nil {
		t.Fatal(err)
	}
	model, err := inference.New(srv.Options("inference")...)
	if err != nil {
		t.Fatal(err)
	}
	bot, err := chat.New(srv.Options("chat")...)
	if err != nil {
		t.Fatal(err)
	}
	return &sunbot.Bot{Sun: sun, Model: model, Chat: bot, Channel: "1180000000000000101"}
}

// posted decodes the content of every message the fake chat received.
func posted(t *testing.T, srv *conduittest.Server) []string {
	t.Helper()
	var out []string
	for _, r := range srv.Requests("chat", "CreateMessage") {
		var m struct {
			Content string `json:"content"`
		}
		if err := json.Unmarshal(r.Body, &m); err != nil {
			t.Fatalf("message body %q: %v", r.Body, err)
		}
		out = append(out, m.Content)
	}
	return out
}

func TestAnnounce(t *testing.T) {
	srv := conduittest.NewServer(t)
	line, err := newBot(t, srv).Announce(context.Background(), 51.4779, -0.0015)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(line, "(sunrise 03:43 UTC)") {
		t.Errorf("line = %q, want it to end with the sunrise time", line)
	}
	if got := posted(t, srv); len(got) != 1 || got[0] != line {
		t.Errorf("posted %q, want exactly [%q]", got, line)
	}

	// The request carried what the service needs; the fake checked the
	// credential, and the test can read everything else.
	sent, _ := srv.Last("sunrise", "Get")
	if sent.Query.Get("lat") != "51.4779" || sent.Query.Get("lng") != "-0.0015" {
		t.Errorf("sunrise query = %v", sent.Query)
	}
	msg, _ := srv.Last("chat", "CreateMessage")
	if !strings.HasPrefix(msg.Header.Get("Authorization"), "Bot ") {
		t.Errorf("chat Authorization = %q, want a bot token", msg.Header.Get("Authorization"))
	}
}

// A rate-limited post is retried by conduit after the wait the service
// asked for; the code under test sees one success, and the retry is the
// same message (same nonce), not a second one.
func TestAnnounceRetriesRateLimit(t *testing.T) {
	srv := conduittest.NewServer(t)
	srv.On("chat", "CreateMessage").ReplyN(1, conduittest.Reply{
		Status: http.StatusTooManyRequests,
		Header: http.Header{"Retry-After": {"0"}, "X-RateLimit-Scope": {"user"}},
		Body:   `{"message": "You are being rate limited.", "retry_after": 0.01, "global": false}`,
	})
	if _, err := newBot(t, srv).Announce(context.Background(), 51.4779, -0.0015); err != nil {
		t.Fatal(err)
	}
	sent := srv.Requests("chat", "CreateMessage")
	if len(sent) != 2 {
		t.Fatalf("%d attempts, want 2", len(sent))
	}
	nonce := func(r conduittest.Request) string {
		var m struct {
			Nonce string `json:"nonce"`
		}
		json.Unmarshal(r.Body, &m)
		return m.Nonce
	}
	if a, b := nonce(sent[0]), nonce(sent[1]); a == "" || a != b {
		t.Errorf("nonces %q and %q: a retry must resend the same message", a, b)
	}
}

// A rate limit that outlasts the retries reaches the caller as a typed
// error: ErrRateLimited, with the service's own message.
func TestAnnounceRateLimitedForGood(t *testing.T) {
	srv := conduittest.NewServer(t)
	srv.On("chat", "CreateMessage").Reply(conduittest.Reply{
		Status: http.StatusTooManyRequests,
		Header: http.Header{"Retry-After": {"0"}},
		Body:   `{"message": "You are being rate limited.", "retry_after": 0.01, "global": false}`,
	})
	b := newBot(t, srv)
	var err error
	b.Chat, err = chat.New(append(srv.Options("chat"), conduit.WithMaxRetries(1))...)
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.Announce(context.Background(), 51.4779, -0.0015)
	if !errors.Is(err, conduit.ErrRateLimited) {
		t.Fatalf("err = %v, want ErrRateLimited", err)
	}
	var ce *conduit.Error
	if !errors.As(err, &ce) || ce.Message != "You are being rate limited." || ce.Attempts != 2 {
		t.Errorf("conduit.Error = %+v, want the service's message after 2 attempts", ce)
	}
}

// A model stream cut midway is an error, never a short line, and nothing
// is posted.
func TestAnnounceStreamCut(t *testing.T) {
	srv := conduittest.NewServer(t)
	srv.On("inference", "StreamChatCompletion").ReplyN(1, conduittest.Reply{CutAfter: 2})
	_, err := newBot(t, srv).Announce(context.Background(), 51.4779, -0.0015)
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("err = %v, want io.ErrUnexpectedEOF", err)
	}
	if got := posted(t, srv); len(got) != 0 {
		t.Errorf("posted %q after a broken stream", got)
	}
}

// A failure the service reports in its own words keeps them: the model
// host's code and request id reach the caller.
func TestAnnounceModelFailure(t *testing.T) {
	srv := conduittest.NewServer(t)
	srv.On("inference", "StreamChatCompletion").Reply(conduittest.Reply{
		Status: http.StatusNotFound,
		Header: http.Header{"X-Request-Id": {"req_01"}},
		Body:   `{"error": {"message": "The model does not exist.", "type": "invalid_request_error", "code": "model_not_found"}}`,
	})
	_, err := newBot(t, srv).Announce(context.Background(), 51.4779, -0.0015)
	var ce *conduit.Error
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want a *conduit.Error", err)
	}
	if !errors.Is(err, conduit.ErrNotFound) || ce.Code != "model_not_found" || ce.RequestID != "req_01" {
		t.Errorf("got %v (code %q, request id %q)", err, ce.Code, ce.RequestID)
	}
}

// Endpoints conduit does not type are reached with Do, and faked with
// Handle: no mux of the test's own, credentials checked as for the typed
// calls, requests recorded under the pattern.
func TestDoEndpointsFakedWithHandle(t *testing.T) {
	srv := conduittest.NewServer(t)
	srv.Handle("chat", "GET /channels/{channel_id}/pins", conduittest.Reply{Body: `[{"id":"1180000000000000777","content":"standup at 9"}]`})
	srv.Handle("inference", "GET /batches", conduittest.Reply{Body: `{"object":"list","data":[{"id":"batch_01","status":"completed"}]}`})
	srv.Handle("countries", "GET /countries/info", conduittest.Reply{Body: `{"error":false,"msg":"countries retrieved","data":[{"name":"Chad","currency":"XAF"}]}`})
	bot := newBot(t, srv)
	ctx := context.Background()

	var pins []struct{ Content string }
	if err := bot.Chat.Do(ctx, "GET", "/channels/1180000000000000101/pins", nil, &pins); err != nil {
		t.Fatal(err)
	}
	var batches struct{ Data []struct{ ID, Status string } }
	if err := bot.Model.Do(ctx, "GET", "/batches", nil, &batches); err != nil {
		t.Fatal(err)
	}
	places, err := countries.New(srv.Options("countries")...)
	if err != nil {
		t.Fatal(err)
	}
	var info struct {
		Data []struct{ Name, Currency string }
	}
	if err := places.Do(ctx, "GET", "/countries/info?returns=currency", nil, &info); err != nil {
		t.Fatal(err)
	}
	if pins[0].Content != "standup at 9" || batches.Data[0].Status != "completed" || info.Data[0].Currency != "XAF" {
		t.Errorf("answers: %+v %+v %+v", pins, batches, info)
	}
	if got := srv.Requests("countries", "GET /countries/info"); len(got) != 1 || got[0].Query.Get("returns") != "currency" {
		t.Errorf("recorded: %+v", got)
	}
}
