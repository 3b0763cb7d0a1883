package main

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit/observability"
)

func init() {
	register("observability", func(ctx context.Context, say func(op, format string, args ...any)) error {
		c, err := observability.New()
		if err != nil {
			return err
		}
		key, err := c.Auth(ctx)
		if err != nil {
			return err
		}
		var can []string
		for _, p := range []string{"events", "markers", "createDatasets", "queries"} {
			if key.APIKeyAccess[p] {
				can = append(can, p)
			}
		}
		say("Auth", "team %s, environment %s, may %s", key.Team.Name, key.Environment.Name, strings.Join(can, ", "))
		eu, err := observability.New(observability.WithRegion(observability.EU))
		if err != nil {
			return err
		}
		euKey, err := eu.Auth(ctx)
		if err != nil {
			return err
		}
		say("Region", "%q by default; a WithRegion(EU) client is %q and reaches team %s there", c.Region(), eu.Region(), euKey.Team.Name)
		datasets, err := c.ListDatasets(ctx)
		if err != nil {
			return err
		}
		names := make([]string, len(datasets))
		for i, d := range datasets {
			names[i] = d.Name
		}
		say("ListDatasets", "%d datasets: %s", len(datasets), strings.Join(names, "; "))
		if len(datasets) == 0 {
			return errors.New("no dataset to send to")
		}
		last := datasets[len(datasets)-1].Name
		if err := c.SendEvent(ctx, last, observability.Event{"route": "/cart", "status": 200, "duration_ms": 41.5}); err != nil {
			return err
		}
		say("SendEvent", "one event ingested into %q", last)
		statuses, err := c.SendBatch(ctx, last, []observability.BatchEvent{
			{Data: observability.Event{"route": "/cart", "status": 200}, Time: time.Now()},
			{Data: observability.Event{"route": "/", "status": 200}, Time: time.Now(), SampleRate: 20},
		})
		if err != nil {
			return err
		}
		say("SendBatch", "%d events sent, %d refused", len(statuses), len(observability.Failed(statuses)))
		// A Sender batches events in the background: Send returns at once,
		// Flush waits until every queued event has its Result.
		sender, err := c.NewSender(last, observability.WithBatchSize(50), observability.WithBatchTimeout(100*time.Millisecond))
		if err != nil {
			return err
		}
		for i := range 120 {
			if err := sender.Send(ctx, observability.Event{"route": "/cart", "status": 200, "request": i}); err != nil {
				return err
			}
		}
		flushed := sender.Flush(ctx)
		st := sender.Stats()
		if err := errors.Join(flushed, sender.Close(ctx)); err != nil {
			return err
		}
		say("NewSender", "%d events accepted, %d sent, %d failed", st.Accepted, st.Sent, st.Failed)

		deploy := &observability.MarkerParams{Message: "backend deploy #123", Type: "deploy", StartTime: time.Unix(1471040808, 0)}
		m, err := c.CreateMarker(ctx, observability.AllDatasets, deploy)
		if err != nil {
			return err
		}
		say("CreateMarker", "marker %s (%s) at %s", m.ID, m.Type, m.StartTime.Time().Format(time.RFC3339))
		markers, err := c.ListMarkers(ctx, observability.AllDatasets)
		if err != nil {
			return err
		}
		say("ListMarkers", "%d markers, the last %q", len(markers), markers[len(markers)-1].Message)
		deploy.EndTime = deploy.StartTime.Add(5 * time.Minute)
		if m, err = c.UpdateMarker(ctx, observability.AllDatasets, m.ID, deploy); err != nil {
			return err
		}
		say("UpdateMarker", "marker %s updated at %s", m.ID, m.UpdatedAt.Format(time.RFC3339))
		if m, err = c.DeleteMarker(ctx, observability.AllDatasets, m.ID); err != nil {
			return err
		}
		say("DeleteMarker", "marker %s deleted", m.ID)

		created, err := c.CreateDataset(ctx, observability.DatasetParams{Name: "MyDataset!", ExpandJSONDepth: 3})
		if err != nil {
			return err
		}
		say("CreateDataset", "dataset %q, slug %s", created.Name, created.Slug)
		d, err := c.Dataset(ctx, "my-dataset-")
		if err != nil {
			return err
		}
		say("Dataset", "%q: %d columns, last written %s", d.Name, d.RegularColumnsCount, d.LastWrittenAt.Format(time.DateOnly))
		cols, err := c.ListColumns(ctx, d.Slug)
		if err != nil {
			return err
		}
		keys := make([]string, len(cols))
		for i, col := range cols {
			keys[i] = col.KeyName + " (" + string(col.Type) + ")"
		}
		say("ListColumns", "%s", strings.Join(keys, ", "))
		return nil
	})
}
