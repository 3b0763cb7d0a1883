package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// The fake run sees every head 1 to 6 and both transfers, across the drop.
func TestFakeRunMissesNothing(t *testing.T) {
	var out bytes.Buffer
	token := "0x00000000000000000000000000000000000000aa"
	if err := run(context.Background(), &out, true, token); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"head 1 ", "head 2 ", "head 3 ", "head 4 ", "head 5 ", "head 6 ",
		"transfer in block 1 ", "transfer in block 3 "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in:\n%s", want, out.String())
		}
	}
	if !strings.Contains(out.String(), "head 3 0x") || !strings.Contains(out.String(), "filled=true") {
		t.Errorf("the heads mined while away were not filled:\n%s", out.String())
	}
}
