package peers

// Every use of conduit's API in this module is in this file, so that a
// change of signature is adapted here alone.

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/noderpc"
	"github.com/conduit-sdk/conduit/observability"
	"github.com/conduit-sdk/conduit/sunrise"
)

// conduitUserAgent is the User-Agent conduit sends; the hand-written
// contenders send the same.
const conduitUserAgent = "conduit-go/" + conduit.Version

func newInference(hc *http.Client, base string) (*inference.Client, inference.ChatCompletionRequest, error) {
	c, err := inference.New(inference.WithAPIKey(apiKey), conduit.WithBaseURL(base), conduit.WithHTTPClient(hc))
	req := inference.ChatCompletionRequest{
		Model:    model,
		Messages: []inference.Message{inference.SystemMessage(systemMsg), inference.UserMessage(userMsg)},
	}
	return c, req, err
}

func conduitStream(hc *http.Client, base string) (call[chatResult], error) {
	c, req, err := newInference(hc, base)
	return func(ctx context.Context) (chatResult, error) {
		var r chatResult
		s, err := c.StreamChatCompletion(ctx, req)
		if err != nil {
			return r, err
		}
		defer s.Close()
		for s.Next() {
			ch := s.Current()
			finish := ""
			if len(ch.Choices) > 0 {
				finish = string(ch.Choices[0].FinishReason)
			}
			r.add(ch.Content(), finish)
			if u := ch.Usage; u != nil {
				r.Usage = [3]int64{u.PromptTokens, u.CompletionTokens, u.TotalTokens}
			}
		}
		return r, s.Err()
	}, err
}

func conduitComplete(hc *http.Client, base string) (call[chatResult], error) {
	c, req, err := newInference(hc, base)
	return func(ctx context.Context) (chatResult, error) {
		var r chatResult
		out, err := c.CreateChatCompletion(ctx, req)
		if err != nil {
			return r, err
		}
		for _, ch := range out.Choices {
			r.add(ch.Message.Content.Text(), string(ch.FinishReason))
		}
		if u := out.Usage; u != nil {
			r.Usage = [3]int64{u.PromptTokens, u.CompletionTokens, u.TotalTokens}
		}
		return r, nil
	}, err
}

func conduitSunrise(hc *http.Client, base string) (call[sunResult], error) {
	c, err := sunrise.New(conduit.WithBaseURL(base), conduit.WithHTTPClient(hc))
	p := &sunrise.GetParams{Date: conduit.Date{Year: 2024, Month: time.June, Day: 21}} // sunDate
	return func(ctx context.Context) (sunResult, error) {
		var r sunResult
		day, err := c.Get(ctx, sunLat, sunLng, p)
		if err != nil {
			return r, err
		}
		x := &day.Results
		for i, t := range []sunrise.Time{x.Sunrise, x.Sunset, x.SolarNoon, x.CivilTwilightBegin, x.CivilTwilightEnd,
			x.NauticalTwilightBegin, x.NauticalTwilightEnd, x.AstronomicalTwilightBegin, x.AstronomicalTwilightEnd} {
			r.Times[i] = t.Unix()
			if t.IsZero() {
				r.Times[i] = 1 // the service's no-event mark, 1970-01-01T00:00:01Z, as the others keep it
			}
		}
		r.Status, r.DayLength = day.Status, int64(x.DayLength.Seconds())
		return r, nil
	}, err
}

// submitted is what the submissions benchmark needs of a result: the
// company's name, the size of the raw body it keeps, and the result itself,
// to keep it live while the heap is measured.
type submitted struct {
	name string
	kept int
	keep any
}

// submissions is filings.Submissions with the default rate limit lifted (a
// benchmark calls it back to back).
func submissions(hc *http.Client, base string) (call[submitted], error) {
	c, err := filings.New(conduit.WithBaseURL(base), conduit.WithHTTPClient(hc),
		filings.WithContact("conduit benchmarks bench@example.com"), conduit.WithRateLimit(0, 0))
	return func(ctx context.Context) (submitted, error) {
		s, err := c.Submissions(ctx, 320193)
		if err != nil {
			return submitted{}, err
		}
		return submitted{name: s.Name, kept: len(s.RawJSON()), keep: s}, nil
	}, err
}

