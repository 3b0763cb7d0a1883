package peers

import (
	"net/http"

	libhoney "github.com/honeycombio/libhoney-go"
	"github.com/honeycombio/libhoney-go/transmission"
)

// libhoneyIngest sends events through libhoney-go's client, configured as
// conduit's Sender is: the same batch size and timeout, as many batches in
// flight as the Sender has goroutines, the same queue, blocking rather than
// dropping sends and responses, and plain JSON bodies (libhoney compresses
// with zstd by default; conduit does not unless asked). It reads every
// response, counting the events the service stored, and closes the client,
// which sends what is queued and waits for it.
func libhoneyIngest(hc *http.Client, base string, events []map[string]any) (int, error) {
	c, err := libhoney.NewClient(libhoney.ClientConfig{
		APIKey:  apiKey,
		Dataset: ingestDataset,
		APIHost: base,
		Transmission: &transmission.Honeycomb{
			MaxBatchSize:         ingestBatch,
			BatchTimeout:         ingestTimeout,
			MaxConcurrentBatches: ingestConcurrency,
			PendingWorkCapacity:  ingestQueue,
			BlockOnSend:          true,
			BlockOnResponse:      true,
			DisableCompression:   true,
			Transport:            hc.Transport,
		},
	})
	if err != nil {
		return 0, err
	}
	stored := make(chan int)
	go func() {
		n := 0
		for r := range c.TxResponses() {
			if r.Err == nil && r.StatusCode == http.StatusAccepted {
				n++
			}
		}
		stored <- n
	}()
	for _, e := range events {
		ev := c.NewEvent()
		if err := ev.Add(e); err != nil {
			c.Close()
			<-stored
			return 0, err
		}
		if err := ev.Send(); err != nil {
			c.Close()
			<-stored
			return 0, err
		}
	}
	c.Close()
	return <-stored, nil
}
