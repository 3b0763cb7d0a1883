package observability_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/testkit"
	"github.com/conduit-sdk/conduit/observability"
)

func TestSendBatchSendsEachEventWithItsTimeAndSampleRate(t *testing.T) {
	rec := record(t, 200, `[{"status":202},{"status":202}]`)
	at := time.Date(2024, 8, 19, 23, 58, 12, 250_000_000, time.UTC)
	st, err := client(t, rec.URL).SendBatch(context.Background(), "edge proxy/eu", []observability.BatchEvent{
		{Data: observability.Event{"route": "/cart", "status": 200}, Time: at, SampleRate: 20},
		{Data: observability.Event{"route": "/"}},
	})
	require.NoError(t, err)
	require.Len(t, st, 2)
	assert.Empty(t, observability.Failed(st))
	assert.Equal(t, 202, st[1].Status)

	r := rec.Last(t)
	assert.Equal(t, "POST", r.Method)
	assert.Equal(t, "/1/batch/edge%20proxy%2Feu", r.URI)
	assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
	assert.Equal(t, []string{"header X-Service-Team"}, r.Holds(key))
	assert.JSONEq(t, `[
		{"data":{"route":"/cart","status":200},"time":"2024-08-19T23:58:12.25Z","samplerate":20},
		{"data":{"route":"/"}}
	]`, string(r.Body), "an unset time and sample rate are left to the service")
}

func TestSendBatchReportsEachRefusedEvent(t *testing.T) {
	rec := record(t, 200, testkit.Fixture(t, "observability", "send_batch.json"))
	events := make([]observability.BatchEvent, 4)
	for i := range events {
		events[i] = observability.BatchEvent{Data: observability.Event{"n": i}}
	}
	st, err := client(t, rec.URL).SendBatch(context.Background(), "checkout", events)
	require.NoError(t, err, "the request succeeded; the refusals are the events'")
	assert.Equal(t, []int{1, 2, 3}, observability.Failed(st))
	assert.NoError(t, st[0].Err)

	var e *conduit.Error
	require.ErrorAs(t, st[2].Err, &e)
	assert.ErrorIs(t, e, conduit.ErrAPI)
	assert.Equal(t, "400", e.Code)
	assert.Equal(t, "SendBatch", e.Op)
	assert.Equal(t, "Event has too many columns.", e.Message, "the service's reason alone")
	var which *observability.EventFailure
	require.ErrorAs(t, st[2].Err, &which)
	assert.Equal(t, 2, which.Index, "the event's index in its own field")
	assert.JSONEq(t, `{"status": 400, "error": "Event has too many columns."}`, string(st[2].RawJSON()))
}

func TestSendBatchNeverTakesAnUnansweredEventAsStored(t *testing.T) {
	rec := record(t, 200, `[{"status":202},{"error":"?"}]`)
	events := []observability.BatchEvent{{Data: observability.Event{"a": 1}}, {Data: observability.Event{"b": 2}}, {Data: observability.Event{"c": 3}}}
	st, err := client(t, rec.URL).SendBatch(context.Background(), "checkout", events)
	require.NoError(t, err)
	require.Len(t, st, 3, "one status for every event sent")
	assert.Equal(t, []int{1, 2}, observability.Failed(st))
	assert.ErrorIs(t, st[1].Err, conduit.ErrMalformedResponse, "an answer without a status")
	assert.ErrorIs(t, st[2].Err, conduit.ErrMalformedResponse, "no answer at all")
	assert.Contains(t, st[2].Err.Error(), "2 statuses for 3 events")
	var which *observability.EventFailure
	require.ErrorAs(t, st[1].Err, &which)
	assert.Equal(t, 1, which.Index)
}

func TestSendBatchFailsWholeWhenTheRequestFails(t *testing.T) {
	rec := record(t, 400, `{"error":"Request body is too large."}`)
	st, err := client(t, rec.URL).SendBatch(context.Background(), "checkout", []observability.BatchEvent{{Data: observability.Event{"a": 1}}})
	assert.Nil(t, st)
	var e *conduit.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 400, e.StatusCode)
	assert.Equal(t, "Request body is too large.", e.Message)
	assert.Equal(t, 1, rec.Hits(), "a write is not retried")
}

func TestSendBatchChecksEveryEventBeforeSending(t *testing.T) {
	rec := record(t, 200, `[]`)
	c := client(t, rec.URL)
	ctx := context.Background()
	ok := observability.Event{"k": "v"}
	wide := observability.Event{}
	for i := range 2001 {
		wide[string(rune('a'+i%26))+time.Duration(i).String()] = i
	}
	for field, events := range map[string][]observability.BatchEvent{
		"events":     nil,
		"data":       {{Data: ok}, {Data: wide}},
		"user":       {{Data: ok}, {Data: observability.Event{"user": map[string]any{"id": 1}}}},
		"samplerate": {{Data: ok, SampleRate: -2}},
	} {
		_, err := c.SendBatch(ctx, "checkout", events)
		testkit.InvalidParam(t, err, field)
	}
	_, err := c.SendBatch(ctx, "", []observability.BatchEvent{{Data: ok}})
	testkit.InvalidParam(t, err, "dataset")
	_, err = c.SendBatch(ctx, "checkout", []observability.BatchEvent{{Data: ok}, {}})
	var e *conduit.Error
	require.True(t, errors.As(err, &e))
	assert.Contains(t, e.Message, "events[1]", "the error names the event")
	assert.Zero(t, rec.Hits())
}
