package chat_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// part is one part of a multipart request as it arrived.
type part struct {
	field, filename, ctype, data string
}

func parts(t *testing.T, r testkit.Request) []part {
	t.Helper()
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	require.NoError(t, err)
	require.Equal(t, "multipart/form-data", mt)
	mr := multipart.NewReader(bytes.NewReader(r.Body), params["boundary"])
	var out []part
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return out
		}
		require.NoError(t, err)
		b, err := io.ReadAll(p)
		require.NoError(t, err)
		out = append(out, part{p.FormName(), p.FileName(), p.Header.Get("Content-Type"), string(b)})
	}
}

func TestCreateMessageWithFilesSendsDiscordsMultipartForm(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "chat", "create_message.json")})
	c := botClient(t, srv)
	_, err := c.CreateMessage(context.Background(), "1180000000000000101", "Rolled back, log attached", &chat.MessageParams{
		Reference: &chat.MessageReference{MessageID: "1180000000000005001"},
		Embeds:    []chat.Embed{{Title: "Rollback", Image: &chat.EmbedMedia{URL: "attachment://graph.png"}}},
		Files: []chat.File{
			{Name: "rollback.log", ContentType: "text/plain", Reader: strings.NewReader("09:20:41 rolling back\n")},
			{Name: "graph.png", Description: "error rate, last hour", Reader: bytes.NewReader([]byte{0x89, 'P', 'N', 'G'})},
		},
	})
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "POST /api/v10/channels/1180000000000000101/messages", got.Method+" "+got.Path)
	assertBotAuthOnly(t, got)
	ps := parts(t, got)
	require.Len(t, ps, 3)
	assert.Equal(t, part{"files[0]", "rollback.log", "text/plain", "09:20:41 rolling back\n"}, ps[1])
	assert.Equal(t, part{"files[1]", "graph.png", "application/octet-stream", "\x89PNG"}, ps[2])
	assert.Equal(t, "payload_json", ps[0].field)
	assert.Empty(t, ps[0].filename)
	assert.Equal(t, "application/json", ps[0].ctype)
	var payload map[string]any
	require.NoError(t, json.Unmarshal([]byte(ps[0].data), &payload))
	assert.Equal(t, "Rolled back, log attached", payload["content"])
	assert.Equal(t, true, payload["enforce_nonce"])
	assert.Len(t, payload["nonce"], 25)
	assert.Equal(t, map[string]any{"message_id": "1180000000000005001"}, payload["message_reference"])
	assert.Equal(t, []any{
		map[string]any{"id": float64(0), "filename": "rollback.log"},
		map[string]any{"id": float64(1), "filename": "graph.png", "description": "error rate, last hour"},
	}, payload["attachments"])
	assert.Equal(t, "attachment://graph.png", payload["embeds"].([]any)[0].(map[string]any)["image"].(map[string]any)["url"])
}

