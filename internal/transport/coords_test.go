package transport

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLatLng(t *testing.T) {
	c := newOpen(t, "http://127.0.0.1:1")
	q, err := c.LatLng("Get", -33.8688, 180)
	require.NoError(t, err)
	assert.Equal(t, []string{"lat", "-33.8688", "lng", "180"}, q)
	for _, tc := range []struct {
		lat, lng float64
		field    string
	}{{90.01, 0, "lat"}, {math.NaN(), 0, "lat"}, {0, math.Inf(-1), "lng"}, {0, -180.5, "lng"}} {
		_, err := c.LatLng("Get", tc.lat, tc.lng)
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.ErrorIs(t, err, ErrInvalidParam)
		assert.Equal(t, tc.field, e.Field)
	}
}
