package noderpc_test

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/noderpc"
)

func TestParseQuantity(t *testing.T) {
	for in, want := range map[string]uint64{
		"0x0": 0, "0x1": 1, "0x41": 65, "0x400": 1024, "0xFF": 255, "0x13a642e": 20603950,
		"0xffffffffffffffff": math.MaxUint64,
	} {
		got, err := noderpc.ParseQuantity(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", "0x", "12", "0xg1", "0x01", "0x00", "0X1", "x1", "-0x1", "0x 1", " 0x1",
		"0x1_0", "0x10000000000000000", "0x" + strings.Repeat("f", 17)} {
		_, err := noderpc.ParseQuantity(in)
		assert.Error(t, err, "%q", in)
	}
}

func TestParseBigQuantity(t *testing.T) {
	max256 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	got, err := noderpc.ParseBigQuantity("0x" + strings.Repeat("f", 64))
	require.NoError(t, err)
	assert.Equal(t, 0, max256.Cmp(got))
	got, err = noderpc.ParseBigQuantity("0x14ea15b59d438e864000")
	require.NoError(t, err)
	assert.Equal(t, "98765432100000000000000", got.String())
	for _, in := range []string{"0x", "0x01", "12", "0xg1", "0x" + strings.Repeat("f", 65), "0x-1", "0x+1"} {
		_, err := noderpc.ParseBigQuantity(in)
		assert.Error(t, err, "%q", in)
	}
}

func TestBigQuantityJSON(t *testing.T) {
	for in, want := range map[string]string{
		`"0x14ea15b59d438e864000"`: "98765432100000000000000",
		`98765432100000000000000`:  "98765432100000000000000",
		`0`:                        "0",
	} {
		var q noderpc.BigQuantity
		require.NoError(t, q.UnmarshalJSON([]byte(in)), in)
		assert.Equal(t, want, q.String(), in)
	}
	for _, in := range []string{`"98765"`, `-1`, `1.5`, `1e3`, `"0x01"`, `true`, `{}`} {
		var q noderpc.BigQuantity
		assert.Error(t, q.UnmarshalJSON([]byte(in)), in)
	}
	var q noderpc.BigQuantity
	require.NoError(t, q.UnmarshalJSON([]byte(`null`)))
	assert.Nil(t, q.Int)
	_, err := noderpc.BigQuantity{Int: big.NewInt(-1)}.MarshalJSON()
	assert.Error(t, err, "a negative quantity has no wire form")
}

// A quantity that parses is canonical: formatting the value gives back the
// input, up to the case of the hex digits.
func FuzzParseQuantity(f *testing.F) {
	for _, s := range []string{"0x0", "0x1b4", "0x", "12", "0xg1", "0x01", "0xffffffffffffffff", "0x10000000000000000", "0xABC"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := noderpc.ParseQuantity(s)
		big, berr := noderpc.ParseBigQuantity(s)
		if err != nil {
			if berr == nil && big.IsUint64() {
				t.Fatalf("%q: ParseQuantity rejects a 64-bit value ParseBigQuantity accepts: %v", s, err)
			}
			return
		}
		if want := "0x" + strconv.FormatUint(v, 16); want != strings.ToLower(s) {
			t.Fatalf("%q parsed to %d, which formats as %s", s, v, want)
		}
		if berr != nil || !big.IsUint64() || big.Uint64() != v {
			t.Fatalf("%q: ParseBigQuantity disagrees: %v %v", s, big, berr)
		}
	})
}

// Whatever the server sends, a decoded balance is a non-negative integer of
// at most 256 bits that round-trips through MarshalJSON.
func FuzzBigQuantityJSON(f *testing.F) {
	for _, s := range []string{`"0x14ea15b59d438e864000"`, `123`, `-1`, `"0x"`, `null`, `1e3`, `"0x01"`, `""`, `[]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var q noderpc.BigQuantity
		if q.UnmarshalJSON([]byte(in)) != nil || q.Int == nil {
			return
		}
		if q.Sign() < 0 || q.BitLen() > 256 {
			t.Fatalf("%q decoded to %s", in, q.Int)
		}
		b, err := q.MarshalJSON()
		require.NoError(t, err)
		var back noderpc.BigQuantity
		require.NoError(t, back.UnmarshalJSON(b))
		if back.Cmp(q.Int) != 0 {
			t.Fatalf("%q: %s round-tripped to %s", in, q.Int, back.Int)
		}
	})
}

func FuzzQuantityJSON(f *testing.F) {
	for _, s := range []string{`"0x1"`, `"0x"`, `1`, `null`, `"0x01"`, `"0xffffffffffffffff"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var q noderpc.Quantity
		if q.UnmarshalJSON([]byte(in)) != nil {
			return
		}
		b, _ := q.MarshalJSON()
		var back noderpc.Quantity
		if err := back.UnmarshalJSON(b); err != nil || back != q {
			t.Fatalf("%q: %d round-tripped to %d (%v)", in, q, back, err)
		}
	})
}
