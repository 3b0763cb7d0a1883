package chat

import "github.com/conduit-sdk/conduit/internal/transport"

// errorProfile reads the platform's JSON error codes: {"code": 50013,
// "message": "Missing Permissions"}, and {"message", "retry_after",
// "global"} on a 429, whose retry_after (seconds, fractional) is more
// precise than the Retry-After header.
var errorProfile = transport.Profile{
	Code:       []string{"code"},
	Message:    []string{"message"},
	RetryAfter: []string{"retry_after"},
	Waits:      []transport.Wait{{Header: "X-RateLimit-Reset-After", Unit: transport.Seconds}},
	Codes: map[string]transport.Meaning{
		"0":      transport.Unauthorized, // 401: Unauthorized
		"40001":  transport.Unauthorized,
		"50014":  transport.Unauthorized, // invalid authentication token
		"50027":  transport.Unauthorized, // invalid webhook token
		"50001":  transport.Unauthorized, // missing access
		"50013":  transport.Unauthorized, // missing permissions
		"20012":  transport.Unauthorized, // not authorized for this application
		"10003":  transport.NotFound,     // unknown channel
		"10004":  transport.NotFound,     // unknown guild
		"10008":  transport.NotFound,     // unknown message
		"10013":  transport.NotFound,     // unknown user
		"10015":  transport.NotFound,     // unknown webhook
		"20016":  transport.Exhausted,    // slowmode: no wait within a call lifts it
		"20028":  transport.Exhausted,    // channel write rate limit
		"20029":  transport.Exhausted,    // server write rate limit
		"40003":  transport.Exhausted,    // opening direct messages too fast
		"130000": transport.Transient,    // API resource overloaded
	},
}
