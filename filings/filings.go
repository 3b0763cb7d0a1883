// Package filings is a client for the filings interface: public companies'
// filing history and XBRL financial data, addressed by CIK (the company's
// key number). It is modelled on SEC EDGAR's data APIs.
//
// Base URLs: the placeholder filings_url, by default https://data.sec.gov,
// set with conduit.WithBaseURL or CONDUIT_FILINGS_URL; the ticker files
// Tickers and TickersExchange read are on the SEC's www host, the
// placeholder www_url, by default https://www.sec.gov, set with WithWWWURL
// or CONDUIT_FILINGS_WWW_URL (CONDUIT_WWW_URL, the older name, still
// works); FullTextSearch is on the SEC's efts host, the placeholder
// efts_url, by default https://efts.sec.gov, set with WithSearchURL or
// CONDUIT_FILINGS_EFTS_URL. There is no key, but the
// service requires every request to carry a User-Agent naming the requester
// and a contact e-mail address: set it with WithContact or
// CONDUIT_FILINGS_USER_AGENT. A call without one fails before anything is
// sent.
//
// Limit: the service allows at most 10 requests per second. Clients keep to
// that by default, sharing the budget across every client of the process
// that talks to the same host; conduit.WithRateLimit changes it. The SEC
// counts its hosts together, and the budget is per host: a program that
// reads more than one at full speed should share one conduit.WithLimiter.
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
//
// The operations: CompanyConcept, CompanyFacts and Frames (XBRL data);
// Submissions, whose RecentFilings and OlderFiles give the filings as rows,
// SubmissionsFile for each older file, and AllFilings over them all;
// Tickers and TickersExchange for the way from a ticker or name to a CIK;
// ArchiveURL for a filing document's address; FullTextSearch, the text
// of every filing since 2001, with AllSearchHits over its pages of 100. Large answers (a company's
// facts run to tens of megabytes) are decoded in one pass from the one
// copy of the body that RawJSON returns slices of. A frame's data runs to
// thousands of companies: EachFrameFact sends Frames' request and yields
// each company's fact as its bytes arrive, its RawJSON its own bytes, so a
// loop needs the memory of one. Across conduit, Each<Thing> names the
// iterator that reads one answer's listing element by element as it
// arrives, Thing being one element of the method it streams; All<Thing>
// walks a listing's pages.
//
// For an endpoint this package does not type, use Do: it carries the
// contact and keeps to the limit.
//
// # Failures
//
// The service publishes no error format. It answers a requester it blocks
// (faster than the limit, or with a User-Agent that names no contact) with
// an HTML page titled "Request Rate Threshold Exceeded", usually under 403,
// sometimes 429 or even 200; the block lifts once the requester has stayed
// under the limit for ten minutes, and every request made inside it
// extends it. The page is the same whichever the cause, so it cannot tell a
// missing contact from a burst; conduit refuses to send without a contact,
// which leaves the rate.
//
//	service sends                                   conduit reports
//	HTML block page, any status                     ErrRateLimited, not retried, RetryAfter 10m,
//	                                                  Message "Request Rate Threshold Exceeded",
//	                                                  RequestID the page's "Reference ID"; Reason
//	                                                  "undeclared_automated_tool" when the page says so
//	429 of any other shape                          ErrRateLimited, not retried, RetryAfter from
//	                                                  Retry-After, else 10m
//	404 XML <Error><Code>NoSuchKey</Code>…          ErrNotFound, Code "NoSuchKey", Message and
//	  (no such company or concept)                    RequestID from the document
//	403 without the block page                      ErrUnauthorized
//	5xx                                             ErrAPI, retried
//	ticker file without the cik, name, ticker and   ErrMalformedResponse
//	  exchange columns, or a row of another length
//	filing columns of unequal lengths (Rows,        an error wrapping ErrMalformedResponse
//	  RecentFilings)
//
// Every endpoint the service documents on data.sec.gov is typed, and so is
// the full-text search on efts.sec.gov, except the nightly bulk archives
// (companyfacts.zip, submissions.zip): they are ZIP files of the same
// records, gigabytes each, better downloaded by a plain HTTP client and
// read with CompanyFacts' and Submissions' types through conduit.Unmarshal.
package filings

