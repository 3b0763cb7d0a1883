package ci

import (
	"strings"
	"unicode"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// ProjectSlug names a project as <vcs_prefix>/<org>/<repo>, the first part
// naming the code host ("gh", "bb", "circleci", ...).
type ProjectSlug struct {
	VCS  string
	Org  string
	Repo string
}

// parseOp names ParseProjectSlug's errors; it sends nothing.
var parseOp = &transport.Op{Service: service, Name: "ParseProjectSlug"}

// ParseProjectSlug splits "gh/acme/api" into its three parts. Surrounding
// white space is ignored; anything but exactly three valid parts is
// ErrInvalidParam, naming "project_slug" for a wrong number of parts and the
// part ("vcs_prefix", "org", "repo") otherwise.
func ParseProjectSlug(s string) (ProjectSlug, error) {
	parts := strings.Split(strings.TrimSpace(s), "/")
	if len(parts) != 3 {
		return ProjectSlug{}, parseOp.Invalid("project_slug", "%q is not of the form <vcs_prefix>/<org>/<repo>", s)
	}
	p := ProjectSlug{VCS: parts[0], Org: parts[1], Repo: parts[2]}
	if field, why := p.problem(); field != "" {
		return ProjectSlug{}, parseOp.Invalid(field, "%s", why)
	}
	return p, nil
}

// String is the slug as the service writes it, "gh/acme/api".
func (p ProjectSlug) String() string { return p.VCS + "/" + p.Org + "/" + p.Repo }

// problem names the first part that cannot be a path segment of the slug and
// says why; "" means the slug is usable.
func (p ProjectSlug) problem() (field, why string) {
	for _, part := range []struct{ field, v string }{{"vcs_prefix", p.VCS}, {"org", p.Org}, {"repo", p.Repo}} {
		switch {
		case part.v == "":
			return part.field, "must not be empty"
		case transport.DotSegment(part.v):
			return part.field, "must not be a dot segment"
		case strings.ContainsFunc(part.v, func(r rune) bool {
			return r == '/' || unicode.IsSpace(r) || unicode.IsControl(r) || r == unicode.ReplacementChar
		}):
			return part.field, "must not contain '/', white space or control characters"
		}
	}
	return "", ""
}

func (p ProjectSlug) check(op *transport.Op) error {
	if field, why := p.problem(); field != "" {
		return op.Invalid(field, "%q: %s", p.String(), why)
	}
	return nil
}

func (p ProjectSlug) args() []string { return []string{p.VCS, p.Org, p.Repo} }
