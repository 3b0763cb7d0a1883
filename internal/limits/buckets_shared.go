package limits

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"slices"
	"time"

	"github.com/conduit-sdk/conduit/internal/config"
)

// sharedBuckets is a client's view of a conduit.BucketStore: the buckets
// of its credential, kept where other processes with that credential see
// them. A shared bucket is named by its route and major parameters, which
// every process knows before its first answer, not by the bucket name the
// service reports, which each would have to learn first (routes that share
// one of the service's buckets are then counted apart). The invalid-answer
// guard stays in the process.
type sharedBuckets struct {
	store config.BucketStore
	scope string // a hash of the client's credentials
}

// newSharedBuckets scopes store to the credentials in values.
func newSharedBuckets(store config.BucketStore, values map[string]string) *sharedBuckets {
	if store == nil {
		return nil
	}
	names := make([]string, 0, len(values))
	for name := range values {
		names = append(names, name)
	}
	slices.Sort(names)
	h := sha256.New()
	for _, name := range names {
		h.Write([]byte(name + "\x00" + values[name] + "\x00"))
	}
	return &sharedBuckets{store: store, scope: hex.EncodeToString(h.Sum(nil))[:32]}
}

// bucketName hides a bucket key, which can hold a webhook's token.
func bucketName(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16])
}

// sharedState is what an answer said, for the store.
type sharedState struct {
	remaining          int64 // -1: not said
	resetAfter, global time.Duration
}

// waitShared is Wait on the shared store. decided is false when the store
// failed: the client's own buckets decide then, as without a store.
func (b *BucketSet) waitShared(ctx context.Context, route, major string, maxWait time.Duration) (err error, decided bool) {
	if b.shared == nil {
		return nil, false
	}
	for {
		b.mu.Lock()
		if err := b.guard(time.Now()); err != nil {
			b.mu.Unlock()
			return err, true
		}
		b.mu.Unlock()
		d, err := b.shared.store.Reserve(ctx, b.shared.scope, bucketName(route+" "+major))
		switch {
		case ctx.Err() != nil:
			return ctx.Err(), true
		case err != nil:
			return nil, false
		case d <= 0:
			return nil, true
		case d > maxWait:
			return &BucketWaitError{Wait: d}, true
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d {
			return context.DeadlineExceeded, true
		}
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err(), true
		}
	}
}

// record stores what an answer said about the bucket under key; the
// client's own buckets have it already, so a store that fails loses
// nothing this process needs.
func (s *sharedBuckets) record(resp *http.Response, key string, said sharedState) {
	if said.remaining < 0 && said.resetAfter == 0 && said.global == 0 {
		return
	}
	ctx := context.Background()
	if resp.Request != nil {
		ctx = context.WithoutCancel(resp.Request.Context())
	}
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	s.store.Record(ctx, s.scope, bucketName(key), said.remaining, said.resetAfter, said.global)
}
