// Package observability is a client for the observability interface: it
// checks an API key (which team and environment it belongs to and what it
// may do), lists, reads and creates datasets and lists their columns,
// ingests events into a dataset one at a time or in batches, and marks
// deploys and outages on the graphs with markers. It is modelled on
// Honeycomb.
//
// Base URLs: the placeholder obs_url for the US region (the default), set
// with conduit.WithBaseURL or CONDUIT_OBSERVABILITY_OBS_URL, and obs_eu_url
// for the EU region, set with WithEUURL or CONDUIT_OBSERVABILITY_OBS_EU_URL.
// WithRegion(EU) or CONDUIT_OBSERVABILITY_REGION=eu (in any
// case) selects the EU one, which conduit.WithBaseURL then sets; New
// refuses any other region. The paths
// are the same in both regions and start with the version segment 1: a base
// pasted with it ("https://api.example.com/1") is not doubled. Neither has
// a default: the spec sends the key in X-Service-Team, a header Honeycomb
// does not read (it reads X-Honeycomb-Team), so only a service that follows
// the spec can answer, and a call without its base fails with
// conduit.ErrMissingBaseURL saying so.
//
// Credential: the API key, sent as the X-Service-Team header and nowhere
// else; set it with WithAPIKey or CONDUIT_OBSERVABILITY_API_KEY. It is never
// printed. No published rate limit.
//
//	c, err := observability.New(observability.WithAPIKey(key), observability.WithRegion(observability.EU))
//	if err != nil {
//		return err
//	}
//	err = c.SendEvent(ctx, "checkout", observability.Event{"status": 200, "duration_ms": 41.5, "route": "/cart"})
//	if err != nil {
//		return err
//	}
//	datasets, err := c.ListDatasets(ctx)
//
// Each SendEvent posts one event; SendBatch posts many in one request, each
// with its own time and sample rate, and reports each event's own status.
// Event values must be strings or numbers; anything else is rejected
// before any I/O. Ingest is a write: it is not retried once it may have
// reached the service. So are creating, updating and deleting markers and
// creating a dataset.
//
// # Failures
//
// The service sends two failure shapes: an RFC 9457 problem,
// {"status", "type", "title", "error", "detail", "instance"} (as
// application/problem+json or application/json), and the older
// {"error": "unknown API key"}. Error.Code is the last segment of the
// problem's type URI ("not-found"), Error.Message its error (else detail,
// else title), Error.RequestID its instance. The status decides the kind:
//
//	service sends                                     conduit reports
//	401 (key unknown), 403 (key lacks a permission)   ErrUnauthorized, not retried
//	404 (a dataset, say)                              ErrNotFound
//	429 with Retry-After as an HTTP date              ErrRateLimited, retried after that wait
//	429 from the events endpoint, without             ErrRateLimited, retried after the RateLimit
//	  Retry-After                                       header's reset, else the backoff
//	500, 502, 503, 504                                ErrAPI, reads retried (never an ingest)
//	400, 409, 413, 415, 422                           ErrAPI
//	an HTML page (a proxy)                            by status, without a message
//	a batch answered 200 with {"status": 400,         SendBatch succeeds; that event's
//	  "error": "Event has too many columns."}           EventStatus.Err is ErrAPI, Code "400"
//	a batch answer with no status for an event        that event's Err is ErrMalformedResponse
//
// Answers carry the budget in the RateLimit and RateLimit-Policy headers
// ("limit=100, remaining=80, reset=54"; "100;w=60"): Error.RateLimit on a
// failure, and conduit.Response.RateLimit (conduit.WithResponse) on a
// success, so a caller can slow down before the service says 429.
//
// For an endpoint this package does not type, use Do: boards, queries and
// query results, triggers, SLOs and burn alerts, recipients, calculated
// fields, marker settings, dataset definitions, environments and keys are
// configuration or analysis rather than what ingesting code needs; so are
// updating and deleting datasets and creating, updating and deleting
// columns. A single column by key_name (GET /1/columns/<dataset>?key_name=)
// answers with one object rather than a list; ListColumns and a filter
// give the same.
//
// # Ingest at volume
//
// SendEvent waits for the service. A Sender, from NewSender, does not: Send
// checks and copies the event, stamps it with the time, queues it and
// returns, and a fixed number of goroutines (WithConcurrency, default 10)
// gather the queued events into batches, as libhoney does — a batch leaves
// when it holds WithBatchSize events (default 50) or its first has waited
// WithBatchTimeout (default 100 ms) — and post each with SendBatch's
// request over the client's connections, retried only as SendBatch would
// be. WithSampleRate keeps one event in n and sends it with samplerate n so
// the service weights it; WithGzip compresses each batch;
// WithOneEventPerRequest posts each event alone on the interface's events
// path instead. The queue is bounded
// (WithQueueSize, default 10,000); when it is full, Send waits for room as
// long as its context allows (BlockWhenFull, the default) or returns
// ErrQueueFull at once and counts the drop (DropWhenFull).
//
// No accepted event is lost silently: each ends in exactly one Result — the
// caller's Metadata, the error or nil (an event the service refused inside
// a stored batch gets its own error), the status, the attempts and the
// duration — passed to the WithCallback function and put on the WithResults
// channel (a result that finds the channel full is dropped and counted,
// never stalling the sending). Stats counts what was accepted, sent, failed,
// dropped and retried. Flush waits for the results of everything accepted so
// far; Close sends what is queued, waits for it, and ends the goroutines.
//
//	s, err := c.NewSender("checkout", observability.WithCallback(func(r observability.Result) {
//		if r.Err != nil {
//			log.Printf("request %v: event not stored: %v", r.Metadata, r.Err)
//		}
//	}))
//	if err != nil {
//		return err
//	}
//	defer s.Close(ctx)
//	err = s.SendWithMetadata(ctx, observability.Event{"route": "/cart", "status": 200}, requestID)
//
// Not typed, as said above: boards, queries, triggers, SLOs, recipients,
// calculated fields, environments and keys, dataset updates and deletion,
// and column writes, which configure or analyse rather than ingest; Do
// reaches each with the key.
package observability

