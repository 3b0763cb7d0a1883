package ci_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// pipelineServer answers the workflow listing with looks[i] on the i-th
// look (the last one from then on) and the pipeline read with state.
func pipelineServer(t *testing.T, state string, looks ...string) (*testkit.Server, *atomic.Int32) {
	var n atomic.Int32
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/workflow") {
			i := int(n.Add(1)) - 1
			fmt.Fprintf(w, `{"items":[%s],"next_page_token":null}`, looks[min(i, len(looks)-1)])
			return
		}
		fmt.Fprintf(w, `{"id":%q,"number":130,"state":%q}`, pipe130, state)
	}))
	return srv, &n
}

func flow(name, status string) string {
	return fmt.Sprintf(`{"id":"%s-0000-4000-8000-000000000000","name":%q,"status":%q}`, map[string]string{"build": "aaaaaaaa", "deploy": "bbbbbbbb"}[name], name, status)
}

var quick = &ci.WaitParams{Interval: time.Millisecond, MaxInterval: 4 * time.Millisecond}

func TestWaitPipelineWaitsForEveryWorkflow(t *testing.T) {
	srv, looks := pipelineServer(t, "created",
		"",
		flow("build", "running")+","+flow("deploy", "on_hold"),
		flow("build", "success")+","+flow("deploy", "failing"),
		flow("build", "success")+","+flow("deploy", "failed"))
	r, err := client(t, srv).WaitPipeline(context.Background(), pipe130, quick)
	require.NoError(t, err)
	assert.Equal(t, int32(4), looks.Load(), "a look each until both stopped")
	require.Len(t, r.Workflows, 2)
	require.Len(t, r.Failed, 1)
	assert.Equal(t, "deploy", r.Failed[0].Name)
	assert.Equal(t, ci.PipelineCreated, r.Pipeline.State)
	assert.False(t, r.Succeeded())
}

func TestWaitPipelineSucceeds(t *testing.T) {
	srv, _ := pipelineServer(t, "created", flow("build", "success")+","+flow("deploy", "not_run"))
	r, err := client(t, srv).WaitPipeline(context.Background(), pipe130, quick)
	require.NoError(t, err)
	assert.Empty(t, r.Failed, "not_run is over, not failed")
	assert.True(t, r.Succeeded())
}

func TestWaitPipelineEndsOnAnErroredPipeline(t *testing.T) {
	srv, looks := pipelineServer(t, "errored", "")
	r, err := client(t, srv).WaitPipeline(context.Background(), pipe130, quick)
	require.NoError(t, err)
	assert.Equal(t, int32(1), looks.Load())
	assert.Empty(t, r.Workflows)
	assert.False(t, r.Succeeded(), "a pipeline whose configuration failed did not succeed")
}

// Each wait is at least twice the one before, up to the cap; timers never
// fire early, so the gaps between looks bound the waits from below.
func TestWaitPipelineBacksOff(t *testing.T) {
	var mu sync.Mutex
	var at []time.Time
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if !strings.HasSuffix(r.URL.Path, "/workflow") {
			fmt.Fprintf(w, `{"id":%q,"state":"created"}`, pipe130)
			return
		}
		mu.Lock()
		at = append(at, time.Now())
		status := "running"
		if len(at) == 5 {
			status = "success"
		}
		mu.Unlock()
		fmt.Fprintf(w, `{"items":[%s]}`, flow("build", status))
	}))
	_, err := client(t, srv).WaitPipeline(context.Background(), pipe130, &ci.WaitParams{Interval: 10 * time.Millisecond, MaxInterval: 40 * time.Millisecond})
	require.NoError(t, err)
	require.Len(t, at, 5)
	for i, want := range []time.Duration{10, 20, 40, 40} {
		assert.GreaterOrEqual(t, at[i+1].Sub(at[i]), want*time.Millisecond, "wait %d", i+1)
	}
}

func TestWaitPipelineWaitsOutARateLimit(t *testing.T) {
	var n atomic.Int32
	srv := testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.HasSuffix(r.URL.Path, "/workflow") && n.Add(1) == 1:
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"message":"Rate limit exceeded. Retry later."}`)
		case strings.HasSuffix(r.URL.Path, "/workflow"):
			fmt.Fprintf(w, `{"items":[%s]}`, flow("build", "success"))
		default:
			fmt.Fprintf(w, `{"id":%q,"state":"created"}`, pipe130)
		}
	}))
	c := client(t, srv, conduit.WithMaxRetries(0))
	start := time.Now()
	r, err := c.WaitPipeline(context.Background(), pipe130, quick)
	require.NoError(t, err, "a 429 is waited out, not the end of the wait")
	assert.GreaterOrEqual(t, time.Since(start), time.Second, "the service's Retry-After, not the 1 ms interval")
	assert.True(t, r.Succeeded())
	assert.Equal(t, int32(2), n.Load())
}

func TestWaitPipelineStopsOnOtherFailures(t *testing.T) {
	srv := testkit.Start(t, testkit.Reply{Status: http.StatusNotFound, Body: `{"message":"Pipeline not found"}`})
	_, err := client(t, srv).WaitPipeline(context.Background(), pipe130, quick)
	require.ErrorIs(t, err, conduit.ErrNotFound)
	assert.Equal(t, 1, srv.Hits())
}

func TestWaitPipelineChecksTheID(t *testing.T) {
	srv := testkit.Start(t)
	_, err := client(t, srv).WaitPipeline(context.Background(), "130", nil)
	testkit.InvalidParam(t, err, "pipeline_id")
	assert.Zero(t, srv.Hits())
}
