package peers

import (
	"encoding/hex"
	"testing"
)

// TestIdenticalSubscription pushes 1,000 newHeads and 1,000 logs
// notifications to every contender and fails unless each decodes the same
// numbers, gas, base fees, hashes, addresses, topics and data, as the
// notifications were built.
func TestIdenticalSubscription(t *testing.T) {
	const n = 1000
	var heads, logs ethDigest
	heads.Notes, logs.Notes = n, n
	for i := range uint64(n) {
		heads.Numbers += ethFirst + i
		heads.GasOrIndex += 0xe4e1c0 + i%1000
		heads.BaseFee += 1_000_000_000 + i%977
		heads.Fold ^= fold(hashBytes(t, appendHash(nil, 1, ethFirst+i-1)))
		logs.Numbers += ethFirst + i/4
		logs.GasOrIndex += i % 4
		note := appendLogNote(nil, i)
		topic := hashBytes(t, []byte(`"0x000000000000000000000000`+string(note[len(`{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"`+ethSubID+`","result":{"address":"`+ethToken+`","topics":["`+ethTransfer+`","0x00000000000000000000000028c6c06298d514db089934071355e5743bf21d60","0x000000000000000000000000`):][:40])+`"`))
		logs.Fold ^= fold(topic) ^ fold(hashBytes(t, []byte(`"`+ethToken+`"`)))
		logs.DataBytes += 32
	}
	for _, w := range []struct {
		kind string
		want ethDigest
	}{{ethHeads, heads}, {ethLogs, logs}} {
		s := startEthServer(t, w.kind)
		for _, c := range ethContenders {
			n := n
			r := openSubscription(t, c, s, &n)
			got := r.replay(t, n)
			r.stop()
			if got != w.want {
				t.Errorf("%s %s:\n got %+v\nwant %+v", c.name, w.kind, got, w.want)
			}
		}
	}
}

// hashBytes reads a quoted 0x hex string.
func hashBytes(t *testing.T, q []byte) []byte {
	b, err := hex.DecodeString(string(q[3 : len(q)-1]))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
