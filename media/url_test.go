package media_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/media"
)

// sdkClient is the configuration Cloudinary's SDKs test URL signing with:
// cloud test123, API secret "b".
func sdkClient(t *testing.T, opts ...media.Option) *media.Client {
	return testkit.Client(t, media.New, append([]media.Option{media.WithCloudName("test123"), media.WithAPIKey("a"), media.WithAPISecret("b"),
		media.WithDeliveryURL("https://res.cloudinary.com")}, opts...)...)
}

// The signed URLs every Cloudinary SDK's test suite expects: the signature
// covers the transformation and the public id, not the version.
func TestSignedURLsMatchCloudinarysSDKs(t *testing.T) {
	c := sdkClient(t)
	crop := []media.Transformation{{Crop: "crop", Width: 10, Height: 20}}
	for _, tc := range []struct {
		p    media.URLParams
		want string
	}{
		{media.URLParams{Transformations: crop, Version: 1234, Format: "jpg", Sign: true},
			"https://res.cloudinary.com/test123/image/upload/s--Ai4Znfl3--/c_crop,h_20,w_10/v1234/image.jpg"},
		{media.URLParams{Version: 1234, Format: "jpg", Sign: true},
			"https://res.cloudinary.com/test123/image/upload/s----SjmNDA--/v1234/image.jpg"},
		{media.URLParams{Transformations: crop, Format: "jpg", Sign: true},
			"https://res.cloudinary.com/test123/image/upload/s--Ai4Znfl3--/c_crop,h_20,w_10/image.jpg"},
	} {
		got, err := c.URL("image", &tc.p)
		require.NoError(t, err)
		assert.Equal(t, tc.want, got)
	}
}

func TestURLWritesTransformationsVersionsAndFormats(t *testing.T) {
	c := sdkClient(t)
	got, err := c.URL("products/summer sale", &media.URLParams{
		Transformations: []media.Transformation{
			{Width: 400, Height: 300, Crop: "fill", Gravity: "auto"},
			{Quality: "auto", Format: "auto", Raw: "e_grayscale"},
		},
		Version: 1719304854,
		Format:  "webp",
	})
	require.NoError(t, err)
	assert.Equal(t, "https://res.cloudinary.com/test123/image/upload/c_fill,g_auto,h_300,w_400/f_auto,q_auto,e_grayscale/v1719304854/products/summer%20sale.webp", got)

	got, err = c.URL("intro", &media.URLParams{ResourceType: media.Video, Type: "private"})
	require.NoError(t, err)
	assert.Equal(t, "https://res.cloudinary.com/test123/video/private/intro", got, "no transformation, version or format: none written")
}

func TestURLWithSHA256SignsWithIt(t *testing.T) {
	sha1URL, err := sdkClient(t).URL("image", &media.URLParams{Format: "jpg", Sign: true})
	require.NoError(t, err)
	sha256URL, err := sdkClient(t, media.WithSignatureAlgorithm(media.SHA256)).URL("image", &media.URLParams{Format: "jpg", Sign: true})
	require.NoError(t, err)
	assert.NotEqual(t, sha1URL, sha256URL)
	assert.Regexp(t, `/image/upload/s--[A-Za-z0-9_-]{8}--/image\.jpg$`, sha256URL)
}

func TestURLRefusesBadInputAndMissingSettings(t *testing.T) {
	c := sdkClient(t)
	for field, p := range map[string]*media.URLParams{
		"transformations": {Transformations: []media.Transformation{{Raw: "w_10/h_10"}}},
		"format":          {Format: "jp.g"},
		"version":         {Version: -1},
		"resource_type":   {ResourceType: "pdf"},
	} {
		_, err := c.URL("image", p)
		testkit.InvalidParam(t, err, field)
	}
	_, err := c.URL("", nil)
	testkit.InvalidParam(t, err, "public_id")

	// A dot segment, written plainly or percent-encoded once or twice,
	// would move the URL out of the cloud's delivery path.
	for _, dots := range []string{".", "..", "%2e%2e", "%2E.", ".%2e", "%2e", "%252e%252E"} {
		for field, p := range map[string]*media.URLParams{
			"type":            {Type: dots},
			"transformations": {Transformations: []media.Transformation{{Width: 10}, {Raw: dots}}},
		} {
			u, err := c.URL("image", p)
			testkit.InvalidParam(t, err, field)
			assert.Empty(t, u)
		}
		_, err = c.URL("a/"+dots+"/b", nil)
		testkit.InvalidParam(t, err, "public_id")
	}

	t.Setenv("CONDUIT_MEDIA_API_SECRET", "")
	t.Setenv("CONDUIT_MEDIA_DELIVERY_URL", "")
	bare := testkit.Client(t, media.New, media.WithCloudName("demo"), media.WithDeliveryURL("https://res.cloudinary.com"))
	_, err = bare.URL("image", &media.URLParams{Sign: true})
	assert.ErrorIs(t, err, conduit.ErrMissingCredential)
	u, err := bare.URL("image", nil)
	require.NoError(t, err, "an unsigned URL needs no secret")
	assert.Equal(t, "https://res.cloudinary.com/demo/image/upload/image", u)
	u, err = testkit.Client(t, media.New, media.WithCloudName("demo")).URL("image", nil)
	require.NoError(t, err)
	assert.Equal(t, "https://res.cloudinary.com/demo/image/upload/image", u, "the delivery host by default")
}
