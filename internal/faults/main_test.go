package faults

import (
	"fmt"
	"os"
	"testing"
)

// TestMain completes the fault matrix once every file's rows and notes
// are in: a row for each call of internal/samples' table.
func TestMain(m *testing.M) {
	all, err := withSamples(ops, notes)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	ops = all
	os.Exit(m.Run())
}
