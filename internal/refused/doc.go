// Package refused gives tests a loopback address where every connection is
// refused, reserved for the test so that no other process starts listening
// on it while the test runs.
package refused
