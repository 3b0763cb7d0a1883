package observability_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/observability"
)

func Example() {
	srv := conduittest.Start() // a local fake of the service
	defer srv.Close()

	c, err := observability.New(srv.Options("observability")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	key, err := c.Auth(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("team", key.Team.Name, "environment", key.Environment.Slug, "can send events:", key.APIKeyAccess["events"])
	err = c.SendEvent(ctx, "checkout", observability.Event{"route": "/cart", "status": 200, "duration_ms": 41.5})
	fmt.Println("sent:", err == nil)
	// Output:
	// team Acme Payments environment production can send events: true
	// sent: true
}

func ExampleWithRegion() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := observability.New(append(srv.Options("observability"), observability.WithRegion(observability.EU))...)
	if err != nil {
		log.Fatal(err)
	}
	key, err := c.Auth(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(c.Region(), key.Environment.Name)
	// Output:
	// eu Production EU
}

func ExampleClient_SendBatch() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := observability.New(srv.Options("observability")...)
	if err != nil {
		log.Fatal(err)
	}
	// The service's documented answer: the first event taken, three refused.
	answer, err := conduittest.Fixture("observability", "send_batch.json")
	if err != nil {
		log.Fatal(err)
	}
	srv.On("observability", "SendBatch").Reply(conduittest.Reply{Body: string(answer)})

	at := time.Date(2024, 8, 19, 23, 58, 12, 0, time.UTC)
	statuses, err := c.SendBatch(context.Background(), "checkout", []observability.BatchEvent{
		{Data: observability.Event{"route": "/cart", "status": 200}, Time: at},
		{Data: observability.Event{"route": "/", "status": 200}, Time: at, SampleRate: 20}, // one kept in 20
		{Data: observability.Event{"route": "/pay", "status": 502}, Time: at},
		{Data: observability.Event{"route": "/pay", "status": 200}, Time: at},
	})
	if err != nil {
		log.Fatal(err) // the batch as a whole failed
	}
	for i, s := range statuses {
		if s.Err != nil {
			fmt.Println(i, "refused:", s.Error)
			continue
		}
		fmt.Println(i, "stored")
	}
	fmt.Println("not stored:", observability.Failed(statuses))
	// Output:
	// 0 stored
	// 1 refused: Request body should not be empty.
	// 2 refused: Event has too many columns.
	// 3 refused: Request body is malformed and cannot be read.
	// not stored: [1 2 3]
}

func ExampleClient_CreateMarker() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := observability.New(srv.Options("observability")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	deploy := &observability.MarkerParams{Message: "backend deploy #123", Type: "deploy", StartTime: time.Unix(1471040808, 0)}
	m, err := c.CreateMarker(ctx, "checkout", deploy)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(m.ID, m.Type, m.StartTime.Time().Format(time.RFC3339))

	deploy.EndTime = deploy.StartTime.Add(5 * time.Minute) // the whole span, every field again
	if _, err := c.UpdateMarker(ctx, "checkout", m.ID, deploy); err != nil {
		log.Fatal(err)
	}
	markers, err := c.ListMarkers(ctx, "checkout")
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range markers {
		fmt.Println(m.ID, m.Message)
	}
	gone, err := c.DeleteMarker(ctx, "checkout", m.ID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("deleted", gone.ID)
	// Output:
	// d1c84ec0 deploy 2016-08-12T22:26:48Z
	// d1c84ec0 backend deploy #123
	// c2b52fa0 frontend deploy #123
	// deleted d1c84ec0
}

func ExampleClient_CreateDataset() {
	srv := conduittest.Start()
	defer srv.Close()

	c, err := observability.New(srv.Options("observability")...)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	d, err := c.CreateDataset(ctx, observability.DatasetParams{Name: "MyDataset!", Description: "A nice description of my dataset", ExpandJSONDepth: 3})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("created", d.Slug)
	d, err = c.Dataset(ctx, "my-dataset-")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(d.Name, d.RegularColumnsCount, "columns")
	cols, err := c.ListColumns(ctx, d.Slug)
	if err != nil {
		log.Fatal(err)
	}
	for _, col := range cols {
		fmt.Println(col.KeyName, col.Type)
	}
	// Output:
	// created mydataset-
	// My Dataset! 100 columns
	// my_column integer
	// other_column string
}
