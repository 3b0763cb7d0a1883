package noderpc_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit/noderpc"
)

// Digests published elsewhere: the empty input, and the selectors and
// event topic every ERC-20 tool prints.
func TestKeccak256KnownDigests(t *testing.T) {
	assert.Equal(t, "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470", noderpc.Keccak256().String())
	assert.Equal(t, "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
		noderpc.Keccak256([]byte("Transfer(address,address,uint256)")).String())
	for sig, sel := range map[string]string{"transfer(address,uint256)": "a9059cbb", "balanceOf(address)": "70a08231", "owner()": "8da5cb5b"} {
		h := noderpc.Keccak256([]byte(sig))
		assert.Equal(t, sel, noderpc.Data(h[:4]).String()[2:], sig)
	}
	long := make([]byte, 1000) // several blocks, and a block boundary inside one part
	assert.Equal(t, noderpc.Keccak256(long), noderpc.Keccak256(long[:135], long[135:137], long[137:]))
}

// EIP-55's own test addresses: each prints back exactly, and a changed
// letter case fails the checksum.
func TestAddressChecksum(t *testing.T) {
	for _, s := range []string{
		"0x52908400098527886E0F7030069857D2E4169EE7", "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
		"0xde709f2102306220921060314715629080e2fb77", "0x27b1fdb04752bbc536007a920d24acb045561c26",
		"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
		"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
	} {
		a, err := noderpc.ParseAddress(s)
		require.NoError(t, err, s)
		assert.Equal(t, s, a.String())
	}
	_, err := noderpc.ParseAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")
	assert.ErrorContains(t, err, "checksum")
	a, err := noderpc.ParseAddress("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")
	require.NoError(t, err, "lower case carries no checksum")
	assert.Equal(t, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", a.String())
}

func TestFixedTypesCheckLengthAndRoundTrip(t *testing.T) {
	for _, bad := range []string{"", "0x", "5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaedd", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg"} {
		_, err := noderpc.ParseAddress(bad)
		assert.Error(t, err, bad)
	}
	_, err := noderpc.ParseHash("0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a71394")
	assert.Error(t, err)
	_, err = noderpc.ParseData("0xabc")
	assert.Error(t, err, "odd digits")

	var v struct {
		A noderpc.Address `json:"a"`
		H noderpc.Hash    `json:"h"`
		D noderpc.Data    `json:"d"`
	}
	in := `{"a":"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045","h":"0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b","d":"0x68656c6c6f21"}`
	require.NoError(t, json.Unmarshal([]byte(in), &v))
	assert.Equal(t, "hello!", string(v.D))
	out, err := json.Marshal(v)
	require.NoError(t, err)
	assert.JSONEq(t, in, string(out))
	assert.Error(t, json.Unmarshal([]byte(`{"a":"0xd8da6bf26964af9d7eed9e03e53415d37aa960"}`), &v))
}
