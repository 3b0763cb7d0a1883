package media

import (
	"encoding/base64"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// urlOp names the errors of URL, which builds an address and sends nothing.
var urlOp = &transport.Op{Service: service, Name: "URL"}

// Transformation is one component of a delivery URL's transformation
// chain: the parameters Cloudinary applies together. Zero fields are left
// out; the parameters are written sorted by name, as Cloudinary's SDKs
// write them ("c_fill,g_auto,h_200,q_auto,w_300").
type Transformation struct {
	Width   int    // w_: pixels
	Height  int    // h_: pixels
	Crop    string // c_: "fill", "fit", "limit", "scale", "thumb", "crop", "pad"…
	Gravity string // g_: "auto", "face", "center", "north_east"…
	Quality string // q_: "auto", "auto:good", "80"
	// Format is the delivered format (f_): "auto" picks the best the
	// browser accepts.
	Format string
	// Raw holds further parameters verbatim ("e_grayscale,r_max"),
	// written after the typed ones.
	Raw string
}

// String returns the component as it appears in a URL.
func (t Transformation) String() string {
	var params []string
	add := func(key, v string) {
		if v != "" {
			params = append(params, key+"_"+v)
		}
	}
	add("c", t.Crop)
	add("f", t.Format)
	add("g", t.Gravity)
	if t.Height != 0 {
		add("h", strconv.Itoa(t.Height))
	}
	add("q", t.Quality)
	if t.Width != 0 {
		add("w", strconv.Itoa(t.Width))
	}
	slices.Sort(params)
	if t.Raw != "" {
		params = append(params, t.Raw)
	}
	return strings.Join(params, ",")
}

// URLParams are the optional inputs of URL.
type URLParams struct {
	// ResourceType is the path segment: Image when empty, Video or Raw.
	ResourceType ResourceType
	// Type is the delivery type: "upload" when empty, "private",
	// "authenticated", "fetch"…
	Type string
	// Transformations are chained, each applied to the result of the one
	// before, written as components separated by "/".
	Transformations []Transformation
	// Version, when not 0, is written v<Version> before the public id, so
	// a CDN copy of an older version is not served.
	Version int64
	// Format is the file extension delivered ("jpg", "webp"); empty
	// keeps the public id as it is.
	Format string
	// Sign adds the s--SIGNATURE-- component that authenticated assets
	// and strict transformations require, made with the API secret and
	// the client's signature algorithm.
	Sign bool
}

// URL returns the delivery address of an asset on media_delivery_url:
// <base>/<cloud>/<resource_type>/<type>[/s--SIGNATURE--][/<transformations>][/v<version>]/<public_id>[.<format>].
// It sends nothing. A signed URL's signature is the first 8 characters of
// the URL-safe Base64 digest of "<transformations>/<public_id>[.<format>]"
// followed by the API secret, as Cloudinary documents it; the version is
// not signed.
func (c *Client) URL(publicID string, p *URLParams) (string, error) {
	if p == nil {
		p = &URLParams{}
	}
	rt, err := resourceType(urlOp, p.ResourceType, false)
	if err != nil {
		return "", err
	}
	if bad := publicIDProblem(publicID); bad != "" {
		return "", urlOp.Invalid("public_id", "%s", bad)
	}
	typ := p.Type
	if typ == "" {
		typ = "upload"
	}
	if bad := segmentProblem(typ); bad != "" {
		return "", urlOp.Invalid("type", "%s", bad)
	}
	if p.Version < 0 {
		return "", urlOp.Invalid("version", "%d is negative", p.Version)
	}
	if bad := segmentProblem(p.Format); p.Format != "" && (bad != "" || strings.Contains(p.Format, ".")) {
		return "", urlOp.Invalid("format", "%.20q is not a file extension", p.Format)
	}
	var chain []string
	for i, t := range p.Transformations {
		s := t.String()
		if s == "" || strings.ContainsAny(s, "/?#") || controlChar(s) || transport.DotSegment(s) {
			return "", urlOp.Invalid("transformations", "component %d (%.40q) is empty, a dot segment, or holds '/', '?', '#' or a control character", i, s)
		}
		chain = append(chain, s)
	}
	base, err := c.t.BaseURL(urlOp, deliveryURL)
	if err != nil {
		return "", err
	}
	source := publicID
	if p.Format != "" {
		source += "." + p.Format
	}
	parts := []string{base, url.PathEscape(c.cloud), rt, url.PathEscape(typ)}
	if p.Sign {
		secret, err := c.t.Reveal(urlOp, "api_secret")
		if err != nil {
			return "", err
		}
		signed := strings.Join(append(slices.Clone(chain), source), "/")
		sum := base64.RawURLEncoding.EncodeToString(c.algorithm().digest(signed, secret))
		parts = append(parts, "s--"+sum[:8]+"--")
	}
	parts = append(parts, chain...)
	if p.Version != 0 {
		parts = append(parts, "v"+strconv.FormatInt(p.Version, 10))
	}
	for _, seg := range strings.Split(source, "/") {
		parts = append(parts, url.PathEscape(seg))
	}
	return strings.Join(parts, "/"), nil
}
