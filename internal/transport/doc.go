// Package transport is the one place where conduit does HTTP.
//
// Every interface package describes itself once with a [Service] (name,
// base-URL placeholders, auth scheme, credentials, default rate limit) and
// issues [Request] values through a [Client]. The Client owns everything that
// must be right the same way in all 22 packages: base-URL resolution from
// options and CONDUIT_* variables, credential placement, JSON encoding and
// capped decoding, retries with an idempotency rule, per-host rate limits,
// redirect hygiene, timeouts, logging and, above all, redaction: no
// credential value ever reaches an error string or a log line.
package transport
