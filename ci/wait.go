package ci

import (
	"context"
	"errors"
	"time"

	"github.com/conduit-sdk/conduit"
)

// WaitParams tune WaitPipeline's polling; the zero value is the default.
type WaitParams struct {
	// Interval is the first wait between two looks; 0 means 2 s. Each
	// look that finds the pipeline still running doubles it, up to
	// MaxInterval (0 means 30 s).
	Interval    time.Duration
	MaxInterval time.Duration
}

// WaitResult is how a pipeline ended.
type WaitResult struct {
	// Pipeline is the pipeline as last read: PipelineErrored when its
	// configuration could not run, with the reasons in Errors.
	Pipeline *Pipeline
	// Workflows are every workflow of the pipeline, each in its final
	// status.
	Workflows []Workflow
	// Failed are those of Workflows that ended failed, error, canceled or
	// unauthorized.
	Failed []Workflow
}

// Succeeded reports whether the pipeline ran and no workflow failed.
func (r *WaitResult) Succeeded() bool {
	return r.Pipeline.State != PipelineErrored && len(r.Failed) == 0
}

// WaitPipeline polls a pipeline until every workflow it runs has stopped
// (success, failed, error, canceled, unauthorized or not_run), or until the
// pipeline errored before running any, and says which workflows failed.
// A workflow on hold for an approval keeps it waiting: bound the wait with
// ctx. Between looks it waits longer each time (see WaitParams); a look the
// service answers with 429 after the call's own retries waits for the
// service's Retry-After, or the interval, and looks again. Any other
// failure ends the wait with that error, and the end of ctx with ctx's
// error. Each look is one AllPipelineWorkflows walk, and a Pipeline read
// once every workflow has stopped or while there is none yet.
func (c *Client) WaitPipeline(ctx context.Context, id string, p *WaitParams, opts ...Option) (*WaitResult, error) {
	if err := checkID(pipelineOp.Op, "pipeline_id", id); err != nil {
		return nil, err
	}
	wait, most := 2*time.Second, 30*time.Second
	if p != nil && p.Interval > 0 {
		wait = p.Interval
	}
	if p != nil && p.MaxInterval > 0 {
		most = p.MaxInterval
	}
	wait = min(wait, most)
	for {
		r, err := c.look(ctx, id, opts)
		var ce *conduit.Error
		switch {
		case err == nil && r != nil:
			return r, nil
		case errors.As(err, &ce) && errors.Is(err, conduit.ErrRateLimited):
			if err := sleep(ctx, max(ce.RetryAfter, wait)); err != nil {
				return nil, err
			}
			continue
		case err != nil:
			return nil, err
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, err
		}
		wait = min(2*wait, most)
	}
}

// look reads the pipeline's workflows once and returns the result when the
// pipeline is over, nil while it runs.
func (c *Client) look(ctx context.Context, id string, opts []Option) (*WaitResult, error) {
	var flows []Workflow
	for w, err := range c.AllPipelineWorkflows(ctx, id, nil, opts...) {
		if err != nil {
			return nil, err
		}
		flows = append(flows, w)
	}
	r := &WaitResult{Workflows: flows}
	for _, w := range flows {
		if !w.Status.Done() {
			return nil, nil
		}
		if w.Status.Failed() {
			r.Failed = append(r.Failed, w)
		}
	}
	pipe, err := c.Pipeline(ctx, id, opts...)
	if err != nil {
		return nil, err
	}
	r.Pipeline = pipe
	if len(flows) == 0 && pipe.State != PipelineErrored {
		return nil, nil // not planned yet
	}
	return r, nil
}

// sleep waits d, or returns ctx's error as soon as ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
