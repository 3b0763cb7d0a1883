package maps_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/maps"
)

// The example of Google's description of the encoded polyline format.
func TestDecodePolylineDocumentedExample(t *testing.T) {
	pts, err := maps.DecodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@")
	require.NoError(t, err)
	assert.Equal(t, []maps.LatLng{{Lat: 38.5, Lng: -120.2}, {Lat: 40.7, Lng: -120.95}, {Lat: 43.252, Lng: -126.453}}, pts)
}

// encode writes points as the format's description says, step by step,
// apart from the decoder, so random shapes can be checked against it.
func encode(pts []maps.LatLng) string {
	var b strings.Builder
	var prevLat, prevLng int64
	value := func(v int64) {
		u := uint64(v) << 1
		if v < 0 {
			u = ^u
		}
		for u >= 0x20 {
			b.WriteByte(byte(0x20|(u&0x1f)) + 63)
			u >>= 5
		}
		b.WriteByte(byte(u) + 63)
	}
	for _, p := range pts {
		lat, lng := int64(math.Round(p.Lat*1e5)), int64(math.Round(p.Lng*1e5))
		value(lat - prevLat)
		value(lng - prevLng)
		prevLat, prevLng = lat, lng
	}
	return b.String()
}

func TestDecodePolylineReadsWhatTheFormatWrites(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		pts := make([]maps.LatLng, 1+r.IntN(20))
		for i := range pts {
			pts[i] = maps.LatLng{Lat: float64(r.IntN(18000001)-9000000) / 1e5, Lng: float64(r.IntN(36000001)-18000000) / 1e5}
		}
		got, err := maps.DecodePolyline(encode(pts))
		require.NoError(t, err)
		assert.Equal(t, pts, got)
	}
	assert.Equal(t, "_p~iF~ps|U_ulLnnqC_mqNvxq`@", encode([]maps.LatLng{{Lat: 38.5, Lng: -120.2}, {Lat: 40.7, Lng: -120.95}, {Lat: 43.252, Lng: -126.453}}),
		"the test's encoder agrees with the documented example")
}

func TestDecodePolylineRefusesBrokenInput(t *testing.T) {
	pts, err := maps.DecodePolyline("")
	require.NoError(t, err)
	assert.Empty(t, pts)
	for _, s := range []string{
		"_p~iF",                 // a latitude without its longitude
		"_p~iF~ps|",             // a value cut short
		"_p~iF ps|U",            // a space is below '?'
		"~~~~~~~~~~~~~~~~~~~~?", // a value too long for a coordinate
		encode([]maps.LatLng{{Lat: 90, Lng: 0}, {Lat: 100, Lng: 0}}),
	} {
		_, err := maps.DecodePolyline(s)
		testkit.InvalidParam(t, err, "polyline")
	}
}
