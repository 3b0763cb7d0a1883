package transport

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// A text answer comes back trimmed; text that fails the check is a
// malformed answer, not a success; a Text body goes out as text/plain.
func TestTextEndpoint(t *testing.T) {
	answer := "871420\n"
	srv := newRecorder(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte(answer))
	})
	svc := testService(Auth{})
	digits := func(s string) *Problem {
		if s == "" || strings.Trim(s, "0123456789") != "" {
			return &Problem{Message: "not a height"}
		}
		return nil
	}
	height := DeclareText(svc, Op{Name: "Height", Method: "GET", Path: "/height"}, digits)
	send := DeclareText(svc, Op{Name: "Send", Method: "POST", Path: "/tx", Write: true}, nil)
	c := newClient(t, svc, conduit.WithBaseURL(srv.URL))
	ctx := context.Background()

	got, err := height.Do(ctx, c, Call{}, nil)
	require.NoError(t, err)
	assert.Equal(t, "871420", got)
	req, _ := srv.last()
	assert.Equal(t, "text/plain", req.Header.Get("Accept"))

	answer = `{"error":"x"}`
	_, err = height.Do(ctx, c, Call{}, nil)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse)

	answer = "ab12"
	got, err = send.Do(ctx, c, Call{Text: "0200cafe"}, nil)
	require.NoError(t, err)
	assert.Equal(t, "ab12", got)
	req, body := srv.last()
	assert.Equal(t, "text/plain", req.Header.Get("Content-Type"))
	assert.Equal(t, "0200cafe", string(body))

	_, err = send.Do(ctx, c, Call{Text: "0200cafe"}, []conduit.Option{conduit.WithBodyField("a", 1)})
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
}