import (
	"context"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Region selects the regional base URL.
type Region string

// The regions. The zero Region means US.
const (
	US Region = "us"
	EU Region = "eu"
)

// obsNoDefault is why neither base has a default.
const obsNoDefault = "the spec sends the key in X-Service-Team, a header Honeycomb does not read (it reads X-Honeycomb-Team), so only a service that follows the spec can answer"

const (
	usURL = "obs_url"
	euURL = "obs_eu_url"
)

var service = transport.Register(&transport.Service{
	Name: "observability",
	Bases: []transport.Base{
		{Name: usURL, Option: "conduit.WithBaseURL", PathVersion: "1", NoDefault: obsNoDefault},
		{Name: euURL, Option: "observability.WithEUURL", PathVersion: "1", NoDefault: obsNoDefault},
	},
	DefaultBase: func(value func(string) string) string {
		if value("region") == string(EU) {
			return euURL
		}
		return usURL
	},
	Auth: transport.Auth{Scheme: transport.Header, Name: "X-Service-Team", Values: []string{"api_key"}},
	Values: []transport.Value{
		{Name: "api_key", Option: "observability.WithAPIKey", Secret: true},
		{Name: "region", Option: "observability.WithRegion", Enum: []string{string(US), string(EU)}},
	},
	// The kinds come from the status; the body gives the words.
	Errors: transport.Profile{
		Code:      []string{"type"},
		Message:   []string{"error", "detail", "title"},
		RequestID: []string{"instance"},
	},
})

var (
	authOp         = transport.Declare[AuthInfo](service, transport.Op{Name: "Auth", Method: "GET", Path: "/1/auth"}, nil)
	listDatasetsOp = transport.Declare[[]Dataset](service, transport.Op{Name: "ListDatasets", Method: "GET", Path: "/1/datasets"}, nil)
	sendEventOp    = transport.Declare[struct{}](service, transport.Op{Name: "SendEvent", Method: "POST", Path: "/1/events/{dataset}", Write: true}, nil)
	sendBatchOp    = transport.Declare[[]EventStatus](service, transport.Op{Name: "SendBatch", Method: "POST", Path: "/1/batch/{dataset}", Write: true}, nil)

	createMarkerOp = transport.Declare[Marker](service, transport.Op{Name: "CreateMarker", Method: "POST", Path: "/1/markers/{dataset}", Write: true}, nil)
	listMarkersOp  = transport.Declare[[]Marker](service, transport.Op{Name: "ListMarkers", Method: "GET", Path: "/1/markers/{dataset}"}, nil)
	updateMarkerOp = transport.Declare[Marker](service, transport.Op{Name: "UpdateMarker", Method: "PUT", Path: "/1/markers/{dataset}/{id}", Write: true}, nil)
	deleteMarkerOp = transport.Declare[Marker](service, transport.Op{Name: "DeleteMarker", Method: "DELETE", Path: "/1/markers/{dataset}/{id}", Write: true}, nil)

	listColumnsOp   = transport.Declare[[]Column](service, transport.Op{Name: "ListColumns", Method: "GET", Path: "/1/columns/{dataset}"}, nil)
	datasetOp       = transport.Declare[Dataset](service, transport.Op{Name: "Dataset", Method: "GET", Path: "/1/datasets/{dataset}"}, nil)
	createDatasetOp = transport.Declare[Dataset](service, transport.Op{Name: "CreateDataset", Method: "POST", Path: "/1/datasets", Write: true}, nil)
)

// WithAPIKey sets the key sent as X-Service-Team, overriding
// CONDUIT_OBSERVABILITY_API_KEY.
func WithAPIKey(key string) Option { return service.Set("api_key", key) }

// WithRegion picks the region whose base URL the client uses, overriding
// CONDUIT_OBSERVABILITY_REGION ("us" or "eu", in any case).
func WithRegion(r Region) Option { return service.Set("region", string(r)) }

// WithEUURL sets the EU base URL (obs_eu_url), overriding
// CONDUIT_OBSERVABILITY_OBS_EU_URL.
func WithEUURL(u string) Option { return service.SetBase(euURL, u) }

// Region reports which region's base URL the client uses.
func (c *Client) Region() Region {
	if r := c.t.Value("region"); r != "" {
		return Region(r)
	}
	return US
}

// Do calls any path of the region's host, for an endpoint this package does
// not type, with the key, limits, retries and errors of the typed methods;
// see conduit's documentation of Do. Paths include the version segment
// ("/1/markers/checkout"). A method other than GET or HEAD is a write,
// retried only when it provably never arrived, was rate limited, or carries
// conduit.WithIdempotent.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// Auth reports the team and environment the key belongs to and what it may
// do (GET /1/auth).
func (c *Client) Auth(ctx context.Context, opts ...Option) (*AuthInfo, error) {
	return authOp.Do(ctx, c.t, transport.Call{}, opts)
}

// ListDatasets lists the datasets of the key's environment (GET /1/datasets).
func (c *Client) ListDatasets(ctx context.Context, opts ...Option) ([]Dataset, error) {
	ds, err := listDatasetsOp.Do(ctx, c.t, transport.Call{}, opts)
	if err != nil {
		return nil, err
	}
	return *ds, nil
}

// SendEvent ingests one event into dataset (POST /1/events/<dataset>); the
// name is sent path-escaped, so spaces and slashes are safe. The event's
// values must be strings or numbers. A failed ingest is retried only when it
// provably never reached the service or was rate-limited, so an event is
// never stored twice by a retry.
func (c *Client) SendEvent(ctx context.Context, dataset string, event Event, opts ...Option) error {
	if err := checkDataset(sendEventOp.Op, dataset); err != nil {
		return err
	}
	if err := checkEvent(sendEventOp.Op, event); err != nil {
		return err
	}
	return c.postEvent(ctx, dataset, event, opts)
}

func checkDataset(op *transport.Op, dataset string) error {
	if dataset == "" {
		return op.Invalid("dataset", "is empty")
	}
	return nil
}

func checkEvent(op *transport.Op, event Event) error {
	if field, msg := event.check(); msg != "" {
		return op.Invalid(field, "%s", msg)
	}
	return nil
}

// postEvent is SendEvent's request, for callers that checked the input.
// The operation is a write: retried only when provably unsent or answered
// 429.
func (c *Client) postEvent(ctx context.Context, dataset string, event Event, opts []Option) error {
	return sendEventOp.Send(ctx, c.t, transport.Call{Args: []string{dataset}, Body: event}, opts)
}