// conduitIngest sends events through an observability Sender in its
// default batch mode (50 events or 100 ms a batch), with a callback that
// counts the events the service stored, and closes it, so every event has
// its outcome.
func conduitIngest(hc *http.Client, base string, events []map[string]any) (int, error) {
	c, err := observability.New(observability.WithAPIKey(apiKey), conduit.WithBaseURL(base), conduit.WithHTTPClient(hc))
	if err != nil {
		return 0, err
	}
	var stored atomic.Int64
	s, err := c.NewSender(ingestDataset, observability.WithConcurrency(ingestConcurrency), observability.WithQueueSize(ingestQueue),
		observability.WithBatchSize(ingestBatch), observability.WithBatchTimeout(ingestTimeout),
		observability.WithCallback(func(r observability.Result) {
			if r.Err == nil {
				stored.Add(1)
			}
		}))
	if err != nil {
		return 0, err
	}
	ctx := context.Background()
	for _, e := range events {
		if err := s.Send(ctx, e); err != nil {
			s.Close(ctx)
			return int(stored.Load()), err
		}
	}
	err = s.Close(ctx)
	return int(stored.Load()), err
}

// noIdentifyWait lets the benchmarks identify as often as they connect:
// the default gate spaces a token's IDENTIFYs 5 s apart, as the platform
// asks, and the peers space them not at all.
type noIdentifyWait struct{}

func (noIdentifyWait) Reserve(context.Context, string, time.Duration) (time.Duration, error) {
	return 0, nil
}

// conduitGateway runs chat's Gateway and hands over each typed event its
// Events loop yields.
func conduitGateway(s *gwServer, got gwConsumer) (func(), error) {
	c, err := chat.New(conduit.WithBaseURL(s.URL+"/api/v10"), chat.WithBotToken(gwToken))
	if err != nil {
		return nil, err
	}
	g, err := c.Gateway(&chat.GatewayParams{
		Intents:  chat.IntentGuilds | chat.IntentGuildMessages | chat.IntentMessageContent,
		Identify: noIdentifyWait{},
	})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan error, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for ev, err := range g.Events(ctx) {
			if err != nil {
				ready <- err
				return
			}
			switch e := ev.(type) {
			case *chat.ReadyEvent:
				ready <- nil
			case *chat.MessageCreateEvent:
				d := gwDigest{ID: string(e.Message.ID), AuthorID: string(e.Message.Author.ID), Embeds: len(e.Message.Embeds)}
				d.content(e.Message.Content)
				got(d)
			case *chat.GuildCreateEvent:
				d := gwDigest{ID: string(e.Guild.ID), Members: len(e.Members), Channels: len(e.Channels)}
				for _, m := range e.Members {
					d.MemberRoles += len(m.Roles)
				}
				if n := len(e.Members); n > 0 {
					d.LastMember = string(e.Members[n-1].User.ID)
				}
				if n := len(e.Channels); n > 0 {
					d.LastChannel = e.Channels[n-1].Name
				}
				got(d)
			case *chat.ReconnectEvent:
				ready <- e.Cause
				return
			}
		}
	}()
	stop := func() { cancel(); <-done }
	if err := <-ready; err != nil {
		stop()
		return nil, err
	}
	return stop, nil
}

// conduitSubscription opens noderpc's Socket and ranges over NewHeads or
// Logs (the Transfers of one token) on its own goroutine.
func conduitSubscription(s *ethServer, got ethConsumer) (func(), error) {
	c, err := noderpc.New(conduit.WithBaseURL(s.URL), noderpc.WithAPIKey(ethKey))
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	ws, err := c.Socket(ctx, nil)
	if err != nil {
		cancel()
		return nil, err
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if got.head != nil {
			for h, err := range ws.NewHeads(ctx) {
				if err != nil {
					return
				}
				got.head(uint64(h.Number), uint64(h.GasUsed), h.BaseFeePerGas.Uint64(), h.ParentHash[:])
			}
			return
		}
		token, _ := noderpc.ParseAddress(ethToken)
		transfer, _ := noderpc.ParseHash(ethTransfer)
		q := noderpc.FilterQuery{Addresses: []noderpc.Address{token}, Topics: [][]noderpc.Hash{{transfer}}}
		for l, err := range ws.Logs(ctx, q) {
			if err != nil {
				return
			}
			got.log(uint64(l.BlockNumber), uint64(l.LogIndex), l.Address[:], l.Topics[2][:], l.Data)
		}
	}()
	return func() { cancel(); <-done; ws.Close() }, nil
}
