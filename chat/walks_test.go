package chat_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/chat"
	"github.com/conduit-sdk/conduit/internal/testkit"
)

// hostile answers the n-th request (from 1) with the ids ids(n) gives, as
// messages and members alike; after 20 requests it answers [], so a walk
// that does not stop ends anyway and the test fails instead of hanging.
func hostile(t *testing.T, ids func(n int) []int) *testkit.Server {
	var hits atomic.Int32
	return testkit.Serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := int(hits.Add(1))
		w.Header().Set("Content-Type", "application/json")
		if n > 20 {
			fmt.Fprint(w, "[]")
			return
		}
		fmt.Fprint(w, "[")
		for i, id := range ids(n) {
			if i > 0 {
				fmt.Fprint(w, ",")
			}
			fmt.Fprintf(w, `{"id":"%d","user":{"id":"%d"}}`, id, id)
		}
		fmt.Fprint(w, "]")
	}))
}

// TestCursorWalksRefuseAPageThatDoesNotMovePast runs every cursor walk of
// the package against servers that ignore the cursor: each must stop with
// ErrMalformedResponse at the second page, having yielded the first page
// alone.
func TestCursorWalksRefuseAPageThatDoesNotMovePast(t *testing.T) {
	walks := map[string]func(c *chat.Client) func(func(chat.Snowflake, error) bool){
		"AllChannelMessages": func(c *chat.Client) func(func(chat.Snowflake, error) bool) {
			return func(yield func(chat.Snowflake, error) bool) {
				for m, err := range c.AllChannelMessages(context.Background(), "1180000000000000101", &chat.ChannelMessagesParams{Limit: 2}) {
					if !yield(m.ID, err) {
						return
					}
				}
			}
		},
		"AllGuildMembers": func(c *chat.Client) func(func(chat.Snowflake, error) bool) {
			return func(yield func(chat.Snowflake, error) bool) {
				for m, err := range c.AllGuildMembers(context.Background(), "1180000000000000007", &chat.GuildMembersParams{Limit: 2}) {
					if !yield(m.User.ID, err) {
						return
					}
				}
			}
		},
	}
	// Each server's pages, by walk: the first page is in the walk's order.
	servers := map[string]map[string]func(n int) []int{
		"AllChannelMessages": {
			"ever newer ids":     func(n int) []int { return []int{100*n + 2, 100*n + 1} },
			"the same page":      func(int) []int { return []int{9, 8} },
			"a page turned back": func(n int) []int { return []int{9 - n, 20} },
		},
		"AllGuildMembers": {
			"ever lower ids": func(n int) []int { return []int{1000 - 10*n, 1001 - 10*n} },
			"the same page":  func(int) []int { return []int{8, 9} },
		},
	}
	first := map[string][]chat.Snowflake{
		"AllChannelMessages/ever newer ids":     {"102", "101"},
		"AllChannelMessages/the same page":      {"9", "8"},
		"AllChannelMessages/a page turned back": nil,
		"AllGuildMembers/ever lower ids":        {"990", "991"},
		"AllGuildMembers/the same page":         {"8", "9"},
	}
	for walk, run := range walks {
		for name, ids := range servers[walk] {
			t.Run(walk+"/"+name, func(t *testing.T) {
				srv := hostile(t, ids)
				var got []chat.Snowflake
				var last error
				for id, err := range run(botClient(t, srv)) {
					if err != nil {
						last = err
						continue
					}
					got = append(got, id)
				}
				require.ErrorIs(t, last, conduit.ErrMalformedResponse)
				var e *chat.Error
				require.ErrorAs(t, last, &e)
				assert.Equal(t, strings.TrimPrefix(walk, "All"), e.Op, "the operation that sent the page")
				assert.Equal(t, first[walk+"/"+name], got, "no item of the page that does not move past is yielded")
				assert.LessOrEqual(t, srv.Hits(), 2)
			})
		}
	}
}
