// Package conduit holds what every conduit client package shares: the
// options that configure a client or a call, the error type and its
// sentinels, and the types results are made of (Raw, Stream, Decimal, Date,
// Text, Int, Duration, RateLimit, Response), so that one set of docs and one
// errors.As serve all 22 packages.
//
// Each interface lives in its own package (conduit/sunrise,
// conduit/inference, …) with a New constructor that takes these options:
//
//	c, err := sunrise.New(conduit.WithMaxRetries(3), conduit.WithLogger(logger))
//
// and methods that take them too, for one call:
//
//	day, err := c.Get(ctx, 51.48, 0, nil, conduit.WithResponse(&resp))
//
// Every package also has its own options (credentials, named base URLs,
// settings) and reads the same from CONDUIT_<PACKAGE>_<NAME> environment
// variables. Package conduittest fakes every service for tests.
package conduit

//go:generate go run ./internal/gen/skeleton
//go:generate go run ./internal/gen

// Version is the release of this module, sent in the default User-Agent
// ("conduit-go/" + Version).
const Version = "0.3.0-dev"
