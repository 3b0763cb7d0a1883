package filings_test

import (
	"context"
	"encoding/json"
	"math/big"
	"net/http"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/filings"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

const contact = "Conduit Tests filings-tests-Wx3@example.org"

// client is a client of srv with the contact set and fast retries.
func client(t *testing.T, srv *testkit.Server, opts ...filings.Option) *filings.Client {
	return testkit.Client(t, filings.New, append([]filings.Option{conduit.WithBaseURL(srv.URL), testkit.Fast, filings.WithContact(contact)}, opts...)...)
}

// fixture answers with status and a file of testdata/filings.
func fixture(t *testing.T, status int, contentType, name string) testkit.Reply {
	return testkit.Reply{Status: status, ContentType: contentType, Body: testkit.Fixture(t, "filings", name)}
}

func day(s string) conduit.Date {
	d, err := conduit.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

func TestCompanyConcept(t *testing.T) {
	c := testkit.Replay(t, "filings", filings.New)
	r, err := c.CompanyConcept(context.Background(), 320193, "us-gaap", "AccountsPayableCurrent")
	require.NoError(t, err)
	assert.Equal(t, filings.CIK(320193), r.CIK)
	assert.Equal(t, "Apple Inc.", r.EntityName)
	assert.Equal(t, "Accounts Payable, Current", r.Label)
	require.Len(t, r.Units, 1)
	usd := r.Units["USD"]
	require.Len(t, usd, 6)
	first := usd[0]
	assert.Equal(t, day("2008-09-27"), first.End)
	assert.Equal(t, day("2009-10-27"), first.Filed)
	assert.Empty(t, first.Frame, "frame is absent on some facts")
	assert.Nil(t, first.Start, "an instant fact has no start")
	v, ok := first.Val.Int64()
	require.True(t, ok)
	assert.Equal(t, int64(5520000000), v)
	last := usd[5]
	assert.Equal(t, "CY2024Q1I", last.Frame)
	assert.Equal(t, "45753000000", last.Val.String())
	assert.Equal(t, 2024, last.FY)
	assert.Equal(t, "Q2", last.FP)
	assert.Equal(t, "10-Q", last.Form)
	assert.Equal(t, "0000320193-24-000069", last.Accn)

	var extra struct {
		Description string `json:"description"`
	}
	require.NoError(t, r.Decode(&extra), "fields the spec does not show stay reachable")
	assert.Contains(t, extra.Description, "payable to vendors")
	golden.JSON(t, "filings", "company_concept", r)
}

func TestSubmissions(t *testing.T) {
	c := testkit.Replay(t, "filings", filings.New)
	r, err := c.Submissions(context.Background(), 320193)
	require.NoError(t, err)
	assert.Equal(t, "0000320193", r.CIK.String())
	assert.Equal(t, "Apple Inc.", r.Name)
	assert.Equal(t, "operating", r.EntityType)
	assert.Equal(t, "3571", r.SIC)
	assert.Equal(t, "Electronic Computers", r.SICDescription)
	assert.Equal(t, "06 Technology", r.OwnerOrg)
	assert.Equal(t, 0, r.InsiderTransactionForOwnerExists)
	assert.Equal(t, 1, r.InsiderTransactionForIssuerExists)
	assert.Equal(t, []string{"AAPL"}, r.Tickers)
	assert.Equal(t, []string{"Nasdaq"}, r.Exchanges)
	assert.Equal(t, "942404110", r.EIN)
	assert.Nil(t, r.LEI, "lei null")

	var recent struct {
		Recent struct {
			AccessionNumber []string `json:"accessionNumber"`
			Form            []string `json:"form"`
		} `json:"recent"`
	}
	filings, err := r.Filings()
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(filings, &recent), "the recent filings stay reachable")
	assert.Equal(t, []string{"0000320193-24-000123", "0000320193-24-000120", "0000320193-24-000081", "0000320193-24-000069"}, recent.Recent.AccessionNumber)
	assert.Equal(t, "10-K", recent.Recent.Form[0])
	var extra struct {
		FiscalYearEnd string `json:"fiscalYearEnd"`
		Addresses     map[string]struct {
			City string `json:"city"`
		} `json:"addresses"`
	}
	require.NoError(t, r.Decode(&extra))
	assert.Equal(t, "0928", extra.FiscalYearEnd)
	assert.Equal(t, "CUPERTINO", extra.Addresses["business"].City)
	golden.JSON(t, "filings", "submissions", r)
}

func TestSubmissionsLEI(t *testing.T) {
	c := client(t, testkit.Start(t, testkit.Reply{Body: `{"cik":"0000000042","name":"X","lei":"5493001KJTIIGC8Y1R12"}`}))
	r, err := c.Submissions(context.Background(), 42)
	require.NoError(t, err)
	require.NotNil(t, r.LEI)
	assert.Equal(t, "5493001KJTIIGC8Y1R12", *r.LEI)
}

func TestRequestShape(t *testing.T) {
	cases := []struct {
		name string
		call func(*filings.Client) error
		path string
	}{
		{"CompanyConcept", func(c *filings.Client) error {
			_, err := c.CompanyConcept(context.Background(), 42, "us-gaap", "Revenues")
			return err
		}, "/api/xbrl/companyconcept/CIK0000000042/us-gaap/Revenues.json"},
		{"CompanyConcept escaped", func(c *filings.Client) error {
			_, err := c.CompanyConcept(context.Background(), 9999999999, "dei", "a/b ?c")
			return err
		}, "/api/xbrl/companyconcept/CIK9999999999/dei/a%2Fb%20%3Fc.json"},
		{"Submissions", func(c *filings.Client) error {
			_, err := c.Submissions(context.Background(), 1)
			return err
		}, "/submissions/CIK0000000001.json"},
		{"Submissions ten digits", func(c *filings.Client) error {
			_, err := c.Submissions(context.Background(), 1234567890)
			return err
		}, "/submissions/CIK1234567890.json"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := testkit.Start(t, testkit.Reply{Body: `{}`})
			require.NoError(t, tc.call(client(t, srv, conduit.WithUserAgent("ignored-default-ua"))))
			got := srv.Last(t)
			assert.Equal(t, "GET", got.Method)
			assert.Equal(t, tc.path, got.Path)
			assert.Empty(t, got.Query)
			assert.Empty(t, got.Body)
			assert.Equal(t, "application/json", got.Header.Get("Accept"))
			assert.Empty(t, got.Header.Get("Authorization"))
			assert.Equal(t, contact, got.Header.Get("User-Agent"))
			assert.Equal(t, []string{"header User-Agent"}, got.Holds(contact), "the contact is in User-Agent only")
		})
	}
}

