// Package filings is a client for the filings interface: public companies'
// filing history and XBRL financial data, addressed by CIK (the company's
// key number).
//
// Base URL: the placeholder filings_url, set with conduit.WithBaseURL or
// CONDUIT_FILINGS_URL. There is no key, but the service requires every
// request to carry a User-Agent naming the requester and a contact e-mail
// address: set it with WithContact or CONDUIT_FILINGS_USER_AGENT. A call
// without one fails before anything is sent.
//
// Limit: the service allows at most 10 requests per second. Clients keep to
// that by default, sharing the budget across every client of the process
// that talks to the same host; conduit.WithRateLimit changes it.
//
//	c, err := filings.New(filings.WithContact("Example Corp admin@example.com"))
//	if err != nil {
//		return err
//	}
//	concept, err := c.CompanyConcept(ctx, 320193, "us-gaap", "AccountsPayableCurrent")
//	if err != nil {
//		return err
//	}
//	for _, f := range concept.Units["USD"] {
//		fmt.Println(f.End, f.Val, f.Form)
//	}
package filings

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

// The contact is not a secret (the spec asks for no key), so it is not
// redacted, and a redirect to another host may be followed with it.
var service = &transport.Service{
	Name:   "filings",
	Bases:  []string{"filings_url"},
	Auth:   transport.Auth{Scheme: transport.UserAgent, Values: []string{"user_agent"}},
	Values: []transport.Value{{Name: "user_agent", Option: "filings.WithContact"}},
	Limit:  transport.Limit{N: 10, Per: time.Second},
}

// Client calls the filings interface. It is safe for concurrent use.
type Client struct{ t *transport.Client }

// New returns a Client configured by opts and the CONDUIT_* environment.
func New(opts ...Option) (*Client, error) {
	return transport.Build(service, opts, func(t *transport.Client) *Client { return &Client{t: t} })
}

// WithContact sets the User-Agent the service requires: who is asking and a
// contact e-mail address, as in "Example Corp admin@example.com". It
// overrides CONDUIT_FILINGS_USER_AGENT and, for this package, the common
// conduit.WithUserAgent. A value without an "@" is rejected before anything
// is sent.
func WithContact(ua string) Option { return transport.WithValue("user_agent", ua) }

// maxCIK is the largest key number that fits the 10-digit path segment.
const maxCIK = 9_999_999_999

// cik validates a key number and zero-pads it to the 10 digits of the path.
func (c *Client) cik(op string, cik int64) (string, error) {
	if cik < 1 || cik > maxCIK {
		return "", c.t.InvalidParam(op, "cik", "%d is outside 1..%d", cik, int64(maxCIK))
	}
	return fmt.Sprintf("%010d", cik), nil
}

// CompanyConcept returns every fact a company has filed for one XBRL
// concept, such as taxonomy "us-gaap" and tag "AccountsPayableCurrent",
// grouped by unit.
func (c *Client) CompanyConcept(ctx context.Context, cik int64, taxonomy, tag string) (*Concept, error) {
	const op = "CompanyConcept"
	padded, err := c.cik(op, cik)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(taxonomy) == "" {
		return nil, c.t.InvalidParam(op, "taxonomy", "is empty")
	}
	if strings.TrimSpace(tag) == "" {
		return nil, c.t.InvalidParam(op, "tag", "is empty")
	}
	var out Concept
	err = c.t.Do(ctx, &transport.Request{Op: op, Method: "GET",
		Path: "/api/xbrl/companyconcept/CIK{cik}/{taxonomy}/{tag}.json", Args: []string{padded, taxonomy, tag}}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Submissions returns a company's record and its recent filings.
func (c *Client) Submissions(ctx context.Context, cik int64) (*Submissions, error) {
	const op = "Submissions"
	padded, err := c.cik(op, cik)
	if err != nil {
		return nil, err
	}
	var out Submissions
	if err := c.t.Do(ctx, &transport.Request{Op: op, Method: "GET", Path: "/submissions/CIK{cik}.json", Args: []string{padded}}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
