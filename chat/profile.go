package chat

import (
	"time"

	"github.com/conduit-sdk/conduit/internal/limits"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// errorProfile reads the platform's JSON error codes: {"code": 50013,
// "message": "Missing Permissions"}, and {"message", "retry_after",
// "global"} on a 429, whose retry_after (seconds, fractional) is more
// precise than the Retry-After header.
var errorProfile = transport.Profile{
	Code:       []string{"code"},
	Message:    []string{"message"},
	RetryAfter: []string{"retry_after"},
	Waits:      []transport.Wait{{Header: "X-RateLimit-Reset-After", Unit: limits.Seconds}},
	// Every answer names the route's bucket and its budget: clients wait
	// for it rather than take the 429, and stop long before the 10,000
	// invalid answers in ten minutes at which the platform blocks an IP.
	Buckets: &limits.Buckets{
		// An interaction's calls are a webhook's: its application (the
		// webhook id) and token, or the interaction itself, split them.
		Major:         []string{"channel_id", "guild_id", "webhook_id", "webhook_token", "application_id", "interaction_id", "interaction_token"},
		MajorAfter:    []string{"channels", "guilds", "webhooks"},
		InvalidLimit:  1000,
		InvalidWindow: 10 * time.Minute,
	},
	// A code means the same under any status: the write limits come as
	// 400 or as 429, and neither is retried, since the platform's wait for
	// them is longer than a call should block.
	Codes: map[string]transport.Meaning{
		"40001":  transport.Unauthorized,
		"50014":  transport.Unauthorized, // invalid authentication token
		"50025":  transport.Unauthorized, // invalid OAuth2 access token
		"50026":  transport.Unauthorized, // missing required OAuth2 scope
		"50027":  transport.Unauthorized, // invalid webhook token
		"50001":  transport.Unauthorized, // missing access
		"50013":  transport.Unauthorized, // missing permissions
		"20012":  transport.Unauthorized, // not authorized for this application
		"50005":  transport.Unauthorized, // cannot edit a message authored by another user
		"50007":  transport.Unauthorized, // cannot send messages to this user (DMs closed)
		"90001":  transport.Unauthorized, // reaction blocked
		"10003":  transport.NotFound,     // unknown channel
		"10004":  transport.NotFound,     // unknown guild
		"10007":  transport.NotFound,     // unknown member
		"10008":  transport.NotFound,     // unknown message
		"10014":  transport.NotFound,     // unknown emoji
		"10013":  transport.NotFound,     // unknown user
		"10015":  transport.NotFound,     // unknown webhook
		"10011":  transport.NotFound,     // unknown role
		"10026":  transport.NotFound,     // unknown ban
		"10062":  transport.NotFound,     // unknown interaction (its token expired)
		"10063":  transport.NotFound,     // unknown application command
		"20016":  transport.Exhausted,    // slowmode: no wait within a call lifts it
		"20022":  transport.Exhausted,    // announcement edit limit
		"20028":  transport.Exhausted,    // channel write rate limit
		"20029":  transport.Exhausted,    // server write rate limit
		"40003":  transport.Exhausted,    // opening direct messages too fast
		"40062":  transport.Exhausted,    // service resource rate limited
		"130000": transport.Transient,    // API resource overloaded
	},
}
