package countries_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/countries"
	"github.com/conduit-sdk/conduit/internal/golden"
	"github.com/conduit-sdk/conduit/internal/replay"
)

// reply is one scripted answer.
type reply struct {
	status int
	ctype  string
	body   string
}

// script answers requests with its replies in turn (the last one repeats)
// and keeps every request it saw.
type script struct {
	mu      sync.Mutex
	replies []reply
	reqs    []*http.Request
	bodies  []string
}

func (s *script) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.reqs = append(s.reqs, r)
	s.bodies = append(s.bodies, string(b))
	rp := s.replies[min(len(s.reqs), len(s.replies))-1]
	s.mu.Unlock()
	w.Header().Set("Content-Type", rp.ctype)
	w.WriteHeader(rp.status)
	io.WriteString(w, rp.body)
}

func (s *script) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.reqs)
}

// serve starts s below /api/v0.1, where the live service keeps its version,
// and returns a client of it.
func serve(t *testing.T, s *script) *countries.Client {
	t.Helper()
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	c, err := countries.New(conduit.WithBaseURL(srv.URL+"/api/v0.1/"), conduit.WithRetryBackoff(time.Millisecond, 5*time.Millisecond))
	require.NoError(t, err)
	return c
}

func fromReplay(t *testing.T) *countries.Client {
	t.Helper()
	srv := replay.Start()
	t.Cleanup(srv.Close)
	c, err := countries.New(srv.Options("countries")...)
	require.NoError(t, err)
	return c
}

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
	assert.NotErrorIs(t, err, conduit.ErrNotFound)
	assert.Equal(t, "countries.Cities: POST /countries/cities: 200 OK: country not found", err.Error())
}

// error: true is an *Error carrying msg whatever the status; other failures
// keep their own shape.
func TestErrors(t *testing.T) {
	cases := []struct {
		name   string
		reply  reply
		status int
		msg    string
		is     []error
	}{
		{"error flag at 200", reply{200, "application/json", `{"error":true,"msg":"country not found","data":[]}`}, 200, "country not found", []error{conduit.ErrAPI}},
		{"data changes type", reply{200, "application/json", `{"error":true,"msg":"missing param","data":""}`}, 200, "missing param", []error{conduit.ErrAPI}},
		{"flag without msg", reply{200, "application/json", `{"error":true}`}, 200, "error: true without a msg", []error{conduit.ErrAPI}},
		{"404 envelope", reply{404, "application/json", `{"error":true,"msg":"country not found","data":[]}`}, 404, "country not found", []error{conduit.ErrAPI, conduit.ErrNotFound}},
		{"400 envelope", reply{400, "application/json; charset=utf-8", `{"error":true,"msg":"country is required"}`}, 400, "country is required", []error{conduit.ErrAPI}},
		{"429 envelope", reply{429, "application/json", `{"error":true,"msg":"too many requests"}`}, 429, "too many requests", []error{conduit.ErrRateLimited}},
		{"502 html", reply{502, "text/html", `<html><body>bad gateway</body></html>`}, 502, "", []error{conduit.ErrAPI}},
		{"500 text", reply{500, "text/plain", `internal error`}, 500, "internal error", []error{conduit.ErrAPI}},
		{"null body", reply{200, "application/json", `null`}, 0, "", []error{conduit.ErrMalformedResponse}},
		{"not json", reply{200, "text/html", `<html>maintenance</html>`}, 0, "", []error{conduit.ErrMalformedResponse}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := &script{replies: []reply{tc.reply}}
			_, err := serve(t, s).Cities(context.Background(), "Nigeria")
			var e *countries.Error
			require.ErrorAs(t, err, &e)
			for _, target := range tc.is {
				assert.ErrorIs(t, err, target)
			}
			assert.Equal(t, tc.status, e.StatusCode)
			if tc.msg != "" {
				assert.Equal(t, tc.msg, e.Message)
				assert.Contains(t, err.Error(), tc.msg)
			}
			assert.Equal(t, "Cities", e.Op)
		})
	}
}

func TestNullDataIsNone(t *testing.T) {
	s := &script{replies: []reply{{200, "application/json", `{"error":false,"msg":"no capitals","data":null}`}}}
	r, err := serve(t, s).Capitals(context.Background())
	require.NoError(t, err)
	assert.Empty(t, r.Data)
	assert.Equal(t, "no capitals", r.Msg)
}

