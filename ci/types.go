package ci

import (
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// User is the token's owner. The spec shows none of its fields; the common
// ones are typed, the rest stay reachable through RawJSON and Decode.
type User struct {
	raw
	ID    string `json:"id"`
	Login string `json:"login"`
	Name  string `json:"name"`
}

// PipelineList is one page of a project's pipelines.
type PipelineList struct {
	raw
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
	raw
	ID string `json:"id"`
	// Number counts the project's pipelines, so people quote it.
	Number    int64         `json:"number"`
	State     PipelineState `json:"state"`
	CreatedAt time.Time     `json:"created_at"`
	VCS       PipelineVCS   `json:"vcs"`
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
	Revision string `json:"revision,omitempty"`
}

type triggerRequest struct {
	Branch string `json:"branch"`
}
