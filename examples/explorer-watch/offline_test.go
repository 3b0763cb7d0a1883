package main

// The loopback-only dialer the test kit installs.
import _ "github.com/conduit-sdk/conduit/internal/testkit"
