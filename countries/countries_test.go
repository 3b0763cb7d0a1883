package countries_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/countries"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// serve starts a server answering with replies below /api/v0.1, where the
// live service keeps its version, and returns a client of it.
func serve(t *testing.T, replies ...testkit.Reply) (*countries.Client, *testkit.Server) {
	srv := testkit.Start(t, replies...)
	return testkit.Client(t, countries.New, conduit.WithBaseURL(srv.URL+"/api/v0.1/"), testkit.Fast), srv
}

func fromReplay(t *testing.T) *countries.Client { return testkit.Replay(t, "countries", countries.New) }

func TestCapitals(t *testing.T) {
	r, err := fromReplay(t).Capitals(context.Background())
	require.NoError(t, err)
	assert.False(t, r.Error)
	assert.Equal(t, "countries and capitals retrieved", r.Msg)
	require.Len(t, r.Data, 6)
	assert.Equal(t, countries.Capital{Name: "Côte d'Ivoire", Capital: "Yamoussoukro", ISO2: "CI", ISO3: "CIV"}, r.Data[3])
	assert.Empty(t, r.Data[5].Capital, "an empty capital is data, not an error")
	var extra struct {
		Source string `json:"source"`
		Data   []struct {
			Seat string `json:"seat_of_government"`
		} `json:"data"`
	}
	require.NoError(t, r.Decode(&extra))
	assert.Equal(t, "replay-countries-2024-06", extra.Source, "fields the spec does not show stay reachable")
	assert.Equal(t, "La Paz", extra.Data[2].Seat)
	golden.JSON(t, "countries", "capitals", r)
}

func TestCities(t *testing.T) {
	r, err := fromReplay(t).Cities(context.Background(), "Nigeria")
	require.NoError(t, err)
	assert.Equal(t, "cities in Nigeria retrieved", r.Msg)
	require.Len(t, r.Data, 12)
	assert.Equal(t, "Port Harcourt", r.Data[11])
	assert.Contains(t, string(r.RawJSON()), `"count": 12`)
	golden.JSON(t, "countries", "cities", r)
}

func TestCitiesUnknownCountry(t *testing.T) {
	r, err := fromReplay(t).Cities(context.Background(), "Atlantis")
	assert.Nil(t, r, "an error envelope is never handed back as a result")
	var e *countries.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "country not found", e.Message)
	assert.Equal(t, 200, e.StatusCode)
	assert.ErrorIs(t, err, conduit.ErrAPI)
	assert.ErrorIs(t, err, conduit.ErrNotFound, "the service's msg says so, whatever the status")
	assert.Equal(t, "countries.Cities: POST /countries/cities: 200 OK: country not found", err.Error())
}

// error: true is an *Error carrying msg whatever the status; other failures
// keep their own shape.
func TestErrors(t *testing.T) {
	envelope := func(status int, body, msg string) testkit.Case {
		return testkit.Case{Reply: testkit.Reply{Status: status, Body: body}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: status, Message: msg},
			Then: func(t *testing.T, err error) { assert.Contains(t, err.Error(), msg) }}
	}
	named := func(name string, c testkit.Case) testkit.Case { c.Name = name; return c }
	notFound := envelope(404, `{"error":true,"msg":"country not found","data":[]}`, "country not found")
	notFound.Then = func(t *testing.T, err error) {
		assert.Contains(t, err.Error(), "country not found")
		assert.ErrorIs(t, err, conduit.ErrNotFound)
	}
	tooMany := envelope(429, `{"error":true,"msg":"too many requests"}`, "too many requests")
	tooMany.Want.Is = conduit.ErrRateLimited
	badRequest := envelope(400, `{"error":true,"msg":"country is required"}`, "country is required")
	badRequest.Reply.ContentType = "application/json; charset=utf-8"
	plain := envelope(500, `internal error`, "internal error")
	plain.Reply.ContentType = "text/plain"
	malformed := testkit.Shape{Is: conduit.ErrMalformedResponse}
	testkit.Errors(t, []testkit.Case{
		named("error flag at 200", envelope(200, `{"error":true,"msg":"country not found","data":[]}`, "country not found")),
		named("data changes type", envelope(200, `{"error":true,"msg":"missing param","data":""}`, "missing param")),
		named("flag without msg", envelope(200, `{"error":true}`, "error: true without a msg")),
		named("404 envelope", notFound),
		named("400 envelope", badRequest),
		named("429 envelope", tooMany),
		{Name: "502 html", Reply: testkit.Reply{Status: 502, ContentType: "text/html", Body: `<html><body>bad gateway</body></html>`}, Want: testkit.Shape{Is: conduit.ErrAPI, Status: 502}},
		named("500 text", plain),
		{Name: "null body", Reply: testkit.Reply{Body: `null`}, Want: malformed},
		{Name: "not json", Reply: testkit.Reply{ContentType: "text/html", Body: `<html>maintenance</html>`}, Want: malformed},
	}, nil, testkit.Op{Service: "countries", Op: "Cities", Endpoint: "POST /countries/cities", Call: func(t *testing.T, url string) error {
		_, err := testkit.Client(t, countries.New, conduit.WithBaseURL(url+"/api/v0.1/"), testkit.Fast).Cities(context.Background(), "Nigeria")
		return err
	}})
}

