package transport

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
)

// row is an item of a walked list: its place in the walk and its name.
type row struct {
	place string
	id    string
}

func rowPlace(r *row) string { return r.place }
func rowID(r *row) string    { return r.id }

// walkRows ranges over PagesBy on pages served by serve, which is handed
// the count and the token of each page, and returns the items yielded,
// the pages asked for and the last error.
func walkRows(t *testing.T, token string, order Order[row], serve func(n int, token string) ([]row, string)) ([]string, int, error) {
	t.Helper()
	c := newOpen(t, "http://127.0.0.1:9")
	e := Declare[[]row](c.svc, get("/list"), nil)
	var got []string
	var last error
	calls := 0
	for it, err := range PagesBy(bg, c, e.Op, token, order, func(tok string) ([]row, string, error) {
		calls++
		require.Less(t, calls, 50, "the walk does not end")
		items, next := serve(calls, tok)
		return items, next, nil
	}) {
		if err != nil {
			last = err
			continue
		}
		got = append(got, it.id)
	}
	return got, calls, last
}

// ids names n rows from first, each step apart, with the row's own place
// as its id.
func ids(first, step, n int) []row {
	var rs []row
	for i := range n {
		s := strconv.Itoa(first + i*step)
		rs = append(rs, row{place: s, id: s})
	}
	return rs
}

func TestPagesByRefusesAPageThatDoesNotMovePast(t *testing.T) {
	down := Order[row]{Key: rowPlace, Cmp: Decreasing, Cursor: true}
	up := Order[row]{Key: rowPlace, Cmp: Increasing, Cursor: true}
	byBlock := Order[row]{Key: rowPlace, Cmp: Decreasing, ID: rowID}
	byID := Order[row]{ID: rowID}
	cases := []struct {
		name  string
		order Order[row]
		token string
		serve func(n int, token string) ([]row, string)
		want  []string
	}{
		{"before, a server answering ever newer ids", down, "", func(n int, _ string) ([]row, string) {
			p := ids(100*n+2, -1, 2)
			return p, p[1].place
		}, []string{"102", "101"}},
		{"before, a server ignoring the cursor", down, "", func(int, string) ([]row, string) {
			p := ids(9, -1, 2)
			return p, p[1].place
		}, []string{"9", "8"}},
		{"before, a first page not before the start", down, "50", func(int, string) ([]row, string) {
			return ids(60, -1, 2), ""
		}, nil},
		{"before, a page turning back midway", down, "", func(n int, _ string) ([]row, string) {
			if n == 1 {
				return ids(9, -1, 2), "8"
			}
			return []row{{"7", "7"}, {"12", "12"}}, "12"
		}, []string{"9", "8"}},
		{"after, a server answering ever lower ids", up, "", func(n int, _ string) ([]row, string) {
			p := ids(1000-10*n, 1, 2)
			return p, p[1].place
		}, []string{"990", "991"}},
		{"after, a repeated last id", up, "", func(int, string) ([]row, string) {
			return ids(5, 0, 2), "5"
		}, nil},
		{"by block, the same page again", byBlock, "", func(int, string) ([]row, string) {
			return []row{{"800", "a"}, {"800", "b"}}, "b"
		}, []string{"a", "b"}},
		{"by block, a newer block after an older one", byBlock, "", func(n int, _ string) ([]row, string) {
			return []row{{strconv.Itoa(800 + n), "t" + strconv.Itoa(n)}}, "t" + strconv.Itoa(n)
		}, []string{"t1"}},
		{"by id, a page repeating one item", byID, "0", func(n int, _ string) ([]row, string) {
			if n == 1 {
				return []row{{"", "a"}, {"", "b"}}, "2"
			}
			return []row{{"", "c"}, {"", "a"}}, "4"
		}, []string{"a", "b"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, _, err := walkRows(t, tc.token, tc.order, tc.serve)
			require.ErrorIs(t, err, conduit.ErrMalformedResponse)
			assert.Equal(t, "X", asError(t, err).Op)
			assert.Equal(t, tc.want, got, "nothing of the page that fails the order is yielded")
		})
	}
}

func TestPagesByWalksAnOrderedList(t *testing.T) {
	got, calls, err := walkRows(t, "100", Order[row]{Key: rowPlace, Cmp: Decreasing, Cursor: true}, func(n int, tok string) ([]row, string) {
		before, _ := strconv.Atoi(tok)
		if before <= 95 {
			return ids(before-1, -1, 1), ""
		}
		p := ids(before-1, -1, 3)
		return p, p[2].place
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"99", "98", "97", "96", "95", "94", "93"}, got)
	assert.Equal(t, 3, calls)

	got, _, err = walkRows(t, "", Order[row]{Key: rowPlace, Cmp: Decreasing, ID: rowID}, func(n int, _ string) ([]row, string) {
		if n == 1 {
			return []row{{"", "m"}, {"801", "a"}, {"800", "b"}}, "b"
		}
		return []row{{"800", "c"}, {"799", "d"}}, ""
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"m", "a", "b", "c", "d"}, got, "a shared place holds distinct items")
}

func TestDecimalOrders(t *testing.T) {
	assert.Negative(t, Increasing("9", "10"))
	assert.Positive(t, Increasing("1180000000000000101", "999"))
	assert.Zero(t, Increasing("007", "7"))
	assert.Negative(t, Decreasing("10", "9"))
	assert.Negative(t, Decreasing("", "99999999999999999999"), "no place comes before every place of a decreasing walk")
}
