package transport

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// A Text body goes out as text/plain, as given; a body field has no object
// to join and is refused before any I/O.
func TestCallText(t *testing.T) {
	srv := newRecorder(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte("ab12\n"))
	})
	svc := testService(Auth{})
	type line struct{ text string }
	send := Declare[line](svc, Op{Name: "Send", Method: "POST", Path: "/tx", Write: true, Accept: "text/plain"}, nil).
		ReadsText(func(l *line, b []byte) { l.text = string(b) })
	c := newClient(t, svc, conduit.WithBaseURL(srv.URL))

	got, err := send.Do(context.Background(), c, Call{Text: "0200cafe"}, nil)
	require.NoError(t, err)
	assert.Equal(t, "ab12\n", got.text)
	req, body := srv.last()
	assert.Equal(t, "text/plain", req.Header.Get("Content-Type"))
	assert.Equal(t, "0200cafe", string(body))

	_, err = send.Do(context.Background(), c, Call{Text: "0200cafe"}, []conduit.Option{conduit.WithBodyField("a", 1)})
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
	assert.EqualValues(t, 1, srv.hits.Load(), "the refused call sent nothing")
}
