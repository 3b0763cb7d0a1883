// Package observability is a client for the observability interface: it
// checks an API key (which team and environment it belongs to and what it
// may do), lists datasets, and ingests events into a dataset.
//
// Base URLs: the placeholder obs_url for the US region (the default), set
// with conduit.WithBaseURL or CONDUIT_OBS_URL, and obs_eu_url for the EU
// region, set with WithEUURL or CONDUIT_OBS_EU_URL. WithRegion(EU) or
// CONDUIT_OBSERVABILITY_REGION=eu selects the EU one (conduit.WithBaseURL
// then sets it). The paths are the same in both regions.
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
// Each SendEvent posts one event. Event values must be strings or numbers;
// anything else is rejected before any I/O. Ingest is a write: it is not
// retried once it may have reached the service.
//
// # Ingest at volume
//
// SendEvent waits for the service. A Sender, from NewSender, does not: Send
// checks and copies the event, queues it and returns, and a fixed number of
// goroutines (WithConcurrency, default 10) post the queued events over the
// client's connections, one event per request as the interface requires,
// each retried only as SendEvent would be. The queue is bounded
// (WithQueueSize, default 10,000); when it is full, Send waits for room as
// long as its context allows (BlockWhenFull, the default) or returns
// ErrQueueFull at once and counts the drop (DropWhenFull).
//
// No accepted event is lost silently: each ends in exactly one Result — the
// caller's Metadata, the error or nil, the status, the attempts and the
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
package observability

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

// Option configures a Client; the common options are in package conduit.
type Option = conduit.Option

// Error is conduit's error type.
type Error = conduit.Error

// Region selects the regional base URL.
type Region string

// The regions. The zero Region means US.
const (
	US Region = "us"
	EU Region = "eu"
)

var service = &transport.Service{
	Name:  "observability",
	Bases: []string{"obs_url", "obs_eu_url"},
	DefaultBase: func(value func(string) string) string {
		if strings.EqualFold(value("region"), string(EU)) {
			return "obs_eu_url"
		}
		return "obs_url"
	},
	Auth: transport.Auth{Scheme: transport.Header, Name: "X-Service-Team", Values: []string{"api_key"}},
	Values: []transport.Value{
		{Name: "api_key", Option: "observability.WithAPIKey", Secret: true},
		{Name: "region", Option: "observability.WithRegion"},
	},
}

// WithAPIKey sets the key sent as X-Service-Team, overriding
// CONDUIT_OBSERVABILITY_API_KEY.
func WithAPIKey(key string) Option { return transport.WithValue("api_key", key) }

// WithRegion picks the region whose base URL the client uses, overriding
// CONDUIT_OBSERVABILITY_REGION ("us" or "eu", in any case).
func WithRegion(r Region) Option { return transport.WithValue("region", string(r)) }

// WithEUURL sets the EU base URL (obs_eu_url), overriding CONDUIT_OBS_EU_URL.
func WithEUURL(u string) Option { return transport.WithNamedBaseURL("obs_eu_url", u) }

// Client calls the observability interface. It is safe for concurrent use.
type Client struct {
	t      *transport.Client
	region Region
}

// New returns a Client configured by opts and the CONDUIT_* environment. An
// unknown region is an error.
func New(opts ...Option) (*Client, error) {
	t, err := transport.New(service, opts...)
	if err != nil {
		return nil, err
	}
	r := Region(strings.ToLower(t.Value("region")))
	switch r {
	case "":
		r = US
	case US, EU:
	default:
		return nil, t.InvalidParam("New", "region", "%.30q is not us or eu", t.Value("region"))
	}
	return &Client{t: t, region: r}, nil
}

// Region reports which region's base URL the client uses.
func (c *Client) Region() Region { return c.region }

// Auth reports the team and environment the key belongs to and what it may
// do (GET /1/auth).
func (c *Client) Auth(ctx context.Context) (*AuthInfo, error) {
	var a AuthInfo
	if err := c.t.Do(ctx, &transport.Request{Op: "Auth", Method: "GET", Path: "/1/auth"}, &a); err != nil {
		return nil, err
	}
	return &a, nil
}

// ListDatasets lists the datasets of the key's environment (GET /1/datasets).
func (c *Client) ListDatasets(ctx context.Context) ([]Dataset, error) {
	var ds []Dataset
	if err := c.t.Do(ctx, &transport.Request{Op: "ListDatasets", Method: "GET", Path: "/1/datasets"}, &ds); err != nil {
		return nil, err
	}
	return ds, nil
}

// SendEvent ingests one event into dataset (POST /1/events/<dataset>); the
// name is sent path-escaped, so spaces and slashes are safe. The event's
// values must be strings or numbers. A failed ingest is retried only when it
// provably never reached the service or was rate-limited, so an event is
// never stored twice by a retry.
func (c *Client) SendEvent(ctx context.Context, dataset string, event Event) error {
	if err := c.checkDataset("SendEvent", dataset); err != nil {
		return err
	}
	if err := c.checkEvent("SendEvent", event); err != nil {
		return err
	}
	return c.postEvent(ctx, dataset, event)
}

func (c *Client) checkDataset(op, dataset string) error {
	if dataset == "" {
		return c.t.InvalidParam(op, "dataset", "is empty")
	}
	return nil
}

func (c *Client) checkEvent(op string, event Event) error {
	if field, msg := event.check(); msg != "" {
		return c.t.InvalidParam(op, field, "%s", msg)
	}
	return nil
}

// postEvent is SendEvent's request, for callers that checked the input.
// Write marks it for the write rule: retried only when provably unsent or
// answered 429.
func (c *Client) postEvent(ctx context.Context, dataset string, event Event) error {
	return c.t.Do(ctx, &transport.Request{
		Op: "SendEvent", Method: "POST", Path: "/1/events/{dataset}", Args: []string{dataset},
		Body: event, Write: true,
	}, nil)
}
