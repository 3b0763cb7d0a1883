package otelconduit_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/sdk/metric/metricdata"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/animegraph"
	"github.com/conduit-sdk/conduit/banklink"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/ci"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/countries"
	"github.com/conduit-sdk/conduit/cryptoprices"
	"github.com/conduit-sdk/conduit/explorer"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/fiscal"
	"github.com/conduit-sdk/conduit/fxopen"
	"github.com/conduit-sdk/conduit/fxref"
	"github.com/conduit-sdk/conduit/imageedit"
	"github.com/conduit-sdk/conduit/inference"
	"github.com/conduit-sdk/conduit/maps"
	"github.com/conduit-sdk/conduit/media"
	"github.com/conduit-sdk/conduit/museum"
	"github.com/conduit-sdk/conduit/noderpc"
	"github.com/conduit-sdk/conduit/observability"
	"github.com/conduit-sdk/conduit/pkgstats"
	"github.com/conduit-sdk/conduit/police"
	"github.com/conduit-sdk/conduit/store"
	"github.com/conduit-sdk/conduit/sunrise"
)

// doer is what every package's client has: Do, the escape hatch, which
// places the client's credential exactly as its typed methods do.
type doer interface {
	Do(ctx context.Context, method, path string, in, out any, opts ...conduit.Option) error
}

func client[C doer](newClient func(...conduit.Option) (C, error)) func(...conduit.Option) (doer, error) {
	return func(opts ...conduit.Option) (doer, error) { return newClient(opts...) }
}

var packages = map[string]func(...conduit.Option) (doer, error){
	"animegraph": client(animegraph.New), "banklink": client(banklink.New), "chat": client(chat.New),
	"ci": client(ci.New), "countries": client(countries.New), "cryptoprices": client(cryptoprices.New),
	"explorer": client(explorer.New), "filings": client(filings.New), "fiscal": client(fiscal.New),
	"fxopen": client(fxopen.New), "fxref": client(fxref.New), "imageedit": client(imageedit.New),
	"inference": client(inference.New), "maps": client(maps.New), "media": client(media.New),
	"museum": client(museum.New), "noderpc": client(noderpc.New), "observability": client(observability.New),
	"pkgstats": client(pkgstats.New), "police": client(police.New), "store": client(store.New),
	"sunrise": client(sunrise.New),
}

// No span attribute, event or status, and no metric attribute, holds any
// form of a package's credential: for a GET and a POST through every
// package's client, each answered by the fake (a fixture or a failure),
// and for the calls that carry a credential of their own (a webhook's
// token in its path) or read the request body (a chat completion).
func TestNoCredentialInAnySpanOrMetric(t *testing.T) {
	for pkg, newClient := range packages {
		t.Run(pkg, func(t *testing.T) {
			tel := newTelemetry(t)
			c, err := newClient(append(fake.Options(pkg), tel.option(), conduit.WithMaxRetries(0))...)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			c.Do(ctx, "GET", "/anything?probe=1", nil, nil)
			c.Do(ctx, "POST", "/anything", map[string]string{"probe": "1"}, nil)
			switch c := c.(type) {
			case *chat.Client:
				id := conduittest.Credential("chat", "webhook_id")
				token := conduittest.Credential("chat", "webhook_token")
				if err := c.ExecuteWebhook(ctx, chat.NewWebhook(chat.Snowflake(id), token), chat.WebhookMessage{Content: "hi"}); err != nil {
					t.Errorf("ExecuteWebhook: %v", err)
				}
			case *inference.Client:
				if _, err := c.CreateChatCompletion(ctx, question); err != nil {
					t.Errorf("CreateChatCompletion: %v", err)
				}
			}
			recorded := tel.recorded(t)
			if !strings.Contains(recorded, "http.request.method") {
				t.Fatalf("nothing was recorded: %s", recorded)
			}
			for name, secret := range secrets(pkg) {
				if strings.Contains(recorded, secret) {
					t.Errorf("the telemetry holds %s's %s", pkg, name)
				}
			}
		})
	}
}

// recorded prints every span's name, attributes, events and status and
// every metric's attributes.
func (tel *telemetry) recorded(t *testing.T) string {
	var b strings.Builder
	for _, s := range tel.spans.GetSpans() {
		fmt.Fprintf(&b, "%s %v %v %v\n", s.Name, s.Attributes, s.Events, s.Status)
	}
	for _, m := range tel.metrics(t) {
		switch d := m.Data.(type) {
		case metricdata.Histogram[float64]:
			for _, p := range d.DataPoints {
				fmt.Fprintf(&b, "%s %v\n", m.Name, p.Attributes.ToSlice())
			}
		case metricdata.Histogram[int64]:
			for _, p := range d.DataPoints {
				fmt.Fprintf(&b, "%s %v\n", m.Name, p.Attributes.ToSlice())
			}
		case metricdata.Sum[int64]:
			for _, p := range d.DataPoints {
				fmt.Fprintf(&b, "%s %v\n", m.Name, p.Attributes.ToSlice())
			}
		}
	}
	return b.String()
}

// secrets are the forms of pkg's credentials that must never be recorded:
// each value, and media's Basic pair as it goes on the wire. The media
// cloud name and the chat webhook id are addresses, not secrets, and the
// filings contact names the caller.
func secrets(pkg string) map[string]string {
	out := map[string]string{}
	for name, v := range conduittest.Credentials(pkg) {
		switch pkg + "." + name {
		case "media.cloud_name", "chat.webhook_id", "filings.user_agent":
			continue
		}
		out[name] = v
	}
	if pkg == "media" {
		out["basic pair"] = base64.StdEncoding.EncodeToString([]byte(out["api_key"] + ":" + out["api_secret"]))
	}
	return out
}
