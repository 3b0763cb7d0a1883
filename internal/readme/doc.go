// Package readme holds the test that runs every Go block of the repository's
// README.md against conduittest, so that the README cannot drift from the
// code: readme_blocks_test.go is generated from the README (go generate) and
// a test fails when it is stale.
//
// Each Go block in the README follows a line
//
//	<!-- go test: [decl|handler] [module=DIR] [then=CHECK] name=field … -->
//
// that says how the block runs: a block of statements (the default) becomes
// the body of a function returning error, given the named harness fields as
// local variables (a bare name is a field of the same name); decl puts the
// block at the top level of the test file; handler makes the block the body
// of an http.HandlerFunc that the harness method CHECK drives; then=CHECK
// runs a harness check after the block; module=DIR generates the block into
// the nested module DIR, whose own readme_harness_test.go provides the fields.
package readme

//go:generate go run ./gen
