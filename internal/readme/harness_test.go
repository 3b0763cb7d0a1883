package readme

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/imageedit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/maps"
	"github.com/conduit-sdk/conduit/media"
	"github.com/conduit-sdk/conduit/noderpc"
	"github.com/conduit-sdk/conduit/observability"
)

// harness is what the README's snippets take as given: a context, clients
// on conduittest, the ids the fakes know, and the functions of "your" code
// they call. Its fields are named as the snippets name them.
type harness struct {
	srv *conduittest.Server
	ctx context.Context

	// Clients, each on the fake.
	bot           *chat.Client
	inference     *inference.Client
	banklink      *banklink.Client
	maps          *maps.Client
	noderpc       *noderpc.Client
	observability *observability.Client
	ci            *ci.Client
	imageedit     *imageedit.Client
	media         *media.Client

	// Values the snippets name.
	webhookURL  string
	channelID   chat.Snowflake
	original    *chat.Message
	mux         *http.ServeMux
	text        string
	userID      string
	publicToken string
	accessToken string
	saved       string
	holderTopic noderpc.Hash
	requestID   string
	start       time.Time
	slug        ci.ProjectSlug
	out         io.Writer
	body        []byte
	r           *http.Request
	req         inference.ChatCompletionRequest
	err         error

	// Your code's functions, which the snippets call.
	store    func(itemID, accessToken string)
	upsert   func(*banklink.Transaction)
	remove   func(transactionID string)
	syncItem func(itemID string)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// newHarness starts a fake of every service, points the environment at it
// and works in a directory holding the files the snippets open.
func newHarness(t *testing.T) *harness {
	srv := conduittest.NewServer(t)
	srv.Setenv(t)
	t.Setenv("DISCORD_PUBLIC_KEY", conduittest.ChatPublicKey)
	t.Chdir(t.TempDir())
	for _, name := range []string{"rollback.log", "meeting.m4a", "shoe.jpg", "teapot.jpg"} {
		if err := os.WriteFile(name, []byte("bytes of "+name), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	fast := conduit.WithRetryBackoff(time.Millisecond, time.Millisecond)
	h := &harness{srv: srv, ctx: t.Context()}
	h.bot = must(chat.New(fast))
	h.inference = must(inference.New(fast))
	h.banklink = must(banklink.New(banklink.WithEnvironment(banklink.Sandbox), fast))
	h.maps = must(maps.New(fast))
	h.noderpc = must(noderpc.New(fast))
	h.observability = must(observability.New(fast))
	h.ci = must(ci.New(fast))
	h.imageedit = must(imageedit.New(fast))
	h.media = must(media.New(fast))

	id := conduittest.Credential("chat", "webhook_id")
	token := conduittest.Credential("chat", "webhook_token")
	h.webhookURL = srv.BaseURL("chat", "chat_webhook_base") + "/webhooks/" + id + "/" + token
	h.channelID = "1180000000000000101"
	h.original = must(h.bot.Message(h.ctx, h.channelID, "1180000000000000201"))
	h.mux = http.NewServeMux()
	h.text = "The kettle boils fast and pours cleanly; the lid rattles."
	h.userID = "user-42"
	h.publicToken = must(h.banklink.SandboxCreatePublicToken(h.ctx, "ins_109508",
		[]banklink.Product{banklink.ProductTransactions}, nil)).PublicToken
	h.accessToken = conduittest.Credential("banklink", "access_token")
	h.holderTopic = noderpc.MustHash("0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045")
	h.requestID = "req-7"
	h.start = time.Now().Add(-time.Minute)
	h.slug = must(ci.ParseProjectSlug("gh/acme/api"))
	h.out = io.Discard
	h.req = inference.ChatCompletionRequest{Model: "llama-3.3-70b-versatile", Messages: []inference.Message{inference.UserMessage("hi")}}
	h.err = &noderpc.RPCError{Code: "-32602", Message: "invalid params"}

	// A Cloudinary notification, signed with the fake's secret.
	h.body = []byte(`{"notification_type":"upload","public_id":"products/teapot-white"}`)
	secret := conduittest.Credential("media", "api_secret")
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	sum := sha1.Sum([]byte(string(h.body) + ts + secret))
	h.r = httptest.NewRequest("POST", "/cloudinary", strings.NewReader(string(h.body)))
	h.r.Header.Set("X-Cld-Timestamp", ts)
	h.r.Header.Set("X-Cld-Signature", hex.EncodeToString(sum[:]))

	h.store = func(string, string) {}
	h.upsert = func(*banklink.Transaction) {}
	h.remove = func(string) {}
	h.syncItem = func(string) {}
	return h
}

// banklinkWebhook posts a webhook the fake signed to handler, which must
// accept it.
func (h *harness) banklinkWebhook(t *testing.T, handler http.HandlerFunc) {
	body := `{"webhook_type":"TRANSACTIONS","webhook_code":"SYNC_UPDATES_AVAILABLE","item_id":"M5eVJqLnv3tbzdngLDp9FL5OlDNxlNhlE55op"}`
	r := httptest.NewRequest("POST", "/plaid/webhook", strings.NewReader(body)).WithContext(h.ctx)
	for k, v := range conduittest.BanklinkWebhookHeader([]byte(body), time.Now()) {
		r.Header[k] = v
	}
	called := ""
	h.syncItem = func(id string) { called = id }
	w := httptest.NewRecorder()
	handler(w, r)
	if w.Code != http.StatusOK {
		t.Fatalf("the webhook handler answered %d: %s", w.Code, w.Body)
	}
	_ = called // syncItem runs on its own goroutine
}

// interaction posts an interaction the fake signed to the snippet's mux,
// which must answer it.
func (h *harness) interaction(t *testing.T) {
	body := []byte(`{"id":"1180000000000009001","application_id":"1180000000000000042","type":2,"token":"ct-interaction-token-Qw9","version":1,"channel_id":"1180000000000000101","data":{"id":"1180000000000000900","name":"deploy","type":1}}`)
	r := httptest.NewRequest("POST", "/interactions", bytes.NewReader(body))
	for k, v := range conduittest.ChatInteractionHeader(body, time.Now()) {
		r.Header[k] = v
	}
	w := httptest.NewRecorder()
	h.mux.ServeHTTP(w, r)
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"type":4`) {
		t.Fatalf("the interaction handler answered %d: %s", w.Code, w.Body)
	}
}

// myapp is the user's code the testing snippet tests.
var myapp = struct {
	Summarise func(context.Context, *inference.Client) (string, error)
}{
	Summarise: func(ctx context.Context, c *inference.Client) (string, error) {
		out, err := c.CreateChatCompletion(ctx, inference.ChatCompletionRequest{
			Model:    "llama-3.3-70b-versatile",
			Messages: []inference.Message{inference.UserMessage("Summarise the week")},
		})
		if err != nil {
			return "", err
		}
		return out.Content(), nil
	},
}
