package transport

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/redact"
)

// rpcError is a JSON-RPC error object, the kind of typed detail a package
// hands the core.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    string `json:"data,omitempty"`
}

func (e *rpcError) Error() string {
	return fmt.Sprintf("rpc error %d: %s (%s)", e.Code, e.Message, e.Data)
}

type rpcAnswer struct {
	conduit.Raw
	Result json.RawMessage `json:"result"`
	Error  *rpcError       `json:"error"`
}

// checkRPC is a result check: the error member of an answer is a problem
// with the RPC error as its typed detail.
func checkRPC(a *rpcAnswer) *Problem {
	if a.Error == nil {
		return nil
	}
	return &Problem{Code: strconv.Itoa(a.Error.Code), Message: a.Error.Message, Detail: a.Error}
}

func rpcClient(t *testing.T, h http.HandlerFunc, p Profile) (*Client, *Endpoint[rpcAnswer]) {
	t.Helper()
	svc := testService(Auth{Scheme: PathKey, Values: []string{"api_key"}}, apiKey)
	svc.Errors = p
	op := Declare[rpcAnswer](svc, Op{Name: "Call", Method: "POST", Path: "/v2"}, checkRPC)
	return newClient(t, svc, conduit.WithBaseURL(newRecorder(t, h).URL), svc.Set("api_key", "rpc-Ij5"), conduit.WithMaxRetries(0)), op
}

// A check's problem in a 2xx answer, and a failure body that decodes as the
// operation's result, both carry the typed detail, reachable with
// errors.As; a secret the service echoed into it is redacted, and the type
// survives.
func TestTypedDetailFromResultCheck(t *testing.T) {
	for _, status := range []int{200, 400, 500} {
		c, op := rpcClient(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid params","data":"seen %s"}}`, r.URL.Path)
		}, Profile{Codes: map[string]Meaning{"-32005": RateLimited}})
		_, err := op.Do(bg, c, Call{Body: map[string]any{"method": "eth_call"}}, nil)
		e := asError(t, err)
		assert.ErrorIs(t, err, conduit.ErrAPI, status)
		assert.Equal(t, status, e.StatusCode)
		assert.Equal(t, "-32602", e.Code, status)
		assert.Equal(t, "invalid params", e.Message, status)
		var detail *rpcError
		require.ErrorAs(t, err, &detail, status)
		assert.Equal(t, -32602, detail.Code)
		assert.Equal(t, "seen /v2/"+redact.Redacted, detail.Data, "the echoed key is redacted in the typed detail")
		assert.NotContains(t, fmt.Sprintf("%+v %#v", err, e), "rpc-Ij5")
	}
}

// A code the profile lists decides the kind of a check's problem too.
func TestProblemCodeClassifiedByProfile(t *testing.T) {
	c, op := rpcClient(t, serve(`{"id":1,"error":{"code":-32005,"message":"limit exceeded"}}`, 200),
		Profile{Codes: map[string]Meaning{"-32005": Exhausted}})
	_, err := op.Do(bg, c, Call{}, nil)
	assert.ErrorIs(t, err, conduit.ErrRateLimited)
	assert.Equal(t, "-32005", asError(t, err).Code)
}

// Into keeps what a 2xx answer held when its check failed it: the partial
// data GraphQL sends beside its errors.
func TestIntoKeepsPartialData(t *testing.T) {
	c, op := rpcClient(t, serve(`{"result":{"partial":true},"error":{"code":1,"message":"some fields failed"}}`, 200), Profile{})
	var out rpcAnswer
	err := op.Into(bg, c, Call{}, nil, &out)
	require.ErrorIs(t, err, conduit.ErrAPI)
	assert.JSONEq(t, `{"partial":true}`, string(out.Result))
	r, err := op.Do(bg, c, Call{}, nil)
	assert.Nil(t, r, "Do returns no result with an error")
	assert.Error(t, err)
}

// A problem's Kind says what it means when the profile does not: a
// malformed answer is the decoder's failure (no status), a missing record
// is ErrNotFound; its Body is the part of the answer quoted.
func TestProblemKinds(t *testing.T) {
	type envelope struct {
		conduit.Raw
		OK    bool            `json:"ok"`
		Items json.RawMessage `json:"items"`
	}
	for _, tc := range []struct {
		body  string
		check func(*envelope) *Problem
		is    error
		not   error
		code  int
		quote string
	}{
		{`{"ok":true,"items":"oops"}`, func(e *envelope) *Problem {
			return &Problem{Kind: conduit.ErrMalformedResponse, Message: "items is not a list", Body: e.Items}
		}, conduit.ErrMalformedResponse, conduit.ErrAPI, 0, `"oops"`},
		{`{"ok":true,"items":[]}`, func(e *envelope) *Problem {
			return &Problem{Kind: conduit.ErrNotFound, Message: "no item matches"}
		}, conduit.ErrNotFound, nil, 200, `{"ok":true,"items":[]}`},
		{`{"ok":false}`, func(e *envelope) *Problem {
			if !e.OK {
				return &Problem{Code: "NOT_OK", Message: "the envelope says no"}
			}
			return nil
		}, conduit.ErrAPI, conduit.ErrNotFound, 200, `{"ok":false}`},
	} {
		svc := testService(Auth{})
		op := Declare[envelope](svc, get("/"), tc.check)
		c := newClient(t, svc, conduit.WithBaseURL(newRecorder(t, serve(tc.body, 200)).URL))
		_, err := op.Do(bg, c, Call{}, nil)
		e := asError(t, err)
		assert.ErrorIs(t, err, tc.is, tc.body)
		if tc.not != nil {
			assert.NotErrorIs(t, err, tc.not, tc.body)
		}
		assert.Equal(t, tc.code, e.StatusCode, tc.body)
		assert.Equal(t, tc.quote, string(e.Body), tc.body)
	}
}

// A Secret holds its value where no printer, encoder or logger reaches it.
func TestSecretPrintsNothing(t *testing.T) {
	const v = "whk-Kl6-token"
	s := redact.NewSecret(v)
	assert.Equal(t, v, s.Reveal())
	assert.Empty(t, redact.NewSecret("").Reveal())
	assert.Empty(t, redact.Secret{}.Reveal())
	type hook struct {
		ID    string
		Token redact.Secret
		inner redact.Secret
	}
	h := hook{ID: "1", Token: s, inner: s}
	for name, val := range map[string]any{"Secret": s, "*Secret": &s, "struct": h, "*struct": &h, "slice": []redact.Secret{s}} {
		assertPrintsNoSecret(t, name, val, v)
	}
	b, err := json.Marshal(h)
	require.NoError(t, err)
	assert.NotContains(t, string(b), v)
}
