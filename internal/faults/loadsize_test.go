//go:build !stress

package faults

// loadCalls is the size of the load run in go test and make test; make
// stress (-tags stress) runs the big one.
const loadCalls = 200