func TestRequestShape(t *testing.T) {
	s := &script{replies: []reply{{200, "application/json", `{"error":false,"msg":"ok","data":[]}`}}}
	c := serve(t, s)
	_, err := c.Capitals(context.Background())
	require.NoError(t, err)
	_, err = c.Cities(context.Background(), `Côte d'Ivoire "Ivory Coast"`)
	require.NoError(t, err)
	require.Len(t, s.reqs, 2)

	get := s.reqs[0]
	assert.Equal(t, "GET", get.Method)
	assert.Equal(t, "/api/v0.1/countries/capital", get.URL.EscapedPath(), "the version segment of the base URL is kept")
	assert.Empty(t, get.URL.RawQuery)
	assert.Empty(t, s.bodies[0])
	assert.Empty(t, get.Header.Get("Content-Type"))

	post := s.reqs[1]
	assert.Equal(t, "POST", post.Method)
	assert.Equal(t, "/api/v0.1/countries/cities", post.URL.EscapedPath())
	assert.Equal(t, "application/json", post.Header.Get("Content-Type"))
	assert.JSONEq(t, `{"country":"Côte d'Ivoire \"Ivory Coast\""}`, s.bodies[1])
	for _, r := range s.reqs {
		assert.Equal(t, "application/json", r.Header.Get("Accept"))
		assert.Empty(t, r.Header.Get("Authorization"), "the interface takes no credentials")
		assert.Equal(t, "conduit-go/"+conduit.Version, r.Header.Get("User-Agent"))
	}
}

// Cities is a POST that changes nothing, so a 503 is retried like a read.
func TestCitiesIsRetried(t *testing.T) {
	s := &script{replies: []reply{
		{503, "text/plain", "busy"},
		{200, "application/json", `{"error":false,"msg":"cities in Chad retrieved","data":["N'Djamena"]}`},
	}}
	r, err := serve(t, s).Cities(context.Background(), "Chad")
	require.NoError(t, err)
	assert.Equal(t, []string{"N'Djamena"}, r.Data)
	assert.Equal(t, 2, s.count())
	assert.Equal(t, s.bodies[0], s.bodies[1], "the retry sends the same body")
}

func TestBadInput(t *testing.T) {
	s := &script{replies: []reply{{200, "application/json", `{}`}}}
	c := serve(t, s)
	for _, country := range []string{"", " ", "\t\n"} {
		_, err := c.Cities(context.Background(), country)
		var e *countries.Error
		require.ErrorAs(t, err, &e, "%q", country)
		assert.ErrorIs(t, err, conduit.ErrInvalidParam)
		assert.Equal(t, "country", e.Field)
		assert.Equal(t, "countries.Cities: invalid parameter country: is empty", err.Error())
	}
	assert.Zero(t, s.count(), "bad input must not reach the server")
}

// The base URL comes from the environment when no option gives it, and its
// absence stops both operations with a message naming the variable.
func TestBaseURLFromEnvironment(t *testing.T) {
	t.Setenv("CONDUIT_COUNTRIES_URL", "")
	unset, err := countries.New()
	require.NoError(t, err)
	for op, call := range map[string]func(*countries.Client) error{
		"Capitals": func(c *countries.Client) error { _, err := c.Capitals(context.Background()); return err },
		"Cities":   func(c *countries.Client) error { _, err := c.Cities(context.Background(), "Chad"); return err },
	} {
		err := call(unset)
		assert.ErrorIs(t, err, conduit.ErrMissingBaseURL, op)
		assert.ErrorContains(t, err, "countries."+op+": missing base URL countries_url")
		assert.ErrorContains(t, err, "CONDUIT_COUNTRIES_URL")
	}

	s := &script{replies: []reply{{200, "application/json", `{"error":false,"msg":"ok","data":[]}`}}}
	srv := httptest.NewServer(s)
	defer srv.Close()
	t.Setenv("CONDUIT_COUNTRIES_URL", srv.URL+"/api/v0.1")
	set, err := countries.New()
	require.NoError(t, err)
	_, err = set.Capitals(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "/api/v0.1/countries/capital", s.reqs[0].URL.Path)
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
