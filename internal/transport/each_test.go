package transport

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// listService answers every call with body, as JSON.
func listService(t *testing.T, member, body string) (*Client, *ListEndpoint[item]) {
	t.Helper()
	svc := testService(Auth{})
	op := DeclareList[item](svc, get("/list"), member)
	c := newClient(t, svc, conduit.WithBaseURL(newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, body)
	}).URL), conduit.WithMaxRetries(0))
	return c, op
}

func collect(seq func(func(item, error) bool)) ([]item, error) {
	var got []item
	for v, err := range seq {
		if err != nil {
			return got, err
		}
		got = append(got, v)
	}
	return got, nil
}

// A listing in an envelope yields its elements in order, each keeping its
// own bytes, and the members around it are read past.
func TestListYieldsEachElementWithItsOwnBytes(t *testing.T) {
	c, op := listService(t, "data", `{"meta": {"n": 2}, "data": [{"id": 1}, {"id": 2, "x": [true]}], "links": {}}`)
	got, err := collect(op.All(context.Background(), c, Call{}, nil))
	require.NoError(t, err)
	require.Len(t, got, 2)
	assert.Equal(t, int64(2), got[1].ID)
	assert.Equal(t, `{"id": 1}`, string(got[0].RawJSON()))
	assert.Equal(t, `{"id": 2, "x": [true]}`, string(got[1].RawJSON()))
	assert.Equal(t, cap(got[0].RawJSON()), len(got[0].RawJSON()), "an element's bytes are its own")
}

// A listing cut short, one that is not a listing, and an element that does
// not decode each end the iteration with an *Error saying which.
func TestListFailures(t *testing.T) {
	for _, tc := range []struct {
		member, body string
		want         error
		yielded      int
	}{
		{"", `[{"id": 1}, {"id": 2}`, io.ErrUnexpectedEOF, 2},
		{"data", `{"data": [{"id": 1}], "meta": {`, io.ErrUnexpectedEOF, 1},
		{"data", `{"data": "none"}`, conduit.ErrMalformedResponse, 0},
		{"", `[{"id": 1}, {"id": "two"}]`, conduit.ErrMalformedResponse, 1},
	} {
		c, op := listService(t, tc.member, tc.body)
		got, err := collect(op.All(context.Background(), c, Call{}, nil))
		var e *conduit.Error
		if !errors.As(err, &e) || !errors.Is(err, tc.want) || len(got) != tc.yielded {
			t.Errorf("%s: %d elements, %v; want %d and %v", tc.body, len(got), err, tc.yielded, tc.want)
			continue
		}
		// The failure is the answered call's: its attempts and URL.
		if e.Attempts != 1 || e.URL == "" || e.Op == "" {
			t.Errorf("%s: Attempts %d, URL %q, Op %q: want the call's", tc.body, e.Attempts, e.URL, e.Op)
		}
	}
}

// Breaking out of the loop stops the reading and yields nothing more.
func TestListStopsWhenTheCallerBreaks(t *testing.T) {
	c, op := listService(t, "", `[{"id": 1}, {"id": 2}, {"id": 3}]`)
	n := 0
	for _, err := range op.All(context.Background(), c, Call{}, nil) {
		require.NoError(t, err)
		n++
		break
	}
	assert.Equal(t, 1, n)
}

// A check of each element ends the listing with the core's error at the
// first element it refuses.
func TestListCheckedRefusesAnElement(t *testing.T) {
	c, op := listService(t, "", `[{"id": 1}, {"id": 0}, {"id": 3}]`)
	op.Checked(func(el *item) *Problem {
		if el.ID == 0 {
			return &Problem{Kind: conduit.ErrMalformedResponse, Message: "an element without an id"}
		}
		return nil
	})
	got, err := collect(op.All(context.Background(), c, Call{}, nil))
	var e *conduit.Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse)
	assert.Equal(t, "an element without an id", e.Message)
	assert.Equal(t, `{"id": 0}`, string(e.Body))
	assert.Len(t, got, 1)
}

// An answer of several listings yields the elements of each, decoded by
// member, and hands over the other members; an element that does not
// decode ends it with the call's ErrMalformedResponse.
func TestMembersYieldEachListingAndTheRest(t *testing.T) {
	svc := testService(Auth{})
	op := DeclareMembers(svc, get("/sync"), []string{"added", "removed"}, func(m int, b []byte) (item, error) {
		var it item
		err := conduit.Unmarshal(b, &it)
		it.ID += int64(100 * m)
		return it, err
	})
	serve := func(body string) *Client {
		return newClient(t, svc, conduit.WithBaseURL(newRecorder(t, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, body)
		}).URL), conduit.WithMaxRetries(0))
	}
	c := serve(`{"added": [{"id": 1}, {"id": 2}], "removed": [{"id": 3}], "next_cursor": "c2"}`)
	others := map[string]string{}
	got, err := collect(op.All(context.Background(), c, Call{}, nil, func(name string, v []byte) { others[name] = string(v) }))
	require.NoError(t, err)
	require.Len(t, got, 3)
	assert.Equal(t, []int64{1, 2, 103}, []int64{got[0].ID, got[1].ID, got[2].ID})
	assert.Equal(t, `{"id": 3}`, string(got[2].RawJSON()))
	assert.Equal(t, map[string]string{"next_cursor": `"c2"`}, others)

	got, err = collect(op.All(context.Background(), serve(`{"added": [{"id": 1}, {"id": "x"}]}`), Call{}, nil, nil))
	var e *conduit.Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, conduit.ErrMalformedResponse)
	assert.Contains(t, e.Message, "decoding an element of added")
	assert.Equal(t, 1, e.Attempts)
	assert.Len(t, got, 1)
}

// The response cap bounds each element, not the listing: a listing longer
// than the cap is read whole, an element longer than it fails.
func TestListCapBoundsEachElement(t *testing.T) {
	long := `[` + strings.Repeat(`{"id": 1, "pad": "`+strings.Repeat("x", 100)+`"},`, 100) + `{"id": 2}]`
	c, op := listService(t, "", long)
	got, err := collect(op.All(context.Background(), c, Call{}, []conduit.Option{conduit.WithMaxResponseBytes(4 << 10)}))
	require.NoError(t, err)
	assert.Len(t, got, 101)

	c, op = listService(t, "", `[{"id": 1}, {"id": 2, "pad": "`+strings.Repeat("x", 64<<10)+`"}]`)
	got, err = collect(op.All(context.Background(), c, Call{}, []conduit.Option{conduit.WithMaxResponseBytes(16 << 10)}))
	var e *conduit.Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, conduit.ErrResponseTooLarge)
	assert.Contains(t, e.Message, "16384-byte")
	assert.Len(t, got, 1)
}
