package fxopen_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fxopen"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// The provider's failures as it sends them (testdata/fxopen, written from
// the research notes on ExchangeRate-API): a result "error" with its
// error-type, under 200 or another status, and the open access throttle.
func TestFailureFixtures(t *testing.T) {
	reply := func(status int, name string, header ...string) testkit.Reply {
		return testkit.Reply{Status: status, Header: header, Body: testkit.Fixture(t, "fxopen", name)}
	}
	for _, tc := range []struct {
		name       string
		reply      testkit.Reply
		want       testkit.Shape
		retryAfter time.Duration
		hits       int
	}{
		{"unsupported code 200", reply(200, "unsupported_code.json"), testkit.Shape{Is: conduit.ErrNotFound, Status: 200, Code: "unsupported-code"}, 0, 1},
		{"unsupported code 404", reply(404, "unsupported_code.json"), testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "unsupported-code"}, 0, 1},
		{"quota reached 200", reply(200, "quota_reached.json"), testkit.Shape{Is: conduit.ErrQuotaExceeded, Status: 200, Code: "quota-reached"}, 0, 1},
		{"invalid key 200", reply(200, "invalid_key.json"), testkit.Shape{Is: conduit.ErrUnauthorized, Status: 200, Code: "invalid-key"}, 0, 1},
		{"throttled 429", reply(429, "rate_limited.json"), testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Code: "rate-limited"}, 20 * time.Minute, 1},
		{"throttled 429 with Retry-After", reply(429, "rate_limited.json", "Retry-After", "90"), testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Code: "rate-limited"}, 90 * time.Second, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := testkit.Start(t, tc.reply)
			_, err := testkit.Client(t, fxopen.New, conduit.WithBaseURL(srv.URL), testkit.Fast).Latest(context.Background(), "XYZ")
			tc.want.Service, tc.want.Op = "fxopen", "Latest"
			e := testkit.Check(t, err, tc.want)
			assert.Empty(t, e.Reason)
			assert.Empty(t, e.RequestID)
			if tc.want.Code != "rate-limited" {
				assert.NotEmpty(t, e.Message, "each documented error-type has a message")
			}
			assert.Equal(t, tc.retryAfter, e.RetryAfter)
			assert.Equal(t, tc.hits, srv.Hits(), "waits past the cap end the call at once")
		})
	}
}

// A success without rates is no answer: rejected, not handed on empty.
func TestSuccessWithoutRates(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Body: `{"result":"success","base_code":"USD","rates":{}}`})
	r, err := testkit.Client(t, fxopen.New, conduit.WithBaseURL(srv.URL)).Latest(context.Background(), "USD")
	assert.Nil(t, r)
	testkit.Check(t, err, testkit.Shape{Is: conduit.ErrMalformedResponse, Service: "fxopen", Op: "Latest", Message: `result "success" without rates`})
}
