package testkit

import (
	"github.com/conduit-sdk/conduit/internal/offline"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Every test binary that imports the test kit reaches loopback alone: a
// client left on its real default base URL fails at its first dial, with
// an error that says so, instead of calling the real service.
func init() { transport.GuardDial(offline.LoopbackOnly) }
