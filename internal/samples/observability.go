package samples

import (
	"context"

	"github.com/conduit-sdk/conduit/observability"
)

func init() {
	add("observability", observability.New, []row[*observability.Client]{
		{"Auth", func(ctx context.Context, cl *observability.Client) (Answer, error) {
			a, err := cl.Auth(ctx)
			return answer(a, func() any { return a.Team.Name }), err
		}},
		{"ListDatasets", func(ctx context.Context, cl *observability.Client) (Answer, error) {
			d, err := cl.ListDatasets(ctx)
			return answer(d, func() any { return d[0].Name }), err
		}},
		{"SendEvent", func(ctx context.Context, cl *observability.Client) (Answer, error) {
			err := cl.SendEvent(ctx, "checkout", observability.Event{"route": "/cart", "status": 200})
			return sent(SentBody), err
		}},
		{"SendBatch", func(ctx context.Context, cl *observability.Client) (Answer, error) {
			st, err := cl.SendBatch(ctx, "checkout", []observability.BatchEvent{{Data: observability.Event{"route": "/cart"}, SampleRate: 10}})
			return answer(st, func() any { return st[0].Status }), err
		}},
		{"CreateMarker", func(ctx context.Context, cl *observability.Client) (Answer, error) {
			m, err := cl.CreateMarker(ctx, "checkout", &observability.MarkerParams{Message: "backend deploy #123", Type: "deploy"})
			return answer(m, func() any { return m.ID }), err
		}},
		{"ListMarkers", func(ctx context.Context, cl *observability.Client) (Answer, error) {
			ms, err := cl.ListMarkers(ctx, "checkout")
			return answer(ms, func() any { return ms[1].ID }), err
		}},
		{"UpdateMarker", func(ctx context.Context, cl *observability.Client) (Answer, error) {
			m, err := cl.UpdateMarker(ctx, "checkout", "d1c84ec0", &observability.MarkerParams{Message: "backend deploy #123", Type: "deploy"})
			return answer(m, func() any { return m.StartTime }), err
		}},
		{"DeleteMarker", func(ctx context.Context, cl *observability.Client) (Answer, error) {
			m, err := cl.DeleteMarker(ctx, "checkout", "d1c84ec0")
			return answer(m, func() any { return m.ID }), err
		}},
		{"ListColumns", func(ctx context.Context, cl *observability.Client) (Answer, error) {
			cols, err := cl.ListColumns(ctx, "checkout")
			return answer(cols, func() any { return cols[0].KeyName }), err
		}},
		{"Dataset", func(ctx context.Context, cl *observability.Client) (Answer, error) {
			d, err := cl.Dataset(ctx, "my-dataset-")
			return answer(d, func() any { return d.Slug }), err
		}},
		{"CreateDataset", func(ctx context.Context, cl *observability.Client) (Answer, error) {
			d, err := cl.CreateDataset(ctx, observability.DatasetParams{Name: "MyDataset!"})
			return answer(d, func() any { return d.Slug }), err
		}},
	})
}