import (
	"context"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/limits"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// blocked is the answer to a blocked requester: no retry within a call,
// since requests inside the block extend it, which lifts once the rate has
// stayed under the limit for ten minutes.
var blocked = transport.Meaning{Kind: conduit.ErrRateLimited, Message: "Request Rate Threshold Exceeded", Wait: 10 * time.Minute}

// The contact is not a secret (the spec asks for no key), so it is not
// redacted, and a redirect to another host may be followed with it. Files
// the service does not hold come from its object store as XML.
var service = transport.Register(&transport.Service{
	Name: "filings",
	Bases: []transport.Base{
		{Name: "filings_url", Option: "conduit.WithBaseURL", Default: "https://data.sec.gov"},
		{Name: wwwURL, Option: "filings.WithWWWURL", Default: "https://www.sec.gov"},
		{Name: eftsURL, Option: "filings.WithSearchURL", Default: "https://efts.sec.gov"},
	},
	Auth:   transport.Auth{Scheme: transport.UserAgent, Values: []string{"user_agent"}},
	Values: []transport.Value{{Name: "user_agent", Option: "filings.WithContact"}},
	Limit:  limits.Limit{N: 10, Per: time.Second},
	Errors: transport.Profile{
		Code:             []string{"Error.Code"},
		Message:          []string{"Error.Message"},
		RequestID:        []string{"Error.RequestId"},
		RequestIDHeaders: []string{"X-Amz-Request-Id"},
		Codes:            map[string]transport.Meaning{"NoSuchKey": transport.NotFound},
		BlockPages: []transport.BlockPage{
			{Phrase: "Undeclared Automated Tool", Meaning: blocked, Reason: "undeclared_automated_tool", RequestID: "Reference ID:"},
			{Phrase: "Request Rate Threshold Exceeded", Meaning: blocked, RequestID: "Reference ID:"},
		},
	},
})

var (
	conceptOp = transport.Declare[Concept](service, transport.Op{Name: "CompanyConcept", Method: "GET",
		Path: "/api/xbrl/companyconcept/CIK{cik}/{taxonomy}/{tag}.json"}, nil)
	submissionsOp = transport.Declare[Submissions](service, transport.Op{Name: "Submissions", Method: "GET",
		Path: "/submissions/CIK{cik}.json"}, nil)
)

// Do calls any path of the service, for an endpoint this package does not
// type, with the same base URL, contact, limit, retries and errors as the
// typed methods; see conduit's documentation of Do.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// wwwURL is the placeholder of the SEC's www host, which publishes the
// ticker files and the filing archives; data.sec.gov serves the rest.
const wwwURL = "www_url"

// WithWWWURL sets the base of the ticker files (the SEC's www host),
// overriding CONDUIT_FILINGS_WWW_URL. Tickers and TickersExchange call it
// with the same contact and the same 10-per-second budget as the rest.
func WithWWWURL(u string) Option { return service.SetBase(wwwURL, u) }

// WithContact sets the User-Agent the service requires: who is asking and a
// contact e-mail address, as in "Example Corp admin@example.com". It
// overrides CONDUIT_FILINGS_USER_AGENT and, for this package, the common
// conduit.WithUserAgent. A value without an "@" is rejected before anything
// is sent.
func WithContact(ua string) Option { return service.Set("user_agent", ua) }

// maxCIK is the largest key number that fits the 10-digit path segment.
const maxCIK = 9_999_999_999

// path checks a key number and writes it as the 10 digits of the path.
func (k CIK) path(op *transport.Op) (string, error) {
	if k < 1 || k > maxCIK {
		return "", op.Invalid("cik", "%d is outside 1..%d", int64(k), int64(maxCIK))
	}
	return k.String(), nil
}

// CompanyConcept returns every fact a company has filed for one XBRL
// concept, such as taxonomy "us-gaap" and tag "AccountsPayableCurrent",
// grouped by unit.
func (c *Client) CompanyConcept(ctx context.Context, cik CIK, taxonomy, tag string, opts ...Option) (*Concept, error) {
	padded, err := cik.path(conceptOp.Op)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(taxonomy) == "" {
		return nil, conceptOp.Invalid("taxonomy", "is empty")
	}
	if strings.TrimSpace(tag) == "" {
		return nil, conceptOp.Invalid("tag", "is empty")
	}
	return conceptOp.Do(ctx, c.t, transport.Call{Args: []string{padded, taxonomy, tag}}, opts)
}

// Submissions returns a company's record and its recent filings.
func (c *Client) Submissions(ctx context.Context, cik CIK, opts ...Option) (*Submissions, error) {
	padded, err := cik.path(submissionsOp.Op)
	if err != nil {
		return nil, err
	}
	return submissionsOp.Do(ctx, c.t, transport.Call{Args: []string{padded}}, opts)
}
