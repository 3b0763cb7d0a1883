package imageedit_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/imageedit"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// Each failure the service sends, in either of its two shapes ({"detail",
// "status_code", "type"} from the segmentation API, {"error": {"message"}}
// from the edit and account APIs, and a validation list), is the sentinel
// the package documentation's table promises, with the type as Code and
// the text as Message; the service sends no request id and no wait.
func TestFailureFixtures(t *testing.T) {
	edit := func(c *imageedit.Client) error {
		_, err := c.Edit(context.Background(), "https://cdn.example.com/shoe.jpg", nil)
		return err
	}
	segment := func(c *imageedit.Client) error {
		_, err := c.Segment(context.Background(), strings.NewReader("png"), nil)
		return err
	}
	for _, tc := range []struct {
		file, op              string
		call                  func(*imageedit.Client) error
		status                int
		header                []string
		is, isNot             error
		code, reason, message string
		retryAfter            time.Duration
	}{
		{"segment_invalid_key.json", "Segment", segment, 403, nil, conduit.ErrUnauthorized, conduit.ErrRateLimited,
			"invalid_api_key", "", "Invalid API key: check the x-api-key header", 0},
		{"edit_invalid_key.json", "Edit", edit, 403, nil, conduit.ErrUnauthorized, conduit.ErrRateLimited,
			"", "", "Forbidden: the API key is not valid", 0},
		// Credits run out: only paying lifts it, no wait does.
		{"credits_exhausted.json", "Edit", edit, 402, nil, conduit.ErrQuotaExceeded, conduit.ErrRateLimited,
			"", "", "No image credits left on this plan. Upgrade to continue.", 0},
		{"no_credits.json", "Segment", segment, 402, nil, conduit.ErrQuotaExceeded, conduit.ErrRateLimited,
			"payment_required", "", "Your account has no credits left for this operation", 0},
		{"plan_limit.json", "Segment", segment, 403, nil, conduit.ErrQuotaExceeded, conduit.ErrUnauthorized,
			"plan_limit_exceeded", "", "This plan does not include this feature", 0},
		{"rate_limited.json", "Segment", segment, 429, nil, conduit.ErrRateLimited, nil,
			"rate_limit_exceeded", "", "Too many requests: 500 images per minute allowed", 0},
		{"rate_limited.json", "Edit", edit, 429, []string{"Retry-After", "3"}, conduit.ErrRateLimited, nil,
			"rate_limit_exceeded", "", "Too many requests: 500 images per minute allowed", 3 * time.Second},
		{"edit_bad_image.json", "Edit", edit, 400, nil, conduit.ErrAPI, conduit.ErrNotFound,
			"", "", "The image at imageUrl could not be downloaded (HTTP 403)", 0},
		{"bad_image_url.json", "Edit", edit, 400, nil, conduit.ErrAPI, conduit.ErrInvalidParam,
			"invalid_image_url", "", "imageUrl could not be downloaded: the host answered 404", 0},
		{"invalid_parameter.json", "Edit", edit, 422, nil, conduit.ErrAPI, conduit.ErrInvalidParam,
			"", "value_error.color", "value is not a valid color", 0},
	} {
		t.Run(tc.file+" "+tc.op, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, Header: tc.header, Body: testkit.Fixture(t, "imageedit", tc.file)})
			err := tc.call(newLocal(t, srv.URL, conduit.WithMaxRetries(0)))
			e := testkit.Check(t, err, testkit.Shape{Is: tc.is, Service: "imageedit", Op: tc.op, Status: tc.status, Code: tc.code, Message: tc.message})
			assert.ErrorIs(t, err, conduit.ErrAPI, "every answer the service sent is ErrAPI")
			if tc.isNot != nil {
				assert.NotErrorIs(t, err, tc.isNot)
			}
			assert.Equal(t, tc.reason, e.Reason)
			assert.Empty(t, e.RequestID, "the service sends no request id")
			assert.Equal(t, tc.retryAfter, e.RetryAfter)
			assert.Nil(t, e.RateLimit, "nor budget headers")
			testkit.NoSecret(t, err, testKey)
		})
	}
}

// What the profile says about retrying: a 429 after the backoff (reads and
// the upload alike: nothing was done), a 5xx for the reads only; spent
// credits, bad keys and bad images never.
func TestFailureRetries(t *testing.T) {
	for _, tc := range []struct {
		file   string
		status int
		op     string
		hits   int
	}{
		{"rate_limited.json", 429, "Edit", 2},
		{"rate_limited.json", 429, "Segment", 2},
		{"credits_exhausted.json", 402, "Edit", 1},
		{"segment_invalid_key.json", 403, "Segment", 1},
		{"edit_bad_image.json", 400, "Edit", 1},
		{"edit_bad_image.json", 503, "Edit", 2},
		{"edit_bad_image.json", 503, "Segment", 1},
	} {
		t.Run(tc.file+" "+tc.op+" "+http.StatusText(tc.status), func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Status: tc.status, Body: testkit.Fixture(t, "imageedit", tc.file)},
				testkit.Reply{ContentType: "image/png", Body: testkit.Fixture(t, "imageedit", "edit.png")})
			c := newLocal(t, srv.URL)
			var img *imageedit.Image
			var err error
			if tc.op == "Edit" {
				img, err = c.Edit(context.Background(), "https://cdn.example.com/shoe.jpg", nil)
			} else {
				img, err = c.Segment(context.Background(), strings.NewReader("png"), nil)
			}
			if err == nil {
				img.Body.Close()
			}
			assert.Equal(t, tc.hits, srv.Hits())
			assert.Equal(t, tc.hits == 2, err == nil, "%v", err)
		})
	}
}
