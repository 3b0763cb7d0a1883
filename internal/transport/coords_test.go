package transport

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

func TestLatLng(t *testing.T) {
	op := Declare[item](testService(Auth{}), get("/"), nil)
	q, err := op.LatLng(-33.8688, 180)
	require.NoError(t, err)
	assert.Equal(t, []string{"lat", "-33.8688", "lng", "180"}, q)
	for _, tc := range []struct {
		lat, lng float64
		field    string
	}{{90.01, 0, "lat"}, {math.NaN(), 0, "lat"}, {0, math.Inf(-1), "lng"}, {0, -180.5, "lng"}} {
		_, err := op.LatLng(tc.lat, tc.lng)
		e := asError(t, err)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam)
		assert.Equal(t, tc.field, e.Field)
		assert.Equal(t, "testsvc", e.Service)
		assert.Equal(t, "X", e.Op)
	}
}
