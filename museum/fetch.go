package museum

import (
	"context"
	"sync"
	"time"

	"github.com/conduit-sdk/conduit"
)

// RequestRate is the service's published request rate: at most 80
// requests a second. FetchObjects keeps to it by default.
const RequestRate = 80

// fetchLimit paces every FetchObjects call of the process that brings no
// limiter of its own, so that two calls at once share the published rate.
var fetchLimit = conduit.NewLimiter(RequestRate, time.Second)

// FetchParams are FetchObjects' optional inputs.
type FetchParams struct {
	// Workers is how many requests may be in flight at once; 0 is 8.
	Workers int
	// Limiter paces the requests, one Wait per object; nil shares one
	// process-wide limit of RequestRate a second. A retry inside an
	// object's call is paced by the client's own limit only.
	Limiter conduit.Limiter
}

// ObjectResult is one object of FetchObjects: the record, or the error of
// its call (ErrNotFound for an id the collection lacks), never both.
type ObjectResult struct {
	ID     int64
	Object *Object
	Err    error
}

// FetchObjects fetches many objects at once, as the ids Search and Objects
// return call for, within the service's published rate. Its results are in
// the order of ids, one for each; a failed object does not stop the
// others, it holds its own error. When ctx ends, the objects not yet
// fetched hold ctx's error. opts apply to every call.
//
// The edge in front of the service blocks a burst sooner than the
// published rate (ErrRateLimited on the objects it refused); a Limiter of
// a few requests a second avoids that for long runs.
func (c *Client) FetchObjects(ctx context.Context, ids []int64, p *FetchParams, opts ...Option) []ObjectResult {
	workers, lim := 8, fetchLimit
	if p != nil && p.Workers > 0 {
		workers = p.Workers
	}
	if p != nil && p.Limiter != nil {
		lim = p.Limiter
	}
	out := make([]ObjectResult, len(ids))
	if ctx == nil {
		for i := range out {
			out[i] = ObjectResult{ID: ids[i], Err: objectOp.Invalid("ctx", "nil context")}
		}
		return out
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(ids)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := &out[i]
				r.ID = ids[i]
				if r.Err = lim.Wait(ctx, "museum"); r.Err == nil {
					r.Object, r.Err = c.Object(ctx, ids[i], opts...)
				}
			}
		}()
	}
	for i := range ids {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}
