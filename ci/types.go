package ci

import (
	"bytes"
	"time"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// User is the token's owner. The spec shows none of its fields; the common
// ones are typed, the rest stay reachable through RawJSON and Decode.
type User struct {
	transport.Raw
	ID    string `json:"id"`
	Login string `json:"login"`
	Name  string `json:"name"`
}

// PipelineList is one page of a project's pipelines.
type PipelineList struct {
	transport.Raw
	Items []Pipeline `json:"items"`
	// NextPageToken is empty on the last page.
	NextPageToken string `json:"next_page_token"`
}

// UnmarshalJSON accepts the paged object, with items or next_page_token
// null or missing, and also a bare array of pipelines: the spec does not
// show the list's shape.
func (l *PipelineList) UnmarshalJSON(b []byte) error {
	if t := bytes.TrimSpace(b); len(t) > 0 && t[0] == '[' {
		return transport.DecodeJSON(t, &l.Items, func(err error, _ string) error { return err })
	}
	type pipelineList PipelineList
	return transport.UnmarshalRecord(b, (*pipelineList)(l))
}

// Pipeline is one run of a project's configuration. The spec shows none of
// its fields; the common ones are typed, the rest (trigger, errors, ...) stay
// reachable through RawJSON and Decode, for each list item too.
type Pipeline struct {
	transport.Raw
	ID string `json:"id"`
	// Number counts the project's pipelines, so people quote it.
	Number    int64       `json:"number"`
	State     string      `json:"state"`
	CreatedAt time.Time   `json:"created_at"`
	VCS       PipelineVCS `json:"vcs"`
}

// UnmarshalJSON keeps each list item's own raw bytes.
func (p *Pipeline) UnmarshalJSON(b []byte) error {
	type pipeline Pipeline
	return transport.UnmarshalRecord(b, (*pipeline)(p))
}

// PipelineVCS is the code a pipeline ran on. A trigger's answer has none.
type PipelineVCS struct {
	Branch   string `json:"branch,omitempty"`
	Revision string `json:"revision,omitempty"`
}

type triggerRequest struct {
	Branch string `json:"branch"`
}
