package ci

import (
	"context"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// TriggerPipelineParams are TriggerPipeline's inputs, all optional: with
// neither Branch nor Tag the service builds the project's default branch.
type TriggerPipelineParams struct {
	// Branch is the branch to build; it excludes Tag.
	Branch string
	// Tag is the tag to build; it excludes Branch.
	Tag string
	// Parameters are the pipeline parameters the configuration declares,
	// by name: strings, integers and booleans.
	Parameters map[string]any
}

type triggerRequest struct {
	Branch     string         `json:"branch,omitempty"`
	Tag        string         `json:"tag,omitempty"`
	Parameters map[string]any `json:"parameters,omitempty"`
}

// TriggerPipeline starts a pipeline of the project on a branch or a tag,
// with pipeline parameters; WaitPipeline follows it to its end. It is a
// write: never retried once it may have reached the server, except after
// a 429.
func (c *Client) TriggerPipeline(ctx context.Context, slug ProjectSlug, p *TriggerPipelineParams, opts ...Option) (*Pipeline, error) {
	if p == nil {
		p = &TriggerPipelineParams{}
	}
	op := triggerPipelineOp.Op
	if err := slug.check(op); err != nil {
		return nil, err
	}
	switch {
	case p.Branch != "" && p.Tag != "":
		return nil, op.Invalid("tag", "the service builds a branch or a tag, not both")
	case p.Branch != "" && isBlank(p.Branch):
		return nil, op.Invalid("branch", "must not be blank")
	case p.Tag != "" && isBlank(p.Tag):
		return nil, op.Invalid("tag", "must not be blank")
	}
	for name, v := range p.Parameters {
		switch v.(type) {
		case string, bool, int, int32, int64, uint, uint32, uint64:
		default:
			return nil, op.Invalid("parameters", "%q is a %T; pipeline parameters are strings, integers or booleans", name, v)
		}
	}
	body := triggerRequest{Branch: p.Branch, Tag: p.Tag, Parameters: p.Parameters}
	return triggerPipelineOp.Do(ctx, c.t, transport.Call{Args: slug.args(), Body: body}, opts)
}

// Pipeline returns a pipeline by its id (a Pipeline's ID, as
// TriggerPipeline answers it), with its state and the code it ran on.
func (c *Client) Pipeline(ctx context.Context, id string, opts ...Option) (*Pipeline, error) {
	if err := checkID(pipelineOp.Op, "pipeline_id", id); err != nil {
		return nil, err
	}
	return pipelineOp.Do(ctx, c.t, transport.Call{Args: []string{id}}, opts)
}

// PipelineByNumber returns the project's pipeline with the number people
// quote ("#130").
func (c *Client) PipelineByNumber(ctx context.Context, slug ProjectSlug, number int64, opts ...Option) (*Pipeline, error) {
	op := pipelineByNumberOp.Op
	if err := slug.check(op); err != nil {
		return nil, err
	}
	if number < 1 {
		return nil, op.Invalid("pipeline_number", "%d is not a pipeline number, which starts at 1", number)
	}
	return pipelineByNumberOp.Do(ctx, c.t, transport.Call{Args: append(slug.args(), strconv.FormatInt(number, 10))}, opts)
}

// checkID refuses what cannot be one of the service's ids, which are
// UUIDs ("5034460f-c7c4-4c43-9457-de07e2029e7b").
func checkID(op *transport.Op, field, id string) error {
	if len(id) != 36 {
		return op.Invalid(field, "%.60q is not a UUID", id)
	}
	for i, r := range id {
		dash := i == 8 || i == 13 || i == 18 || i == 23
		if dash != (r == '-') || (!dash && !isHex(r)) {
			return op.Invalid(field, "%q is not a UUID", id)
		}
	}
	return nil
}

func isHex(r rune) bool { return r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F' }

// isBlank reports a name that is empty once white space is trimmed.
func isBlank(s string) bool { return strings.TrimSpace(s) == "" }