func TestErrors(t *testing.T) {
	malformed := func(message string) testkit.Shape {
		return testkit.Shape{Is: conduit.ErrMalformedResponse, Message: message}
	}
	testkit.Errors(t, []testkit.Case{
		{Name: "404 xml from storage", Reply: fixture(t, 404, "application/xml", "not_found.xml"), Want: testkit.Shape{Is: conduit.ErrNotFound, Status: 404, Code: "NoSuchKey", Message: "The specified key does not exist."}},
		// The block page is the same for a missing contact and for a burst:
		// rate limited (a contact is required before anything is sent).
		{Name: "403 undeclared tool", Reply: fixture(t, 403, "text/html", "undeclared_tool.html"), Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 403, Message: "Request Rate Threshold Exceeded"}},
		{Name: "403 without the block page", Reply: testkit.Reply{Status: 403, ContentType: "text/plain", Body: "Forbidden"}, Want: testkit.Shape{Is: conduit.ErrUnauthorized, Status: 403, Message: "Forbidden"}},
		{Name: "429 with Retry-After", Reply: testkit.Reply{Status: 429, ContentType: "text/plain", Header: []string{"Retry-After", "600"}, Body: "slow down"}, Want: testkit.Shape{Is: conduit.ErrRateLimited, Status: 429, Message: "slow down"}},
		{Name: "503 plain", Reply: testkit.Reply{Status: 503, ContentType: "text/plain", Body: "maintenance"}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 503, Message: "maintenance"}},
		{Name: "200 null", Reply: testkit.Reply{Body: "null"}, Want: malformed("empty or null body where a record was expected")},
		{Name: "200 val not a number", Reply: testkit.Reply{Body: `{"cik":1,"units":{"USD":[{"val":"lots"}]}}`}, Want: malformed(`decoding the response: json: cannot unmarshal JSON string into Go conduit.Decimal within "/units/USD/0/val": conduit: decimal "lots": unexpected 'l' at offset 0`)},
		{Name: "200 bad date", Reply: testkit.Reply{Body: `{"cik":1,"units":{"USD":[{"end":"30/09/2023","val":1}]}}`}, Want: malformed(`decoding the response: json: cannot unmarshal JSON string into Go conduit.Date within "/units/USD/0/end": conduit: date "30/09/2023" is not written YYYY-MM-DD`)},
	}, []string{contact}, testkit.Op{Service: "filings", Op: "CompanyConcept", Endpoint: "GET /api/xbrl/companyconcept/CIK{cik}/{taxonomy}/{tag}.json", Call: func(t *testing.T, url string) error {
		c := testkit.Client(t, filings.New, conduit.WithBaseURL(url), filings.WithContact(contact), conduit.WithMaxRetries(0))
		_, err := c.CompanyConcept(context.Background(), 320193, "us-gaap", "Revenues")
		return err
	}})
}

