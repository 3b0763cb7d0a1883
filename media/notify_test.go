package media_test

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/media"
)

var notification = []byte(`{"notification_type":"upload","timestamp":"2024-06-25T09:25:44+00:00","public_id":"products/teapot-white","version":1719307544}`)

// signNotification signs as Cloudinary documents it: the hex digest of the
// body, then the X-Cld-Timestamp value, then the API secret.
func signNotification(body []byte, ts, secret string, sha256Digest bool) string {
	payload := string(body) + ts + secret
	if sha256Digest {
		sum := sha256.Sum256([]byte(payload))
		return hex.EncodeToString(sum[:])
	}
	sum := sha1.Sum([]byte(payload))
	return hex.EncodeToString(sum[:])
}

func notifyClient(t *testing.T, opts ...media.Option) *media.Client {
	return testkit.Client(t, media.New, append([]media.Option{media.WithCloudName(cloud), media.WithAPISecret(secret)}, opts...)...)
}

func TestVerifyNotificationAcceptsGenuineOnes(t *testing.T) {
	ts := strconv.FormatInt(time.Now().Add(-time.Minute).Unix(), 10)
	require.NoError(t, notifyClient(t).VerifyNotification(notification, ts, signNotification(notification, ts, secret, false), 0))
	require.NoError(t, notifyClient(t, media.WithSignatureAlgorithm(media.SHA256)).VerifyNotification(notification, ts, signNotification(notification, ts, secret, true), 0))
}

func TestVerifyNotificationRefusesForgeries(t *testing.T) {
	c := notifyClient(t)
	now := time.Now()
	ts := strconv.FormatInt(now.Unix(), 10)
	good := signNotification(notification, ts, secret, false)
	tampered := append([]byte(nil), notification...)
	tampered[len(tampered)-2] = '5'
	old := strconv.FormatInt(now.Add(-3*time.Hour).Unix(), 10)
	ahead := strconv.FormatInt(now.Add(3*time.Hour).Unix(), 10)
	for _, tc := range []struct {
		name, field string
		err         error
	}{
		{"tampered body", "signature", c.VerifyNotification(tampered, ts, good, 0)},
		{"other timestamp", "signature", c.VerifyNotification(notification, strconv.FormatInt(now.Unix()-1, 10), good, 0)},
		{"other secret", "signature", c.VerifyNotification(notification, ts, signNotification(notification, ts, "not-the-secret", false), 0)},
		{"SHA-256 where SHA-1 is set", "signature", c.VerifyNotification(notification, ts, signNotification(notification, ts, secret, true), 0)},
		{"not hex", "signature", c.VerifyNotification(notification, ts, "zz", 0)},
		{"empty", "signature", c.VerifyNotification(notification, ts, "", 0)},
		{"stale", "timestamp", c.VerifyNotification(notification, old, signNotification(notification, old, secret, false), 0)},
		{"from the future", "timestamp", c.VerifyNotification(notification, ahead, signNotification(notification, ahead, secret, false), 0)},
		{"past a short maximum", "timestamp", c.VerifyNotification(notification, strconv.FormatInt(now.Add(-time.Minute).Unix(), 10), good, 30*time.Second)},
		{"not a number", "timestamp", c.VerifyNotification(notification, "yesterday", good, 0)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testkit.InvalidParam(t, tc.err, tc.field)
			testkit.NoSecret(t, tc.err, secret)
		})
	}
}

func TestVerifyNotificationNeedsTheSecret(t *testing.T) {
	t.Setenv("CONDUIT_MEDIA_API_SECRET", "")
	c := testkit.Client(t, media.New, media.WithCloudName(cloud))
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	err := c.VerifyNotification(notification, ts, signNotification(notification, ts, secret, false), 0)
	assert.ErrorIs(t, err, conduit.ErrMissingCredential)
}

// A correctly signed timestamp at any extreme of int64 is refused as too
// old or too far ahead: the age of 2^62 s ahead saturated, its negation
// overflowed back to a negative number, and the check passed.
func TestVerifyNotificationRefusesExtremeTimestamps(t *testing.T) {
	c := notifyClient(t)
	for _, ts := range []string{
		"4611686018427387904", "-4611686018427387904", // ±2^62
		"9223372036854775807", "-9223372036854775808", // the ends of int64
		"9223372036854775806", "-9223372036854775807",
		"253402300800", "-62135596801", // just past year 9999, just before year 1
	} {
		for _, maxAge := range []time.Duration{0, time.Second, 24 * time.Hour} {
			err := c.VerifyNotification(notification, ts, signNotification(notification, ts, secret, false), maxAge)
			t.Run(ts+"/"+maxAge.String(), func(t *testing.T) { testkit.InvalidParam(t, err, "timestamp") })
		}
	}
}
