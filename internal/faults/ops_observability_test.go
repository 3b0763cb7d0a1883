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
	notes = append(notes,
		noted("observability", "Auth", observability.New).auth(obsHeader),
		noted("observability", "ListDatasets", observability.New).auth(obsHeader),
		noted("observability", "SendEvent", observability.New).writes().auth(obsHeader).returns(none).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
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
		noted("observability", "SendBatch", observability.New).writes().auth(obsHeader).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
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
		noted("observability", "CreateMarker", observability.New).writes().auth(obsHeader).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return discard(c.CreateMarker(ctx, "", nil))
		}).rejects("end_time", func(ctx context.Context, c *observability.Client) error {
			return discard(c.CreateMarker(ctx, "checkout", &observability.MarkerParams{StartTime: time.Unix(1471040808, 0), EndTime: time.Unix(1471040000, 0)}))
		}).rejects("start_time", func(ctx context.Context, c *observability.Client) error {
			return discard(c.CreateMarker(ctx, "checkout", &observability.MarkerParams{StartTime: time.Date(1960, 1, 1, 0, 0, 0, 0, time.UTC)}))
		}),
		noted("observability", "ListMarkers", observability.New).auth(obsHeader).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return discard(c.ListMarkers(ctx, ""))
		}),
		noted("observability", "UpdateMarker", observability.New).writes().auth(obsHeader).rejects("id", func(ctx context.Context, c *observability.Client) error {
			return discard(c.UpdateMarker(ctx, "checkout", "", nil))
		}).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return discard(c.UpdateMarker(ctx, "", "d1c84ec0", nil))
		}),
		noted("observability", "DeleteMarker", observability.New).writes().auth(obsHeader).rejects("id", func(ctx context.Context, c *observability.Client) error {
			return discard(c.DeleteMarker(ctx, "checkout", ""))
		}),
		noted("observability", "ListColumns", observability.New).auth(obsHeader).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return discard(c.ListColumns(ctx, ""))
		}),
		noted("observability", "Dataset", observability.New).auth(obsHeader).rejects("dataset", func(ctx context.Context, c *observability.Client) error {
			return discard(c.Dataset(ctx, ""))
		}),
		noted("observability", "CreateDataset", observability.New).writes().auth(obsHeader).rejects("name", func(ctx context.Context, c *observability.Client) error {
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