func TestNullDataIsNone(t *testing.T) {
	c, _ := serve(t, testkit.Reply{Body: `{"error":false,"msg":"no capitals","data":null}`})
	r, err := c.Capitals(context.Background())
	require.NoError(t, err)
	assert.Empty(t, r.Data)
	assert.Equal(t, "no capitals", r.Msg)
}

func TestRequestShape(t *testing.T) {
	c, srv := serve(t, testkit.Reply{Body: `{"error":false,"msg":"ok","data":[]}`})
	_, err := c.Capitals(context.Background())
	require.NoError(t, err)
	_, err = c.Cities(context.Background(), `Côte d'Ivoire "Ivory Coast"`)
	require.NoError(t, err)
	reqs := srv.Requests()
	require.Len(t, reqs, 2)

	get := reqs[0]
	testkit.OpenGET(t, get)
	assert.Equal(t, "/api/v0.1/countries/capital", get.URI, "the version segment of the base URL is kept, and no query added")

	post := reqs[1]
	assert.Equal(t, "POST", post.Method)
	assert.Equal(t, "/api/v0.1/countries/cities", post.Path)
	assert.Equal(t, "application/json", post.Header.Get("Content-Type"))
	assert.JSONEq(t, `{"country":"Côte d'Ivoire \"Ivory Coast\""}`, string(post.Body))
	for _, r := range reqs {
		assert.Equal(t, "application/json", r.Header.Get("Accept"))
		assert.Empty(t, r.Header.Get("Authorization"), "the interface takes no credentials")
		assert.Equal(t, "conduit-go/"+conduit.Version, r.Header.Get("User-Agent"))
	}
}

// Cities is a POST that changes nothing, so a 503 is retried like a read.
func TestCitiesIsRetried(t *testing.T) {
	c, srv := serve(t, testkit.Reply{Status: 503, ContentType: "text/plain", Body: "busy"},
		testkit.Reply{Body: `{"error":false,"msg":"cities in Chad retrieved","data":["N'Djamena"]}`})
	r, err := c.Cities(context.Background(), "Chad")
	require.NoError(t, err)
	assert.Equal(t, []string{"N'Djamena"}, r.Data)
	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	assert.Equal(t, reqs[0].Body, reqs[1].Body, "the retry sends the same body")
}

func TestBadInput(t *testing.T) {
	c, srv := serve(t, testkit.Reply{Body: `{}`})
	var inputs []testkit.Input
	for _, country := range []string{"", " ", "\t\n"} {
		inputs = append(inputs, testkit.Input{Field: "country", Call: func() error {
			_, err := c.Cities(context.Background(), country)
			if err != nil && err.Error() != "countries.Cities: invalid parameter country: is empty" {
				return fmt.Errorf("unexpected text: %w", err)
			}
			return err
		}})
	}
	testkit.BadInput(t, srv, testkit.Shape{Service: "countries", Op: "Cities"}, inputs)
}

// The base URL comes from the environment when no option gives it, and its
// absence stops both operations with a message naming the variable.
func TestBaseURLFromEnvironment(t *testing.T) {
	for path, call := range map[string]func(*countries.Client) error{
		"/countries/capital": func(c *countries.Client) error { _, err := c.Capitals(context.Background()); return err },
		"/countries/cities":  func(c *countries.Client) error { _, err := c.Cities(context.Background(), "Chad"); return err },
	} {
		testkit.DefaultBaseURL(t, "CONDUIT_COUNTRIES_URL", "https://countriesnow.space/api/v0.1"+path, countries.New, call)
	}

	srv := testkit.Start(t, testkit.Reply{Body: `{"error":false,"msg":"ok","data":[]}`})
	t.Setenv("CONDUIT_COUNTRIES_URL", srv.URL+"/api/v0.1")
	set, err := countries.New()
	require.NoError(t, err)
	_, err = set.Capitals(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "/api/v0.1/countries/capital", srv.Last(t).Path)
}

// Whatever the body, a returned envelope never carries error: true.
func FuzzEnvelope(f *testing.F) {
	for _, s := range []string{
		`{"error":false,"msg":"ok","data":["a"]}`, `{"error":true,"msg":"no"}`, `{"error":"true"}`,
		`{"error":1,"data":[]}`, `null`, `[]`, `{"data":{"x":1},"error":true}`, `{"error":false,"data":[1]}`,
	} {
		f.Add(s)
	}
	var mu sync.Mutex
	body := ""
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		io.WriteString(w, body)
	}))
	defer srv.Close()
	c, err := countries.New(conduit.WithBaseURL(srv.URL), conduit.WithMaxRetries(0))
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, in string) {
		mu.Lock()
		body = in
		mu.Unlock()
		r, err := c.Cities(context.Background(), "x")
		if err == nil && (r == nil || r.Error) {
			t.Fatalf("body %q came back as a result with error: true", in)
		}
		if err != nil && r != nil {
			t.Fatalf("body %q gave both a result and %v", in, err)
		}
		if err != nil && strings.Contains(in, `"error":true`) && !strings.Contains(err.Error(), "countries.Cities") {
			t.Fatalf("error for %q does not name the operation: %v", in, err)
		}
	})
}
