package media

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Cloudinary's documented example: eager, public_id and timestamp signed
// with the secret "abcd".
func TestSignatureMatchesCloudinarysDocumentedExample(t *testing.T) {
	params := []string{"public_id", "sample_image", "eager", "w_400,h_300,c_pad|w_260,h_200,c_crop", "timestamp", "1315060510", "api_key", "1234", "file", "https://example.com/sample.jpg"}
	s := stringToSign(params)
	assert.Equal(t, "eager=w_400,h_300,c_pad|w_260,h_200,c_crop&public_id=sample_image&timestamp=1315060510", s, "sorted, without api_key and file")
	assert.Equal(t, "bfd09f95f331f558cbd1320e67aa8d488770583e", hex.EncodeToString(SHA1.digest(s, "abcd")))
}

// An "&" inside a value is written %26, so a notification_url cannot
// smuggle in a tags parameter. Cloudinary's Go SDK checks the same
// escaping with this vector, over a string that also holds cloud_name
// (which a request's signature leaves out).
func TestSignatureEscapesAmpersandsInValues(t *testing.T) {
	honest := stringToSign([]string{"cloud_name", "dn6ot3ged", "timestamp", "1568810420", "notification_url", "https://fake.com/callback?a=1&tags=hello,world"})
	smuggled := stringToSign([]string{"timestamp", "1568810420", "notification_url", "https://fake.com/callback?a=1", "tags", "hello,world"})
	assert.Equal(t, "notification_url=https://fake.com/callback?a=1%26tags=hello,world&timestamp=1568810420", honest)
	assert.Equal(t, "4fdf465dd89451cc1ed8ec5b3e314e8a51695704", hex.EncodeToString(SHA1.digest("cloud_name=dn6ot3ged&"+honest, "hdcixPpR2iKERPwqvH6sHdK9cyac")))
	assert.NotEqual(t, honest, smuggled)
}

func TestSignatureJoinsArrayValuesUnderTheBareName(t *testing.T) {
	s := stringToSign([]string{"tag", "sale", "public_ids[]", "cat", "public_ids[]", "dog", "command", "add", "timestamp", "9"})
	assert.Equal(t, "command=add&public_ids=cat,dog&tag=sale&timestamp=9", s)
}

func TestSHA256DigestIsSelectable(t *testing.T) {
	assert.Len(t, SHA256.digest("timestamp=1", "abcd"), 32)
	assert.Len(t, SHA1.digest("timestamp=1", "abcd"), 20)
	assert.Len(t, SignatureAlgorithm("").digest("x"), 20, "SHA-1 unless SHA-256 is chosen")
}
