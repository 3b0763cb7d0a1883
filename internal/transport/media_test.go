package transport

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
)

func TestMediaTypeMatches(t *testing.T) {
	for _, tc := range []struct {
		ct   string
		want bool
	}{
		{"image/png", true},
		{"IMAGE/WebP; q=1", true},
		{"application/octet-stream", true},
		{"application/json", false},
		{"text/html; charset=utf-8", false},
		{"imagex/png", false},
		{"not a type", false},
	} {
		assert.Equal(t, tc.want, mediaTypeMatches(tc.ct, "image/*", "application/octet-stream"), tc.ct)
	}
}

func TestDownload(t *testing.T) {
	const key = "sk-media-test-Zq9"
	cases := []struct {
		name, ctype, body string
		is                error
		code, msg         string
	}{
		{"image", "image/png", "\x89PNG...", nil, "", ""},
		{"no content type", "", "\x89PNG...", nil, "", ""},
		{"json failure at 200", "application/json", `{"error":{"code":"invalid_url","message":"cannot fetch with key ` + key + `"}}`, conduit.ErrAPI, "invalid_url", "cannot fetch with key " + redact.Redacted},
		{"html at 200", "text/html", "<html>captive portal " + key + "</html>", conduit.ErrMalformedResponse, "", "expected image/* or application/octet-stream, got text/html"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				assert.Equal(t, "image/*", r.Header.Get("Accept"))
				w.Header()["Content-Type"] = []string{tc.ctype}
				w.Write([]byte(tc.body))
			}))
			defer srv.Close()
			svc := &Service{Name: "img", Bases: []Base{{Name: "img_url"}}, Auth: Auth{Scheme: Header, Name: "x-api-key", Values: []string{"api_key"}},
				Values: []Value{{Name: "api_key", Secret: true}}}
			op := DeclareDownload(svc, Op{Name: "Get", Method: "GET", Path: "/img", Accept: "image/*"}, "image/*", "application/octet-stream")
			c := newClient(t, svc, conduit.WithBaseURL(srv.URL), svc.Set("api_key", key))
			body, ct, err := op.Open(context.Background(), c, Call{}, nil)
			if tc.is == nil {
				require.NoError(t, err)
				defer body.Close()
				b, _ := io.ReadAll(body)
				assert.Equal(t, tc.body, string(b))
				assert.Equal(t, tc.ctype, ct)
				return
			}
			assert.Nil(t, body)
			e := asError(t, err)
			assert.ErrorIs(t, err, tc.is)
			assert.Equal(t, 200, e.StatusCode)
			assert.Equal(t, tc.code, e.Code)
			assert.Equal(t, tc.msg, e.Message)
			assert.Equal(t, "GET /img", e.Endpoint)
			assert.NotContains(t, err.Error(), key)
			assert.NotContains(t, string(e.Body), key)
		})
	}
}
