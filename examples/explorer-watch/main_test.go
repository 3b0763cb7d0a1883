package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// The fake run sees the transaction enter the mempool and, after the
// drop and the track sent again, its confirmation.
func TestFakeRunFollowsAcrossADrop(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), &out, true, "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"mempool: " + txid, "reconnected", "block 840001", "confirmed: " + txid + " in block 840001"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in:\n%s", want, out.String())
		}
	}
}
