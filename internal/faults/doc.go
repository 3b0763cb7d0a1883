// Package faults holds conduit's cross-package robustness suite (in its
// tests): every operation of every package, run against local servers that
// misbehave in every way the suite knows. The calls are internal/samples'
// table, so a new operation is covered by its sample; ops_<pkg>_test.go
// holds what the suite must know beyond the call (writes, credentials,
// bad input).
package faults
