package conduit

import (
	"context"
	"time"

	"github.com/conduit-sdk/conduit/internal/config"
)

// BucketStore keeps the rate-limit buckets a service reports per
// credential (Discord's per-route buckets and its global limit) where every
// process sending with that credential sees them: a sharded bot runs many
// processes on one token, and Discord counts the token, not the process.
// redislimit.NewBuckets keeps them in Redis. Without one, each client keeps
// its own in memory.
//
// conduit names what it asks about with opaque strings: scope stands for
// the credential (a hash of it, never the value) and bucket for one bucket
// of it (a hash of the route and its major parameters, which can hold a
// webhook's token). A store must be safe for concurrent use.
type BucketStore interface {
	// Reserve takes one request from bucket, in scope, if neither the
	// bucket's budget nor the scope's global limit is spent, and returns
	// 0; otherwise it takes nothing and returns how long until one of them
	// resets. Both must happen as one step for every process at once.
	Reserve(ctx context.Context, scope, bucket string) (time.Duration, error)
	// Record stores what an answer said about bucket.
	Record(ctx context.Context, scope, bucket string, s BucketState) error
}

// BucketState is what one answer said about a bucket.
type BucketState struct {
	// Remaining is the requests left in the bucket; -1 when the answer
	// did not say.
	Remaining int64
	// ResetAfter is how long until the bucket is whole again; 0 when the
	// answer did not say.
	ResetAfter time.Duration
	// Global, when positive, stops every request of the scope for that
	// long (a global 429).
	Global time.Duration
}

// WithBucketStore keeps the client's rate-limit buckets in s, shared with
// every client and process that uses s with the same credential. Only a
// service that reports buckets (chat) takes it; New fails for another.
// Client level.
func WithBucketStore(s BucketStore) Option {
	return option(func(st *config.Settings) {
		if !st.Only(config.Client, "conduit.WithBucketStore") {
			return
		}
		if s == nil {
			st.Fail("conduit.WithBucketStore: the BucketStore is nil")
			return
		}
		st.Buckets = bucketAdapter{s}
	})
}

// bucketAdapter carries a BucketStore through config, which cannot name
// BucketState.
type bucketAdapter struct{ s BucketStore }

func (a bucketAdapter) Reserve(ctx context.Context, scope, bucket string) (time.Duration, error) {
	return a.s.Reserve(ctx, scope, bucket)
}

func (a bucketAdapter) Record(ctx context.Context, scope, bucket string, remaining int64, resetAfter, global time.Duration) error {
	return a.s.Record(ctx, scope, bucket, BucketState{Remaining: remaining, ResetAfter: resetAfter, Global: global})
}
