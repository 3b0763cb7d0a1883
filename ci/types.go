package ci

import (
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// User is the token's owner. The spec shows none of its fields; the common
// ones are typed, the rest stay reachable through RawJSON and Decode.
type User struct {
	raw   `json:"-"`
	ID    string `json:"id"`
	Login string `json:"login"`
	Name  string `json:"name"`
}

// PipelineList is one page of a project's pipelines.
type PipelineList struct {
	raw   `json:"-"`
	Items []Pipeline `json:"items"`
	// NextPageToken names the next page (ListPipelinesParams.PageToken);
	// it is empty on the last page.
	NextPageToken string `json:"next_page_token"`
}

// UnmarshalJSON reads the paged object, with items or next_page_token null
// or missing, and also a bare array of pipelines (a list with no next page):
// the spec does not show the list's shape.
func (l *PipelineList) UnmarshalJSON(b []byte) error {
	if wire.Kind(b) == '[' {
		return conduit.Unmarshal(b, &l.Items)
	}
	var page struct {
		Items         []Pipeline `json:"items"`
		NextPageToken string     `json:"next_page_token"`
	}
	err := conduit.Unmarshal(b, &page)
	l.Items, l.NextPageToken = page.Items, page.NextPageToken
	return err
}

// Pipeline is one run of a project's configuration. The spec shows none of
// its fields; the common ones are typed, the rest (trigger, errors, ...) stay
// reachable through RawJSON and Decode, for each list item too.
type Pipeline struct {
	raw `json:"-"`
	ID  string `json:"id"`
	// Number counts the project's pipelines, so people quote it.
	Number      int64         `json:"number"`
	State       PipelineState `json:"state"`
	CreatedAt   time.Time     `json:"created_at"`
	UpdatedAt   time.Time     `json:"updated_at,omitzero"`
	ProjectSlug string        `json:"project_slug,omitempty"`
	VCS         PipelineVCS   `json:"vcs"`
	// Errors say why a pipeline is PipelineErrored (a configuration that
	// does not parse).
	Errors []PipelineError `json:"errors,omitempty"`
}

// PipelineError is one reason a pipeline could not run: its type
// ("config", "plan", …) and the service's message.
type PipelineError struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

// PipelineState is where a pipeline stands. CircleCI documents the closed
// set of constants below; a state it adds later arrives as sent, so a
// switch over the constants needs a default.
type PipelineState string

// The pipeline states the service documents.
const (
	PipelineCreated      PipelineState = "created"
	PipelineErrored      PipelineState = "errored" // the configuration could not be processed
	PipelineSetupPending PipelineState = "setup-pending"
	PipelineSetup        PipelineState = "setup"
	PipelinePending      PipelineState = "pending"
)

// PipelineVCS is the code a pipeline ran on. A trigger's answer has none.
type PipelineVCS struct {
	Branch   string `json:"branch,omitempty"`
	Tag      string `json:"tag,omitempty"`
	Revision string `json:"revision,omitempty"`
}

// WorkflowList is one page of a pipeline's workflows.
type WorkflowList struct {
	raw   `json:"-"`
	Items []Workflow `json:"items"`
	// NextPageToken names the next page (PageParams.PageToken); it is
	// empty on the last page.
	NextPageToken string `json:"next_page_token"`
}

// Workflow is one workflow of a pipeline: a graph of jobs.
type Workflow struct {
	raw            `json:"-"`
	ID             string         `json:"id"`
	Name           string         `json:"name"`
	Status         WorkflowStatus `json:"status"`
	PipelineID     string         `json:"pipeline_id"`
	PipelineNumber int64          `json:"pipeline_number"`
	ProjectSlug    string         `json:"project_slug"`
	StartedBy      string         `json:"started_by,omitempty"`
	CanceledBy     string         `json:"canceled_by,omitempty"`
	ErroredBy      string         `json:"errored_by,omitempty"`
	Tag            string         `json:"tag,omitempty"`
	CreatedAt      time.Time      `json:"created_at"`
	// StoppedAt is zero while the workflow runs.
	StoppedAt time.Time `json:"stopped_at,omitzero"`
}

// WorkflowStatus is where a workflow stands. The service documents the
// closed set below; a status it adds later arrives as sent.
type WorkflowStatus string

// The workflow statuses the service documents.
const (
	WorkflowSuccess      WorkflowStatus = "success"
	WorkflowRunning      WorkflowStatus = "running"
	WorkflowNotRun       WorkflowStatus = "not_run"
	WorkflowFailed       WorkflowStatus = "failed"
	WorkflowError        WorkflowStatus = "error"
	WorkflowFailing      WorkflowStatus = "failing" // a job failed, others still run
	WorkflowOnHold       WorkflowStatus = "on_hold" // waiting for an approval
	WorkflowCanceled     WorkflowStatus = "canceled"
	WorkflowUnauthorized WorkflowStatus = "unauthorized"
)

// Done reports whether the workflow has stopped: every status but
// running, failing and on_hold (and one the service adds later, which is
// taken as still under way).
func (s WorkflowStatus) Done() bool {
	switch s {
	case WorkflowSuccess, WorkflowNotRun, WorkflowFailed, WorkflowError, WorkflowCanceled, WorkflowUnauthorized:
		return true
	}
	return false
}

// Failed reports whether the workflow stopped without succeeding: failed,
// error, canceled or unauthorized.
func (s WorkflowStatus) Failed() bool {
	switch s {
	case WorkflowFailed, WorkflowError, WorkflowCanceled, WorkflowUnauthorized:
		return true
	}
	return false
}

// JobList is one page of a workflow's jobs.
type JobList struct {
	raw   `json:"-"`
	Items []Job `json:"items"`
	// NextPageToken names the next page (PageParams.PageToken); it is
	// empty on the last page.
	NextPageToken string `json:"next_page_token"`
}

// Job is one job of a workflow as the workflow lists it; Job (the method)
// returns its details by JobNumber.
type Job struct {
	raw  `json:"-"`
	ID   string `json:"id"`
	Name string `json:"name"`
	// JobNumber is absent for an approval job, which never runs.
	JobNumber    int64     `json:"job_number,omitempty"`
	Type         string    `json:"type"` // "build" or "approval"
	Status       JobStatus `json:"status"`
	ProjectSlug  string    `json:"project_slug"`
	Dependencies []string  `json:"dependencies"`
	StartedAt    time.Time `json:"started_at,omitzero"`
	StoppedAt    time.Time `json:"stopped_at,omitzero"`
}

// JobStatus is where a job stands. The service documents the closed set
// below; a status it adds later arrives as sent.
type JobStatus string

// The job statuses the service documents.
const (
	JobSuccess            JobStatus = "success"
	JobRunning            JobStatus = "running"
	JobNotRun             JobStatus = "not_run"
	JobFailed             JobStatus = "failed"
	JobRetried            JobStatus = "retried"
	JobQueued             JobStatus = "queued"
	JobNotRunning         JobStatus = "not_running"
	JobInfrastructureFail JobStatus = "infrastructure_fail"
	JobTimedOut           JobStatus = "timedout"
	JobOnHold             JobStatus = "on_hold"
	JobTerminatedUnknown  JobStatus = "terminated-unknown"
	JobBlocked            JobStatus = "blocked"
	JobCanceled           JobStatus = "canceled"
	JobUnauthorized       JobStatus = "unauthorized"
)

// JobDetails is one job in full.
type JobDetails struct {
	raw         `json:"-"`
	Number      int64     `json:"number"`
	Name        string    `json:"name"`
	Status      JobStatus `json:"status"`
	WebURL      string    `json:"web_url"`
	Parallelism int       `json:"parallelism"`
	// Duration is the run time in milliseconds.
	Duration int64       `json:"duration"`
	Executor JobExecutor `json:"executor"`
	Pipeline struct {
		ID string `json:"id"`
	} `json:"pipeline"`
	LatestWorkflow struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"latest_workflow"`
	CreatedAt time.Time `json:"created_at"`
	QueuedAt  time.Time `json:"queued_at,omitzero"`
	StartedAt time.Time `json:"started_at,omitzero"`
	StoppedAt time.Time `json:"stopped_at,omitzero"`
}

// JobExecutor is what a job ran on.
type JobExecutor struct {
	Type          string `json:"type"` // "docker", "machine", "macos", …
	ResourceClass string `json:"resource_class"`
}

// ArtifactList is one page of a job's artifacts.
type ArtifactList struct {
	raw   `json:"-"`
	Items []Artifact `json:"items"`
	// NextPageToken names the next page (PageParams.PageToken); it is
	// empty on the last page.
	NextPageToken string `json:"next_page_token"`
}

// Artifact is one file a job stored.
type Artifact struct {
	raw  `json:"-"`
	Path string `json:"path"`
	// NodeIndex is the parallel run that stored it, from 0.
	NodeIndex int `json:"node_index"`
	// URL downloads the file; the service wants the same token for it.
	URL string `json:"url"`
}

// Message is the service's acknowledgement of an accepted request.
type Message struct {
	raw     `json:"-"`
	Message string `json:"message"`
}

// Rerun is RerunWorkflow's answer: the new run of the workflow.
type Rerun struct {
	raw        `json:"-"`
	WorkflowID string `json:"workflow_id"`
}
