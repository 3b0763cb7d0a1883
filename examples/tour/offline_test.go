package main

// The test kit keeps this test binary on loopback: a client left on its
// real default base URL fails at its first dial instead of calling out.
import _ "github.com/conduit-sdk/conduit/internal/testkit"
