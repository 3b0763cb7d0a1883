package faults

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/observability"
)

func init() {
	ops = append(ops,
		row("observability", "Auth", observability.New, func(ctx context.Context, c *observability.Client) error {
			return discard(c.Auth(ctx))
		}).auth(obsHeader),
		row("observability", "ListDatasets", observability.New, func(ctx context.Context, c *observability.Client) error {
			return discard(c.ListDatasets(ctx))
		}).auth(obsHeader),
		row("observability", "SendEvent", observability.New, func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "checkout", observability.Event{"route": "/cart", "status": 200, "duration_ms": 41.5})
		}).writes().auth(obsHeader).returns(none).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "", observability.Event{"status": 200})
		}).rejects("event", func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "checkout", observability.Event{})
		}).rejects("user", func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "checkout", observability.Event{"status": 200, "user": map[string]any{"id": 1}})
		}).rejects("duration_ms", func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "checkout", observability.Event{"duration_ms": math.Inf(1)})
		}).rejects("ok", func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "checkout", observability.Event{"ok": true})
		}).rejects("status", func(ctx context.Context, c *observability.Client) error {
			return c.SendEvent(ctx, "checkout", observability.Event{"status": json.Number("2e")})
		}),
		row("observability", "SendBatch", observability.New, func(ctx context.Context, c *observability.Client) error {
			st, err := c.SendBatch(ctx, "checkout", []observability.BatchEvent{
				{Data: observability.Event{"route": "/cart", "status": 200}, Time: time.Date(2024, 8, 19, 23, 58, 12, 0, time.UTC)},
				{Data: observability.Event{"route": "/pay", "duration_ms": 41.5}, SampleRate: 10},
			})
			if err == nil && len(observability.Failed(st)) > 0 {
				return st[observability.Failed(st)[0]].Err
			}
			return err
		}).writes().auth(obsHeader).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return discard(c.SendBatch(ctx, "", []observability.BatchEvent{{Data: observability.Event{"k": "v"}}}))
		}).rejects("events", func(ctx context.Context, c *observability.Client) error {
			return discard(c.SendBatch(ctx, "checkout", nil))
		}).rejects("data", func(ctx context.Context, c *observability.Client) error {
			return discard(c.SendBatch(ctx, "checkout", []observability.BatchEvent{{Data: observability.Event{"k": "v"}}, {}}))
		}).rejects("user", func(ctx context.Context, c *observability.Client) error {
			return discard(c.SendBatch(ctx, "checkout", []observability.BatchEvent{{Data: observability.Event{"user": []string{"a"}}}}))
		}).rejects("samplerate", func(ctx context.Context, c *observability.Client) error {
			return discard(c.SendBatch(ctx, "checkout", []observability.BatchEvent{{Data: observability.Event{"k": "v"}, SampleRate: -1}}))
		}),
		row("observability", "CreateMarker", observability.New, func(ctx context.Context, c *observability.Client) error {
			return discard(c.CreateMarker(ctx, "checkout", &observability.MarkerParams{Message: "backend deploy #123", Type: "deploy", StartTime: time.Unix(1471040808, 0)}))
		}).writes().auth(obsHeader).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return discard(c.CreateMarker(ctx, "", nil))
		}).rejects("end_time", func(ctx context.Context, c *observability.Client) error {
			return discard(c.CreateMarker(ctx, "checkout", &observability.MarkerParams{StartTime: time.Unix(1471040808, 0), EndTime: time.Unix(1471040000, 0)}))
		}).rejects("start_time", func(ctx context.Context, c *observability.Client) error {
			return discard(c.CreateMarker(ctx, "checkout", &observability.MarkerParams{StartTime: time.Date(1960, 1, 1, 0, 0, 0, 0, time.UTC)}))
		}),
		row("observability", "ListMarkers", observability.New, func(ctx context.Context, c *observability.Client) error {
			return discard(c.ListMarkers(ctx, observability.AllDatasets))
		}).auth(obsHeader).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return discard(c.ListMarkers(ctx, ""))
		}),
		row("observability", "UpdateMarker", observability.New, func(ctx context.Context, c *observability.Client) error {
			return discard(c.UpdateMarker(ctx, "checkout", "d1c84ec0", &observability.MarkerParams{Message: "backend deploy #124", Type: "deploy"}))
		}).writes().auth(obsHeader).rejects("id", func(ctx context.Context, c *observability.Client) error {
			return discard(c.UpdateMarker(ctx, "checkout", "", nil))
		}).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return discard(c.UpdateMarker(ctx, "", "d1c84ec0", nil))
		}),
		row("observability", "DeleteMarker", observability.New, func(ctx context.Context, c *observability.Client) error {
			return discard(c.DeleteMarker(ctx, "checkout", "d1c84ec0"))
		}).writes().auth(obsHeader).rejects("id", func(ctx context.Context, c *observability.Client) error {
			return discard(c.DeleteMarker(ctx, "checkout", ""))
		}),
		row("observability", "ListColumns", observability.New, func(ctx context.Context, c *observability.Client) error {
			return discard(c.ListColumns(ctx, "checkout"))
		}).auth(obsHeader).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return discard(c.ListColumns(ctx, ""))
		}),
		row("observability", "Dataset", observability.New, func(ctx context.Context, c *observability.Client) error {
			return discard(c.Dataset(ctx, "my-dataset-"))
		}).auth(obsHeader).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return discard(c.Dataset(ctx, ""))
		}),
		row("observability", "CreateDataset", observability.New, func(ctx context.Context, c *observability.Client) error {
			return discard(c.CreateDataset(ctx, observability.DatasetParams{Name: "MyDataset!", ExpandJSONDepth: 3}))
		}).writes().auth(obsHeader).rejects("name", func(ctx context.Context, c *observability.Client) error {
			return discard(c.CreateDataset(ctx, observability.DatasetParams{}))
		}).rejects("name", func(ctx context.Context, c *observability.Client) error {
			return discard(c.CreateDataset(ctx, observability.DatasetParams{Name: strings.Repeat("x", 256)}))
		}).rejects("description", func(ctx context.Context, c *observability.Client) error {
			return discard(c.CreateDataset(ctx, observability.DatasetParams{Name: "x", Description: strings.Repeat("d", 1025)}))
		}).rejects("expand_json_depth", func(ctx context.Context, c *observability.Client) error {
			return discard(c.CreateDataset(ctx, observability.DatasetParams{Name: "x", ExpandJSONDepth: 11}))
		}),
	)
}
