package media

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// SignatureAlgorithm is the digest of every signature the client makes or
// checks: SHA-1, Cloudinary's default, or SHA-256 for accounts that allow
// only that.
type SignatureAlgorithm string

// The digests Cloudinary accepts.
const (
	SHA1   SignatureAlgorithm = "sha1"
	SHA256 SignatureAlgorithm = "sha256"
)

// newHash returns the digest of a, SHA-1 unless a is SHA256.
func (a SignatureAlgorithm) newHash() hash.Hash {
	if a == SHA256 {
		return sha256.New()
	}
	return sha1.New()
}

// digest hashes the concatenation of parts with a.
func (a SignatureAlgorithm) digest(parts ...string) []byte {
	h := a.newHash()
	for _, p := range parts {
		h.Write([]byte(p))
	}
	return h.Sum(nil)
}

// unsigned are the parameters Cloudinary leaves out of the string it signs.
var unsigned = []string{"file", "cloud_name", "resource_type", "api_key"}

// stringToSign is Cloudinary's payload for an authentication signature:
// every parameter but file, cloud_name, resource_type and api_key, an array
// parameter ("public_ids[]") under its bare name with its values joined by
// commas, "&" in a value written %26 (so no value can smuggle in another
// parameter), the pairs sorted by name and joined as name=value&…, then the
// API secret (appended by the caller).
func stringToSign(params []string) string {
	values := map[string][]string{}
	var names []string
	for i := 0; i+1 < len(params); i += 2 {
		name := strings.TrimSuffix(params[i], "[]")
		if slices.Contains(unsigned, name) {
			continue
		}
		if _, seen := values[name]; !seen {
			names = append(names, name)
		}
		values[name] = append(values[name], strings.ReplaceAll(params[i+1], "&", "%26"))
	}
	slices.Sort(names)
	pairs := make([]string, len(names))
	for i, name := range names {
		pairs[i] = name + "=" + strings.Join(values[name], ",")
	}
	return strings.Join(pairs, "&")
}

// algorithm is the client's signature digest.
func (c *Client) algorithm() SignatureAlgorithm {
	return SignatureAlgorithm(c.t.Value(signatureAlgorithm))
}

// signed returns params, name, value pairs, followed by the timestamp,
// signature and api_key of a signed Upload API call made at now. The API
// secret signs them and is never sent; a missing key or secret is op's
// missing-credential error.
func (c *Client) signed(op *transport.Op, params []string, now time.Time) ([]string, error) {
	key, err := c.t.Reveal(op, "api_key")
	if err != nil {
		return nil, err
	}
	secret, err := c.t.Reveal(op, "api_secret")
	if err != nil {
		return nil, err
	}
	params = append(params, "timestamp", strconv.FormatInt(now.Unix(), 10))
	sig := hex.EncodeToString(c.algorithm().digest(stringToSign(params), secret))
	return append(params, "signature", sig, "api_key", key), nil
}
