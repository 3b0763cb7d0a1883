// Package media is a client for the media-assets interface, modelled on
// Cloudinary: an admin interface that lists a cloud's image assets and
// reports its usage, and a public delivery interface that lists the images
// carrying a tag.
//
// Base URLs, one placeholder per host:
//   - media_admin_url (ListImages, AllImages, Usage; the default, since it
//     serves the credentialed calls): conduit.WithBaseURL, WithAdminURL or
//     CONDUIT_MEDIA_ADMIN_URL. Its paths start with the version segment
//     v1_1; a base pasted with it ("https://api.example.com/v1_1") does not
//     double it.
//   - media_delivery_url (ListByTag): WithDeliveryURL or CONDUIT_MEDIA_DELIVERY_URL
//
// Every path starts with the cloud name, a required setting: WithCloudName
// or CONDUIT_MEDIA_CLOUD_NAME. New fails without one.
//
// Credentials: the admin calls use HTTP Basic authentication, the API key
// as user name (WithAPIKey or CONDUIT_MEDIA_API_KEY) and the API secret as
// password (WithAPISecret or CONDUIT_MEDIA_API_SECRET); neither, nor the
// Basic header built from them, is ever printed. ListByTag sends no
// credentials at all and works without them; it succeeds only for clouds
// that allow public tag lists. The spec publishes no rate limit and no
// upper bound for max_results; the admin interface reports its hourly
// budget in X-FeatureRateLimit-* headers, which conduit.WithResponse reads
// into Response.RateLimit.
//
//	c, err := media.New(media.WithCloudName("demo"), media.WithAPIKey(key), media.WithAPISecret(secret))
//	if err != nil {
//		return err
//	}
//	for a, err := range c.AllImages(ctx, &media.ListImagesParams{MaxResults: 100}) {
//		if err != nil {
//			return err
//		}
//		fmt.Println(a.PublicID, a.Format, a.Width, a.Height, a.CreatedAt)
//	}
//
// For an endpoint this package does not type (videos, folders, tags), use
// Do: its paths are relative to media_admin_url ("/v1_1/<cloud>/tags/image")
// and it sends the key and secret as the typed admin calls do.
//
// # Failures
//
// The admin interface has no error codes: a failure is a status and
// {"error": {"message": ...}}, with X-Request-Id. The delivery hosts put
// the reason in an X-Cld-Error header beside an empty or HTML body.
//
//	service sends                                   conduit reports
//	401 {"error":{"message":"unknown api_key …"}}   ErrUnauthorized, Message from the body
//	401 HTML page (credentials refused)             ErrUnauthorized, no Message (HTML kept out)
//	401 with X-Cld-Error (tag lists restricted)     ErrUnauthorized, Message from the header
//	403 (not allowed for this key or plan)          ErrUnauthorized
//	404 {"error":{"message":"Resource not found"}}  ErrNotFound
//	  or X-Cld-Error on the delivery host
//	420 (the hourly Admin API limit), or 429        ErrRateLimited; RetryAfter until
//	                                                  X-FeatureRateLimit-Reset (an HTTP date);
//	                                                  retried only when that is within
//	                                                  conduit.WithMaxRetryWait
//	200 {"error": …}                                ErrAPI with its message or word
//	5xx                                             ErrAPI; retried
//
// RequestID is the X-Request-Id header.
package media

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client, or one call; the common options are in
// package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

const (
	adminURL    = "media_admin_url"
	deliveryURL = "media_delivery_url"
	cloudName   = "cloud_name"
)

var service = transport.Register(&transport.Service{
	Name: "media",
	Bases: []transport.Base{
		{Name: adminURL, Option: "media.WithAdminURL", PathVersion: "v1_1"},
		{Name: deliveryURL, Option: "media.WithDeliveryURL", Auth: transport.NoAuth},
	},
	Auth: transport.Auth{Scheme: transport.Basic, Values: []string{"api_key", "api_secret"}},
	Values: []transport.Value{
		{Name: "api_key", Option: "media.WithAPIKey", Secret: true},
		{Name: "api_secret", Option: "media.WithAPISecret", Secret: true},
		{Name: cloudName, Option: "media.WithCloudName"},
	},
	Errors: transport.Profile{
		Message:        []string{"error.message"},
		MessageHeaders: []string{"X-Cld-Error"},
		Status:         map[int]transport.Meaning{420: transport.RateLimited},
		Waits:          []transport.Wait{{Header: "X-FeatureRateLimit-Reset", Unit: transport.HTTPDate}},
	},
})

// newOp names the errors of New.
var newOp = &transport.Op{Service: service, Name: "New"}

// Client calls the media-assets interface for one cloud. It is safe for
// concurrent use.
type Client struct {
	t     *transport.Client
	cloud string
}

// New returns a Client configured by opts and the CONDUIT_* environment. The
// cloud name is checked here (present, no '/', no control characters);
// missing credentials or base URLs are reported by the first call that
// needs them.
func New(opts ...Option) (*Client, error) {
	t, err := transport.New(service, opts...)
	if err != nil {
		return nil, err
	}
	cloud := t.Value(cloudName)
	if cloud == "" {
		return nil, newOp.Invalid(cloudName, "missing: set it with media.WithCloudName or %s", transport.EnvName(service.Name, cloudName))
	}
	if bad := segmentProblem(cloud); bad != "" {
		return nil, newOp.Invalid(cloudName, "%q %s", cloud, bad)
	}
	return &Client{t: t, cloud: cloud}, nil
}

// Do calls any path of the service, for an endpoint this package does not
// type, with the credentials, limits, retries and errors of the typed
// methods; see conduit's documentation of Do. Paths are relative to
// media_admin_url and start with the version ("/v1_1/<cloud>/tags/image");
// conduit.WithBase("media_delivery_url") sends a call to the delivery host
// instead, without credentials. A method other than GET is a write.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// segmentProblem says why s cannot be one path segment of a media URL, or
// returns "".
func segmentProblem(s string) string {
	switch {
	case s == "":
		return "is empty"
	case strings.Contains(s, "/"):
		return "contains '/'"
	case strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return "contains a control character"
	}
	return ""
}

// CloudName returns the cloud every call addresses.
func (c *Client) CloudName() string { return c.cloud }

// WithCloudName sets the cloud name that starts every path, overriding
// CONDUIT_MEDIA_CLOUD_NAME.
func WithCloudName(name string) Option { return service.Set(cloudName, name) }

// WithAPIKey sets the admin API key, the Basic user name, overriding
// CONDUIT_MEDIA_API_KEY.
func WithAPIKey(key string) Option { return service.Set("api_key", key) }

// WithAPISecret sets the admin API secret, the Basic password, overriding
// CONDUIT_MEDIA_API_SECRET.
func WithAPISecret(secret string) Option { return service.Set("api_secret", secret) }

// WithAdminURL sets the media_admin_url base of ListImages and Usage,
// overriding CONDUIT_MEDIA_ADMIN_URL; conduit.WithBaseURL does the same.
func WithAdminURL(u string) Option { return service.SetBase(adminURL, u) }

// WithDeliveryURL sets the media_delivery_url base of ListByTag, overriding
// CONDUIT_MEDIA_DELIVERY_URL.
func WithDeliveryURL(u string) Option { return service.SetBase(deliveryURL, u) }
