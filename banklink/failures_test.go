package banklink_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Each failure the service documents, as it sends it (status 400 for nearly
// everything, the meaning in error_code and error_type), is the sentinel
// the package documentation's table promises, with the code, type, message
// and body request id. The service names no wait, so RetryAfter stays 0.
func TestFailureFixtures(t *testing.T) {
	type want struct {
		is, isNot               error
		code, reason, requestID string
		message                 string
	}
	for _, tc := range []struct {
		file   string
		status int
		want   want
	}{
		{"invalid_api_keys.json", 400, want{conduit.ErrUnauthorized, nil, "INVALID_API_KEYS", "INVALID_INPUT", "Tq3Vb8ZkLm1Xc0P",
			"client_id or secret not recognised"}},
		{"unauthorized_environment.json", 400, want{conduit.ErrUnauthorized, nil, "UNAUTHORIZED_ENVIRONMENT", "INVALID_INPUT", "Hn5Pw2Re7Ys4Ud9",
			"this client_id may not use the production environment"}},
		{"invalid_access_token.json", 400, want{conduit.ErrUnauthorized, nil, "INVALID_ACCESS_TOKEN", "INVALID_INPUT", "m8MDnv9okwxFNBV",
			"provided access token is in an invalid format. expected format: access-<environment>-<identifier>"}},
		{"balance_rate_limit.json", 429, want{conduit.ErrRateLimited, nil, "ACCOUNTS_BALANCE_GET_LIMIT", "RATE_LIMIT_EXCEEDED", "Bw6Yk1Nf3Qa8Rt2",
			"too many balance reads for this item in the last minute"}},
		{"addition_limit.json", 429, want{conduit.ErrQuotaExceeded, conduit.ErrRateLimited, "ADDITION_LIMIT", "RATE_LIMIT_EXCEEDED", "Pq4Zt7Lw1Cv8Nb3",
			"addition limit exceeded for this client"}},
		{"institution_not_found.json", 400, want{conduit.ErrNotFound, nil, "INSTITUTION_NOT_FOUND", "INSTITUTION_ERROR", "Ks0Dg4Hm9Vp2Lx7",
			"no institution matches the given institution_id"}},
		{"institution_down.json", 400, want{conduit.ErrAPI, conduit.ErrNotFound, "INSTITUTION_DOWN", "INSTITUTION_ERROR", "Fz8Cu3Je6Wb1Mo5",
			"the bank is not answering right now; retry in a little while"}},
		// The end user must link the item again: the API keys are fine, so
		// this must not send an operator to rotate them.
		{"item_login_required.json", 400, want{conduit.ErrAPI, conduit.ErrUnauthorized, "ITEM_LOGIN_REQUIRED", "ITEM_ERROR", "Ov7Ga5Tc2Ni9Eh4",
			"the end user has to sign in to their bank again before this item can be read"}},
		{"internal_server_error.json", 500, want{conduit.ErrAPI, conduit.ErrUnauthorized, "INTERNAL_SERVER_ERROR", "API_ERROR", "Xr2Lq9Aw4Sd6Fk1",
			"something went wrong on our side"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, ContentType: "application/json; charset=utf-8", Body: testkit.Fixture(t, "banklink", tc.file)})
			_, err := newLocal(t, srv, conduit.WithMaxRetries(0)).GetBalance(context.Background(), accessToken)
			e := testkit.Check(t, err, testkit.Shape{Is: tc.want.is, Service: "banklink", Op: "GetBalance", Status: tc.status,
				Code: tc.want.code, Message: tc.want.message})
			assert.ErrorIs(t, err, conduit.ErrAPI, "every answer the service sent is ErrAPI")
			if tc.want.isNot != nil {
				assert.NotErrorIs(t, err, tc.want.isNot)
			}
			assert.Equal(t, tc.want.reason, e.Reason)
			assert.Equal(t, tc.want.requestID, e.RequestID)
			assert.Zero(t, e.RetryAfter, "the service names no wait")
			testkit.NoSecret(t, err, allSecrets...)
		})
	}
}

// What the profile says about retrying: a rate limit and a bank that is
// briefly down are retried (after the backoff), bad keys and an item that
// needs its user are not, whatever the status.
func TestFailureRetries(t *testing.T) {
	ok := testkit.Reply{Body: `{"accounts":[]}`}
	for _, tc := range []struct {
		file   string
		status int
		hits   int
	}{
		{"balance_rate_limit.json", 429, 2},
		{"institution_down.json", 400, 2},
		{"internal_server_error.json", 500, 2},
		{"invalid_api_keys.json", 400, 1},
		{"item_login_required.json", 400, 1},
	} {
		t.Run(tc.file, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, Body: testkit.Fixture(t, "banklink", tc.file)}, ok)
			_, err := newLocal(t, srv).GetBalance(context.Background(), accessToken)
			assert.Equal(t, tc.hits, srv.Hits())
			assert.Equal(t, tc.hits == 2, err == nil, "%v", err)
		})
	}
}

// A proxy's page in front of the service is read by its status; HTML never
// becomes a message, one line of text does.
func TestFailuresFromAProxy(t *testing.T) {
	testkit.Errors(t, []testkit.Case{
		{Name: "html 503", Reply: testkit.Reply{Status: 503, ContentType: "text/html", Body: "<html><body><h1>503 Service Unavailable</h1></body></html>",
			Header: []string{"X-Request-Id", "edge-77"}},
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 503},
			Then: func(t *testing.T, err error) {
				var e *banklink.Error
				require.True(t, errors.As(err, &e))
				assert.Equal(t, "edge-77", e.RequestID, "without a body id, the header's")
			}},
		{Name: "text 502", Reply: testkit.Reply{Status: http.StatusBadGateway, ContentType: "application/octet-stream", Body: "upstream connect error\n"},
			Want: testkit.Shape{Is: conduit.ErrAPI, Status: 502, Message: "upstream connect error"}},
		{Name: "html 403", Reply: testkit.Reply{Status: 403, ContentType: "text/html", Body: "<html>Forbidden</html>"},
			Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 403}},
	}, allSecrets, testkit.Op{Service: "banklink", Op: "SearchInstitutions", Endpoint: "POST /institutions/search", Call: func(t *testing.T, url string) error {
		clearEnv(t)
		c := testkit.Client(t, banklink.New, conduit.WithBaseURL(url), banklink.WithClientID(clientID), banklink.WithSecret(secret), conduit.WithMaxRetries(0))
		_, err := c.SearchInstitutions(context.Background(), "x", nil)
		return err
	}})
}