func TestErrorKeepsXMLBody(t *testing.T) {
	_, err := client(t, testkit.Start(t, fixture(t, 404, "application/xml", "not_found.xml"))).Submissions(context.Background(), 42)
	e := testkit.Check(t, err, testkit.Shape{Is: conduit.ErrNotFound, Service: "filings", Op: "Submissions", Endpoint: "GET /submissions/CIK{cik}.json", Status: 404, Code: "NoSuchKey"})
	assert.Equal(t, "3F9C2B7A1D0E4F65", e.RequestID, "the object store's id, from the document")
	assert.Equal(t, "application/xml", e.BodyType)
	assert.Contains(t, string(e.Body), "NoSuchKey")
}

func TestBadInput(t *testing.T) {
	srv := testkit.Start(t)
	c := client(t, srv)
	ctx := context.Background()
	concept := func(cik filings.CIK, taxonomy, tag string) func() error {
		return func() error { _, err := c.CompanyConcept(ctx, cik, taxonomy, tag); return err }
	}
	submissions := func(cik filings.CIK) func() error {
		return func() error { _, err := c.Submissions(ctx, cik); return err }
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "filings"}, []testkit.Input{
		{Field: "cik", Call: concept(0, "us-gaap", "Revenues")},
		{Field: "cik", Call: concept(-320193, "us-gaap", "Revenues")},
		{Field: "cik", Call: concept(10_000_000_000, "us-gaap", "Revenues")},
		{Field: "taxonomy", Call: concept(320193, "", "Revenues")},
		{Field: "taxonomy", Call: concept(320193, "  ", "Revenues")},
		{Field: "tag", Call: concept(320193, "us-gaap", "")},
		{Field: "cik", Call: submissions(0)},
		{Field: "cik", Call: submissions(-1)},
		{Field: "cik", Call: submissions(10_000_000_000)},
	}, contact)
}

func TestContactRequired(t *testing.T) {
	t.Setenv("CONDUIT_FILINGS_USER_AGENT", "")
	srv := testkit.Start(t)
	c := testkit.Client(t, filings.New, conduit.WithBaseURL(srv.URL), conduit.WithUserAgent("a default user agent is not a contact"))
	testkit.MissingCredential(t, srv, "filings.WithContact", "CONDUIT_FILINGS_USER_AGENT",
		func() error {
			_, err := c.CompanyConcept(context.Background(), 320193, "us-gaap", "Revenues")
			return err
		},
		func() error { _, err := c.Submissions(context.Background(), 320193); return err })

	c = testkit.Client(t, filings.New, conduit.WithBaseURL(srv.URL), filings.WithContact("Example Corp without a mailbox"))
	_, err := c.Submissions(context.Background(), 320193)
	testkit.InvalidParam(t, err, "user_agent")
	assert.Contains(t, err.Error(), "e-mail")
	assert.Zero(t, srv.Hits(), "nothing is sent without a contact")
}

func TestConfigFromEnv(t *testing.T) {
	testkit.ReplayEnv(t)
	c, err := filings.New()
	require.NoError(t, err)
	r, err := c.Submissions(context.Background(), 320193)
	require.NoError(t, err)
	assert.Equal(t, "Apple Inc.", r.Name)
}

// Like the real service, the fake takes any contact that names the
// requester and gives an e-mail address.
func TestReplayAcceptsAnyWellFormedContact(t *testing.T) {
	srv := testkit.ReplayServer(t)
	c := testkit.Client(t, filings.New, conduit.WithBaseURL(srv.URL("filings", "filings_url")), filings.WithContact(contact))
	_, err := c.Submissions(context.Background(), 320193)
	assert.NoError(t, err)
}

// The default limit keeps 25 concurrent calls to at most 10 in any
// one-second window, as the server's arrival times show.
func TestDefaultRateLimit(t *testing.T) {
	var mu sync.Mutex
	var arrivals []time.Time
	submissions := fixture(t, 200, "", "submissions.json")
	c := client(t, testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		arrivals = append(arrivals, time.Now())
		mu.Unlock()
		submissions.ServeHTTP(w, r)
	})))
	const calls = 25
	var wg sync.WaitGroup
	errs := make([]error, calls)
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = c.Submissions(context.Background(), 320193)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	require.Len(t, arrivals, calls)
	sort.Slice(arrivals, func(i, j int) bool { return arrivals[i].Before(arrivals[j]) })
	for i, start := range arrivals {
		n := 0
		for _, a := range arrivals[i:] {
			if a.Sub(start) < time.Second {
				n++
			}
		}
		assert.LessOrEqual(t, n, 10, "%d requests in the second from arrival %d", n, i)
	}
}