// The file is read while the request is on the wire: the server answers
// only after reading a part that the reader gives only once the server
// has the message's payload, which a client that buffered the whole body
// first could never send.
func TestFilesAreStreamedNotBuffered(t *testing.T) {
	payloadSeen := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mr, err := r.MultipartReader()
		if err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			io.Copy(io.Discard, p)
			if p.FormName() == "payload_json" {
				close(payloadSeen)
			}
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"1180000000000005001","content":"streamed"}`)
	}))
	defer srv.Close()
	pr, pw := io.Pipe()
	go func() {
		select {
		case <-payloadSeen:
			pw.Write(bytes.Repeat([]byte("log line\n"), 10000))
			pw.Close()
		case <-time.After(5 * time.Second):
			pw.CloseWithError(io.ErrNoProgress)
		}
	}()
	c := testkit.Client(t, chat.New, conduit.WithBaseURL(srv.URL+"/api/v10"), chat.WithBotToken(testToken))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	m, err := c.CreateMessage(ctx, "1180000000000000101", "", &chat.MessageParams{Files: []chat.File{{Name: "big.log", Reader: pr}}})
	require.NoError(t, err)
	assert.Equal(t, "streamed", m.Content)
}

func TestAFileThatCannotBeRewoundIsSentOnce(t *testing.T) {
	srv := testkit.Start(t, rateLimited("0.01"), testkit.Reply{Body: testkit.Fixture(t, "chat", "create_message.json")})
	c := botClient(t, srv)
	once := struct{ io.Reader }{strings.NewReader("only once")}
	_, err := c.CreateMessage(context.Background(), "1180000000000000101", "log", &chat.MessageParams{Files: []chat.File{{Name: "a.log", Reader: once}}})
	assert.ErrorIs(t, err, conduit.ErrRateLimited)
	assert.Equal(t, 1, srv.Hits())
}

func TestASeekableFileIsSentWholeAgainAfter429(t *testing.T) {
	srv := testkit.Start(t, rateLimited("0.01"), testkit.Reply{Body: testkit.Fixture(t, "chat", "create_message.json")})
	c := botClient(t, srv)
	_, err := c.CreateMessage(context.Background(), "1180000000000000101", "log", &chat.MessageParams{Files: []chat.File{{Name: "a.log", Reader: strings.NewReader("every byte")}}})
	require.NoError(t, err)
	require.Equal(t, 2, srv.Hits())
	first, second := parts(t, srv.Requests()[0]), parts(t, srv.Requests()[1])
	assert.Equal(t, "every byte", second[1].data)
	assert.Equal(t, first, second, "the same payload, nonce included, and the same file")
}

func TestExecuteWebhookWithAFileIntoAThread(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "chat", "execute_webhook_wait.json")})
	c := testkit.Client(t, chat.New, chat.WithWebhookBaseURL(srv.URL+"/api"))
	hook := chat.NewWebhook("1180000000000097531", "tok-Webhook_SECRET")
	_, err := c.ExecuteWebhookWait(context.Background(), hook, chat.WebhookMessage{
		Username: "ci", ThreadID: "1180000000000000401",
		Files: []chat.File{{Name: "report.txt", ContentType: "text/plain", Reader: strings.NewReader("all green")}},
	})
	require.NoError(t, err)
	got := srv.Last(t)
	assert.Equal(t, "thread_id=1180000000000000401&wait=true", got.Query)
	ps := parts(t, got)
	require.Len(t, ps, 2)
	assert.JSONEq(t, `{"username":"ci","allowed_mentions":{"parse":[]},"attachments":[{"id":0,"filename":"report.txt"}]}`, ps[0].data)
	assert.Equal(t, part{"files[0]", "report.txt", "text/plain", "all green"}, ps[1])
	assert.Equal(t, []string{"path"}, got.Holds("tok-Webhook_SECRET"))
}

func TestFilesAreCheckedBeforeSending(t *testing.T) {
	srv := testkit.Start(t)
	c := botClient(t, srv)
	send := func(files ...chat.File) func() error {
		return func() error {
			_, err := c.CreateMessage(context.Background(), "1180000000000000101", "", &chat.MessageParams{Files: files})
			return err
		}
	}
	eleven := make([]chat.File, 11)
	for i := range eleven {
		eleven[i] = chat.File{Name: "f", Reader: strings.NewReader("x")}
	}
	var failedOpen *os.File
	testkit.BadInput(t, srv, testkit.Shape{Service: "chat", Op: "CreateMessage"}, []testkit.Input{
		{Field: "files", Call: send(eleven...)},
		{Field: "files[0].name", Call: send(chat.File{Reader: strings.NewReader("x")})},
		{Field: "files[1].reader", Call: send(chat.File{Name: "a", Reader: strings.NewReader("x")}, chat.File{Name: "b"})},
		{Field: "files[0].reader", Call: send(chat.File{Name: "a", Reader: failedOpen})},
		{Field: "content", Call: send()},
		// A part header written from caller text holds no control
		// character: CR LF would add a header, a NUL or CR breaks the part.
		{Field: "files[0].name", Call: send(chat.File{Name: "a.txt\r\nX-Injected: 1", Reader: strings.NewReader("x")})},
		{Field: "files[1].name", Call: send(chat.File{Name: "a", Reader: strings.NewReader("x")}, chat.File{Name: "b\x00.png", Reader: strings.NewReader("x")})},
		{Field: "files[0].name", Call: send(chat.File{Name: "tab\there", Reader: strings.NewReader("x")})},
		{Field: "files[0].name", Call: send(chat.File{Name: "del\x7f", Reader: strings.NewReader("x")})},
		{Field: "files[0].content_type", Call: send(chat.File{Name: "a", ContentType: "text/plain\r\nContent-Type: text/html", Reader: strings.NewReader("x")})},
		{Field: "files[0].content_type", Call: send(chat.File{Name: "a", ContentType: "text/plain\r", Reader: strings.NewReader("x")})},
	}, testToken)
}

// A file name with quotes and backslashes arrives as the caller wrote it:
// the part header escapes them as mime/multipart does.
func TestFileNameQuotesAreEscaped(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: testkit.Fixture(t, "chat", "create_message.json")})
	c := botClient(t, srv)
	const name = `say "hi"\now.txt`
	_, err := c.CreateMessage(context.Background(), "1180000000000000101", "", &chat.MessageParams{
		Files: []chat.File{{Name: name, ContentType: "text/plain", Reader: strings.NewReader("x")}},
	})
	require.NoError(t, err)
	ps := parts(t, srv.Last(t))
	require.Len(t, ps, 2)
	assert.Equal(t, part{"files[0]", name, "text/plain", "x"}, ps[1])
}
