package conduittest_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/conduittest"
	"github.com/conduit-sdk/conduit/internal/samples"
)

// opCall is one valid call of an operation through its package's client.
// It returns a value read from the decoded answer, which must not be the
// zero value; an operation whose answer holds nothing to decode returns
// what the server received.
type opCall struct {
	// as is the operation the server records the call under, when the
	// request is the same as another's (fiscal's iterators send exactly
	// their page's request); "" is the operation itself.
	as string
	do func(ctx context.Context) (any, error)
}

// Every operation of every package answers through the package's own
// client: the route is there, the credentials the client sends from
// Options are the ones the server accepts, and the answer decodes. The
// calls are internal/samples' table.
func TestEveryOperationAnswers(t *testing.T) {
	srv := conduittest.NewServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	seen := 0
	declared := map[string]bool{}
	for _, pkg := range conduittest.Packages() {
		for _, op := range conduittest.Operations(pkg) {
			name := pkg + "." + op
			declared[name] = true
			seen++
			s, tabled := samples.Find(pkg, op)
			if !tabled {
				t.Errorf("%s: no sample in internal/samples", name)
				continue
			}
			c := sampleCall(srv, s)
			as := op
			if c.as != "" {
				as = c.as
			}
			before := len(srv.Requests(pkg, as))
			v, err := c.do(ctx)
			if !assert.NoError(t, err, "%s has no working answer", name) {
				continue
			}
			assert.False(t, v == nil || reflect.ValueOf(v).IsZero(), "%s: the answer decoded to a zero %T", name, v)
			assert.Greater(t, len(srv.Requests(pkg, as)), before, "%s: the server recorded the call under another operation than %s", name, as)
		}
	}
	for _, s := range samples.All() {
		if !declared[s.Pkg+"."+s.Name] {
			t.Errorf("%s.%s: a sample for an operation no package declares", s.Pkg, s.Name)
		}
	}
	assert.GreaterOrEqual(t, seen, 60, "operations of every package")
}

// recordedAs names the operation the server records a call under, when
// the request is the same as another's (fiscal's iterators send exactly
// their page's request).
var recordedAs = map[string]string{
	"filings.EachFrameFact":        "Frames",
	"pkgstats.AllTopVersions":      "TopVersions",
	"pkgstats.AllTopPackages":      "TopPackages",
	"police.EachStreetCrime":       "StreetCrimes",
	"police.EachStreetCrimeInArea": "StreetCrimesInArea",
	"explorer.EachMempoolTxid":     "MempoolTxids",
	"explorer.EachBlock":           "Blocks",
	"chat.EachChannelMessage":      "ChannelMessages",

	"banklink.EachTransactionUpdate": "SyncTransactions",

	// The fake serves fiscal's typed datasets only; a Query of one is
	// recorded under that dataset's operation.
	"fiscal.AllDebtToPenny":            "DebtToPenny",
	"fiscal.AllAvgInterestRates":       "AvgInterestRates",
	"fiscal.EachDebtToPennyRecord":     "DebtToPenny",
	"fiscal.EachAvgInterestRate":       "AvgInterestRates",
	"fiscal.Query":                     "RatesOfExchange",
	"fiscal.AllQuery":                  "RatesOfExchange",
	"fiscal.EachQueryRow":              "RatesOfExchange",
	"fiscal.AllRatesOfExchange":        "RatesOfExchange",
	"fiscal.EachRateOfExchange":        "RatesOfExchange",
	"fiscal.AllDebtOutstanding":        "DebtOutstanding",
	"fiscal.EachDebtOutstandingRecord": "DebtOutstanding",
	"fiscal.AllMTSSummary":             "MTSSummary",
	"fiscal.EachMTSSummaryRecord":      "MTSSummary",
}

// sampleCall is a sample's call on a client of srv; its value is the field
// the sample reads from the answer, or for an answer with nothing to
// decode what the server received.
func sampleCall(srv *conduittest.Server, s samples.Sample) opCall {
	as := recordedAs[s.Pkg+"."+s.Name]
	recorded := as
	if recorded == "" {
		recorded = s.Name
	}
	return opCall{as: as, do: func(ctx context.Context) (any, error) {
		a, err := s.Call(ctx, append(srv.Options(s.Pkg), conduit.WithRateLimit(0, 0))...)
		switch a.Sent {
		case samples.SentBody:
			return sent(srv, s.Pkg, recorded), err
		case samples.SentPath:
			return sentPath(srv, s.Pkg, recorded), err
		}
		return a.Field, err
	}}
}

// newClient builds a package's client on the server's options, failing the
// test if New refuses them. The budgets services publish (90 a minute, 10 a
// second) would pace the test for nothing, so they are lifted.
func newClient[C any](t *testing.T, newc func(...conduit.Option) (C, error), opts []conduit.Option) C {
	t.Helper()
	c, err := newc(append(opts, conduit.WithRateLimit(0, 0))...)
	require.NoError(t, err)
	return c
}

// sent is what reached an operation that answers with nothing to decode:
// the body of its last request.
func sent(srv *conduittest.Server, pkg, op string) any {
	r, _ := srv.Last(pkg, op)
	return string(r.Body)
}

// sentPath is where an operation that answers with nothing to decode and
// sends no body was sent: the path of its last request.
func sentPath(srv *conduittest.Server, pkg, op string) any {
	r, _ := srv.Last(pkg, op)
	return r.Path
}