func TestNumber(t *testing.T) {
	var f filings.Fact
	require.NoError(t, json.Unmarshal([]byte(`{"val":12345678901234567891}`), &f))
	assert.Equal(t, "12345678901234567891", f.Val.String(), "kept exactly past 2^64")
	_, ok := f.Val.Int64()
	assert.False(t, ok, "out of the int64 range")
	want, _ := new(big.Rat).SetString("12345678901234567891")
	assert.Equal(t, 0, f.Val.Rat().Cmp(want))

	require.NoError(t, json.Unmarshal([]byte(`{"val":"1.52"}`), &f), "a number sent as a string")
	assert.Equal(t, 1.52, f.Val.Float64())
	_, ok = f.Val.Int64()
	assert.False(t, ok)

	require.NoError(t, json.Unmarshal([]byte(`{"val":-9007199254740993}`), &f))
	n, ok := f.Val.Int64()
	require.True(t, ok)
	assert.Equal(t, int64(-9007199254740993), n, "exact past 2^53")

	for _, bad := range []string{`{"val":"lots"}`, `{"val":true}`, `{"val":{}}`, `{"val":"0x10"}`, `{"val":"+1"}`} {
		assert.Error(t, json.Unmarshal([]byte(bad), &f), bad)
	}
	f = filings.Fact{}
	require.NoError(t, json.Unmarshal([]byte(`{"val":null,"start":"2023-07-02","end":"2023-09-30"}`), &f))
	assert.True(t, f.Val.IsZero())
	require.NotNil(t, f.Start)
	assert.Equal(t, day("2023-07-02"), *f.Start)
	out, err := json.Marshal(f)
	require.NoError(t, err)
	assert.JSONEq(t, `{"start":"2023-07-02","end":"2023-09-30","val":null,"accn":"","fy":0,"fp":"","form":"","filed":null}`, string(out))
}

// A key number reads from either form the service writes, and prints as
// the 10 digits of the paths.
func TestCIK(t *testing.T) {
	for _, in := range []string{`320193`, `"0000320193"`, `"320193"`} {
		var k filings.CIK
		require.NoError(t, json.Unmarshal([]byte(in), &k), in)
		assert.Equal(t, filings.CIK(320193), k, in)
		assert.Equal(t, "0000320193", k.String())
	}
	for _, in := range []string{`"CIK0000320193"`, `1.5`, `true`, `{}`} {
		var k filings.CIK
		assert.Error(t, json.Unmarshal([]byte(in), &k), in)
	}
}

// A key read from one answer goes into the next call as it is.
func TestCIKFromSubmissionsIntoCompanyConcept(t *testing.T) {
	c := testkit.Replay(t, "filings", filings.New)
	s, err := c.Submissions(context.Background(), 320193)
	require.NoError(t, err)
	concept, err := c.CompanyConcept(context.Background(), s.CIK, "us-gaap", "AccountsPayableCurrent")
	require.NoError(t, err)
	assert.Equal(t, s.CIK, concept.CIK)
}

func FuzzNumber(f *testing.F) {
	for _, s := range []string{`5520000000`, `"1.52"`, `-0.5e-3`, `12345678901234567891`, `null`, `"x"`, `true`, `"1e"`, `01`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var fact filings.Fact
		if json.Unmarshal([]byte(`{"val":`+in+`}`), &fact) != nil || fact.Val.IsZero() {
			return
		}
		out, err := fact.Val.MarshalJSON()
		if err != nil || !json.Valid(out) {
			t.Fatalf("%q decoded to %q, which does not encode as JSON", in, fact.Val)
		}
		if fact.Val.Rat() == nil {
			t.Fatalf("%q decoded to %q, which Rat rejects", in, fact.Val)
		}
	})
}

func FuzzDate(f *testing.F) {
	for _, s := range []string{`"2023-09-30"`, `null`, `"2023-02-30"`, `"30/09/2023"`, `20230930`, `""`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var fact filings.Fact
		if json.Unmarshal([]byte(`{"end":`+in+`}`), &fact) != nil || fact.End.IsZero() {
			return
		}
		out, err := fact.End.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back conduit.Date
		if err := back.UnmarshalJSON(out); err != nil || back != fact.End {
			t.Fatalf("%q → %s does not round-trip: %v", in, out, err)
		}
	})
}
