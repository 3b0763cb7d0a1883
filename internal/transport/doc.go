// Package transport is the one place where conduit does HTTP.
//
// Every interface package describes itself once with a [Service] (name,
// base URLs, auth scheme, credentials and settings, published limit, error
// profile) and declares each operation once with [Declare], [DeclareStream]
// or [DeclareDownload]. A package method checks its inputs and makes one
// call of the declared operation; everything after that is here:
// base-URL resolution and normalisation, credential placement, JSON
// encoding and capped decoding, retries with an idempotency rule, rate
// limits, redirect rules, timeouts, the service's error profile, logging
// and, above all, redaction: no credential value ever reaches an error, a
// log line or a printed value. Only this package builds a *conduit.Error.
package transport
