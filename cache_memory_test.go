package conduit_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/fxref"
)

// The memory store holds at most its bound in keys and values, evicting
// the entries used least recently first.
func TestMemoryCacheEvictsLeastRecentlyUsedWithinItsBound(t *testing.T) {
	m := conduit.NewMemoryCache(30) // three entries of 1-byte keys and 9-byte values
	for _, k := range []string{"a", "b", "c"} {
		require.NoError(t, m.Set(k, []byte("123456789")))
	}
	_, err := m.Get("a") // a is now the most recently used
	require.NoError(t, err)
	require.NoError(t, m.Set("d", []byte("123456789")))
	_, err = m.Get("b")
	assert.ErrorIs(t, err, conduit.ErrCacheMiss, "b was used least recently")
	for _, k := range []string{"a", "c", "d"} {
		_, err := m.Get(k)
		assert.NoError(t, err, k)
	}
	size, evicted := m.Size()
	assert.Equal(t, int64(30), size)
	assert.Equal(t, int64(1), evicted)
}

// Replacing an entry frees its old size; an entry over the bound is not
// stored; a value handed out is a copy.
func TestMemoryCacheAccountsEveryByte(t *testing.T) {
	m := conduit.NewMemoryCache(20)
	require.NoError(t, m.Set("k", make([]byte, 15)))
	require.NoError(t, m.Set("k", make([]byte, 5)))
	size, _ := m.Size()
	assert.Equal(t, int64(6), size)
	require.NoError(t, m.Set("big", make([]byte, 30)))
	_, err := m.Get("big")
	assert.ErrorIs(t, err, conduit.ErrCacheMiss)
	v, err := m.Get("k")
	require.NoError(t, err)
	v[0] = 9
	again, _ := m.Get("k")
	assert.Equal(t, byte(0), again[0])
	assert.NoError(t, m.Delete("k"))
	assert.ErrorIs(t, m.Delete("k"), conduit.ErrCacheMiss)
	size, _ = m.Size()
	assert.Zero(t, size)
}

// WithCache is for New only, and refuses a nil store.
func TestWithCacheIsAClientOption(t *testing.T) {
	_, err := fxref.New(conduit.WithCache(nil))
	assert.ErrorIs(t, err, conduit.ErrInvalidParam)
}
