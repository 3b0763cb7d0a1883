// Package media is a client for the media-assets interface: an admin
// interface that lists a cloud's image assets and reports its usage, and a
// public delivery interface that lists the images carrying a tag.
//
// Base URLs, one placeholder per host:
//   - media_admin_url (ListImages, Usage; the default, since it serves the
//     credentialed calls): conduit.WithBaseURL, WithAdminURL or CONDUIT_MEDIA_ADMIN_URL
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
// upper bound for max_results.
//
//	c, err := media.New(media.WithCloudName("demo"), media.WithAPIKey(key), media.WithAPISecret(secret))
//	if err != nil {
//		return err
//	}
//	list, err := c.ListImages(ctx, &media.ListImagesParams{MaxResults: 50})
//	if err != nil {
//		return err
//	}
//	for _, a := range list.Resources {
//		fmt.Println(a.PublicID, a.Format, a.Width, a.Height, a.CreatedAt)
//	}
package media

import (
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

const (
	adminURL    = "media_admin_url"
	deliveryURL = "media_delivery_url"
	cloudName   = "cloud_name"
)

var service = &transport.Service{
	Name:  "media",
	Bases: []string{adminURL, deliveryURL},
	Auth:  transport.Auth{Scheme: transport.Basic, Values: []string{"api_key", "api_secret"}},
	Values: []transport.Value{
		{Name: "api_key", Option: "media.WithAPIKey", Secret: true},
		{Name: "api_secret", Option: "media.WithAPISecret", Secret: true},
		{Name: cloudName, Option: "media.WithCloudName"},
	},
}

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
		return nil, t.InvalidParam("New", cloudName, "missing: set it with media.WithCloudName or %s", transport.EnvName(service.Name, cloudName))
	}
	if bad := segmentProblem(cloud); bad != "" {
		return nil, t.InvalidParam("New", cloudName, "%q %s", cloud, bad)
	}
	return &Client{t: t, cloud: cloud}, nil
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
func WithCloudName(name string) Option { return transport.WithValue(cloudName, name) }

// WithAPIKey sets the admin API key, the Basic user name, overriding
// CONDUIT_MEDIA_API_KEY.
func WithAPIKey(key string) Option { return transport.WithValue("api_key", key) }

// WithAPISecret sets the admin API secret, the Basic password, overriding
// CONDUIT_MEDIA_API_SECRET.
func WithAPISecret(secret string) Option { return transport.WithValue("api_secret", secret) }

// WithAdminURL sets the media_admin_url base of ListImages and Usage,
// overriding CONDUIT_MEDIA_ADMIN_URL; conduit.WithBaseURL does the same.
func WithAdminURL(u string) Option { return transport.WithNamedBaseURL(adminURL, u) }

// WithDeliveryURL sets the media_delivery_url base of ListByTag, overriding
// CONDUIT_MEDIA_DELIVERY_URL.
func WithDeliveryURL(u string) Option { return transport.WithNamedBaseURL(deliveryURL, u) }
