// Package faults holds conduit's cross-package robustness suite (in its
// tests): one table of every operation of every package, run against local
// servers that misbehave in every way the suite knows. A new operation is
// covered by adding one row to ops_test.go.
package faults
