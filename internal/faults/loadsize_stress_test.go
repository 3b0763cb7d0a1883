//go:build stress

package faults

// loadCalls is the size of the load run under make stress.
const loadCalls = 1000
