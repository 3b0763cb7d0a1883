package conduit

import "time"

// RateLimit is the budget a service reported in an answer's headers, read
// the way that service writes them (Discord's X-RateLimit-*, the
// OpenAI-compatible x-ratelimit-*-requests and -tokens, the IETF RateLimit
// fields, Cloudinary's X-FeatureRateLimit-*, …). A caller can slow down
// before the service says 429; conduit itself waits on Discord's buckets.
type RateLimit struct {
	// Requests is the request budget; Tokens a second budget some services
	// count (LLM tokens). A Budget whose Limit and Remaining are both -1 was
	// not reported.
	Requests Budget
	Tokens   Budget
	// Bucket is the service's name for the budget this request drew on
	// (Discord's X-RateLimit-Bucket); requests with the same bucket share it.
	Bucket string
	// Scope says whose budget ran out on a 429 ("user", "global", "shared").
	Scope string
	// Global reports that the limit hit is the service-wide one.
	Global bool
}

// Budget is one counted allowance.
type Budget struct {
	Limit     int64         // the allowance per window; -1 when not reported
	Remaining int64         // what is left of it; -1 when not reported
	Reset     time.Duration // until the allowance is whole again; 0 when not reported
}

// Known reports whether the service reported this budget at all.
func (b Budget) Known() bool { return b.Limit >= 0 || b.Remaining >= 0 || b.Reset > 0 }
