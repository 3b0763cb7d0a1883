// Package media is a client for the media-assets interface, modelled on
// Cloudinary: the signed Upload API (Upload, chunked for large files;
// Destroy, AddTag, RemoveTag, Explicit, Rename, AddContext,
// RemoveAllContext, UpdateMetadata),
// the admin interface (ListImages and AllImages, Resource, Search and
// AllSearch, Usage), the public delivery interface (ListByTag), delivery
// URLs (URL: transformations, versions, formats, signatures) and the check
// of upload notifications (VerifyNotification).
//
// Base URLs, one placeholder per host, each by default Cloudinary's own:
//   - media_admin_url (the Upload API and the admin calls; the default
//     placeholder, since it serves the credentialed calls): by default
//     https://api.cloudinary.com; conduit.WithBaseURL, WithAdminURL or
//     CONDUIT_MEDIA_ADMIN_URL. Its paths start with the version segment
//     v1_1; a base pasted with it ("https://api.example.com/v1_1") does not
//     double it.
//   - media_delivery_url (ListByTag, URL): by default
//     https://res.cloudinary.com; WithDeliveryURL or
//     CONDUIT_MEDIA_DELIVERY_URL
//
// Every path starts with the cloud name, a required setting: WithCloudName
// or CONDUIT_MEDIA_CLOUD_NAME. New fails without one.
//
// Credentials: the admin calls use HTTP Basic authentication, the API key
// as user name (WithAPIKey or CONDUIT_MEDIA_API_KEY) and the API secret as
// password (WithAPISecret or CONDUIT_MEDIA_API_SECRET); neither, nor the
// Basic header built from them, is ever printed. The Upload API calls send
// a multipart form with the api_key, a timestamp and a signature: the hex
// digest of the other parameters, sorted and joined as name=value&…,
// followed by the API secret, which is never sent. Signed delivery URLs and
// notification checks use the secret the same way. The digest is SHA-1
// unless WithSignatureAlgorithm or CONDUIT_MEDIA_SIGNATURE_ALGORITHM says
// sha256. ListByTag sends no credentials at all and works without them; it
// succeeds only for clouds that allow public tag lists.
//
// Writes: the Upload API calls change the cloud and are retried only when
// the request provably never reached it (or on 429); a file from a reader
// that is not an io.Seeker is sent once. A chunk of a chunked upload is
// the exception: the service keeps it under its upload id, so it is
// retried as a read is. Search is sent
// as POST but only reads, so it is retried like the GETs.
//
// Limits: the spec publishes no rate limit; the admin interface reports
// its hourly budget in X-FeatureRateLimit-Limit, -Remaining and -Reset on
// every admin answer, which conduit.WithResponse reads into
// Response.RateLimit. Search pages hold at most 500 assets, a tags call
// names at most 1000 public ids.
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
// For an endpoint this package does not type, use Do: its paths are
// relative to media_admin_url ("/v1_1/<cloud>/tags/image") and it sends the
// key and secret as the typed admin calls do.
//
// # Failures
//
// The admin interface and the Upload API have no error codes: a failure is
// a status and {"error": {"message": ...}}, with X-Request-Id. The delivery
// hosts put the reason in an X-Cld-Error header beside an empty or HTML
// body.
//
//	service sends                                   conduit reports
//	401 {"error":{"message":"unknown api_key …"}}   ErrUnauthorized, Message from the body
//	401 {"error":{"message":"Invalid Signature …"}} ErrUnauthorized, Message from the body
//	  (a signed call whose signature or timestamp is refused)
//	401 HTML page (credentials refused)             ErrUnauthorized, no Message (HTML kept out)
//	401 with X-Cld-Error (tag lists restricted)     ErrUnauthorized, Message from the header
//	403 (not allowed for this key or plan)          ErrUnauthorized
//	404 {"error":{"message":"Resource not found"}}  ErrNotFound
//	  or X-Cld-Error on the delivery host
//	200 {"result":"not found"} (Destroy)            ErrNotFound
//	420 (the hourly Admin API limit), or 429        ErrRateLimited; RetryAfter until
//	                                                  X-FeatureRateLimit-Reset (an HTTP date);
//	                                                  retried only when that is within
//	                                                  conduit.WithMaxRetryWait
//	200 {"error": …}                                ErrAPI with its message or word
//	200 out of the chunk protocol (an asset before  ErrMalformedResponse, Code "done";
//	  the last chunk, {"done": false} after it)       the upload stops
//	5xx                                             ErrAPI; retried (writes only when unsent)
//
// RequestID is the X-Request-Id header. VerifyNotification and URL send
// nothing: a bad signature or a stale timestamp is ErrInvalidParam naming
// "signature" or "timestamp", a missing secret ErrMissingCredential.
//
// Large files: Upload sends a file of known size over LargeFileSize (100
// MB) in chunks of DefaultChunkSize under one X-Unique-Upload-Id, each with
// its Content-Range, holding one chunk in memory; a failed chunk is sent
// again, alone. See Upload.
//
// Not typed, of the documented endpoints: the other Upload API methods
// (archives, sprites, text, multi, the unsigned upload with a preset),
// and the admin listings other than images (videos, raw files,
// folders, tags, transformations, upload presets and mappings, derived
// assets): each takes the same credentials through Do; they are management
// operations this package's users reach for rarely, and typing them would
// double the package for little.
package media

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/internal/limits"
	"github.com/conduit-sdk/conduit/internal/transport"
)

const (
	adminURL    = "media_admin_url"
	deliveryURL = "media_delivery_url"
	cloudName   = "cloud_name"

	signatureAlgorithm = "signature_algorithm"
)

var service = transport.Register(&transport.Service{
	Name: "media",
	Bases: []transport.Base{
		{Name: adminURL, Option: "media.WithAdminURL", PathVersion: "v1_1", Default: "https://api.cloudinary.com"},
		{Name: deliveryURL, Option: "media.WithDeliveryURL", Auth: transport.NoAuth, Default: "https://res.cloudinary.com"},
	},
	Auth: transport.Auth{Scheme: transport.Basic, Values: []string{"api_key", "api_secret"}},
	Values: []transport.Value{
		{Name: "api_key", Option: "media.WithAPIKey", Secret: true},
		{Name: "api_secret", Option: "media.WithAPISecret", Secret: true},
		{Name: cloudName, Option: "media.WithCloudName"},
		{Name: signatureAlgorithm, Option: "media.WithSignatureAlgorithm", Enum: []string{string(SHA1), string(SHA256)}},
	},
	Errors: transport.Profile{
		Message:        []string{"error.message"},
		MessageHeaders: []string{"X-Cld-Error"},
		Status:         map[int]transport.Meaning{420: transport.RateLimited},
		Waits:          []transport.Wait{{Header: "X-FeatureRateLimit-Reset", Unit: limits.HTTPDate}},
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
	case transport.DotSegment(s):
		return "is a dot segment (., .., or one percent-encoded), a move in the path"
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

// WithSignatureAlgorithm sets the digest of the signatures the client makes
// and checks (uploads, delivery URLs, notifications), overriding
// CONDUIT_MEDIA_SIGNATURE_ALGORITHM; SHA1 unless set, as Cloudinary's SDKs.
func WithSignatureAlgorithm(a SignatureAlgorithm) Option {
	return service.Set(signatureAlgorithm, string(a))
}
