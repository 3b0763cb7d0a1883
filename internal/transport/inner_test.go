package transport

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
)

func innerClient(t *testing.T) (*Client, *Endpoint[innerRecord]) {
	t.Helper()
	svc := &Service{
		Name:   "demo",
		Bases:  []Base{{Name: "demo_url"}},
		Auth:   Auth{Scheme: PathKey, Values: []string{"api_key"}},
		Values: []Value{{Name: "api_key", Secret: true}},
	}
	op := Declare[innerRecord](svc, Op{Name: "Call", Method: "POST", Path: "/v2"}, nil)
	return newClient(t, svc, conduit.WithBaseURL("http://127.0.0.1:1"), svc.Set("api_key", "inner-secret-Zp3")), op
}

type innerRecord struct {
	conduit.Raw
	N int `json:"n"`
}

// secretDetail is a typed detail whose text holds whatever the service
// echoed.
type secretDetail struct {
	Data string `json:"data"`
}

func (d *secretDetail) Error() string { return "detail: " + d.Data }

// A problem a package finds after the call returned (one element of a
// batch) becomes an error named, cut and redacted like the core's own.
func TestFailRedactsAndFills(t *testing.T) {
	c, op := innerClient(t)
	call := Call{Secrets: []string{"per-call-Yq8"}}
	long := strings.Repeat("x", errExcerpt+100)
	err := op.Fail(c, call, Problem{
		Code:    "inner-secret-Zp3",
		Message: "echoed per-call-Yq8 back",
		Body:    []byte(`{"key":"inner-secret-Zp3","pad":"` + long + `"}`),
		Detail:  &secretDetail{Data: "cause with inner-secret-Zp3"},
	})
	e := asError(t, err)
	if e.Service != "demo" || e.Op != "Call" || e.Endpoint != "POST /v2" {
		t.Fatalf("not filled: %#v", e)
	}
	for _, s := range []string{e.Error(), e.GoString(), string(e.Body), e.Code, e.Message, e.Detail.Error()} {
		if strings.Contains(s, "inner-secret-Zp3") || strings.Contains(s, "per-call-Yq8") {
			t.Fatalf("secret leaked: %s", s)
		}
	}
	if len(e.Body) != errExcerpt {
		t.Fatalf("body not cut to the excerpt: %d bytes", len(e.Body))
	}
	assert.ErrorIs(t, err, conduit.ErrAPI, "a problem of no kind is the service's failure")
	var d *secretDetail
	require.ErrorAs(t, err, &d, "the typed detail survives redaction")
	assert.Equal(t, "cause with "+redact.Redacted, d.Data)
}

// A part of an answer the package unwraps itself decodes like a whole
// answer, and a part that does not decode becomes a malformed-response
// error through Fail.
func TestDecodeRecordAndFail(t *testing.T) {
	c, op := innerClient(t)
	var r innerRecord
	require.NoError(t, DecodeRecord([]byte(`{"n":7,"extra":true}`), &r))
	if r.N != 7 || string(r.RawJSON()) != `{"n":7,"extra":true}` {
		t.Fatalf("got %d %s", r.N, r.RawJSON())
	}
	for _, in := range []string{`null`, ``, `{"n":"seven"}`, `[1]`} {
		derr := DecodeRecord([]byte(in), &innerRecord{})
		require.Error(t, derr, in)
		err := op.Fail(c, Call{}, Problem{Kind: conduit.ErrMalformedResponse, Message: "decoding: " + derr.Error(), Body: []byte(in)})
		e := asError(t, err)
		if !errors.Is(err, conduit.ErrMalformedResponse) || e.Op != "Call" || e.StatusCode != 0 {
			t.Fatalf("%q: got %v", in, err)
		}
		if string(e.Body) != in {
			t.Fatalf("%q: body %q", in, e.Body)
		}
	}
	var list []innerRecord
	require.NoError(t, DecodeRecord([]byte(`null`), &list), "null is an empty list")
}
