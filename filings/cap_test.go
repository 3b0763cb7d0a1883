package filings_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/filings"
)

// A submissions body over the cap is refused, and the client stops reading
// near the cap: the server, writing 20 MB in 32 KiB pieces until a write
// fails, gets only a little past the cap written before the client closes
// the connection. With a declared Content-Length over the cap the client
// reads nothing but a short drain; without one, just past the cap. What the
// server gets written also fills the kernel's socket buffers, so both ends
// get small fixed ones here (loopback autotuning would otherwise absorb
// megabytes) and the bound allows them: the cap plus 1 MiB, against the 20
// MB a client reading on would take.
func TestSubmissionsOverCapNotRead(t *testing.T) {
	body := largeSubmissions(largeBody)
	const limit, slack = 1 << 20, 1 << 20
	const sockBuf = 64 << 10
	for _, chunked := range []bool{false, true} {
		name := "content-length"
		if chunked {
			name = "chunked"
		}
		t.Run(name, func(t *testing.T) {
			written := make(chan int, 1)
			srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				if !chunked {
					w.Header().Set("Content-Length", strconv.Itoa(len(body)))
				}
				n := 0
				defer func() { written <- n }()
				for rest := body; len(rest) > 0; {
					k, err := w.Write(rest[:min(len(rest), 32<<10)])
					n += k
					if err != nil {
						return
					}
					if err := http.NewResponseController(w).Flush(); err != nil {
						return
					}
					rest = rest[k:]
				}
			}))
			srv.Config.ConnState = func(c net.Conn, s http.ConnState) {
				if s == http.StateNew {
					c.(*net.TCPConn).SetWriteBuffer(sockBuf)
				}
			}
			srv.Start()
			t.Cleanup(srv.Close)
			dialer := &net.Dialer{}
			hc := &http.Client{Transport: &http.Transport{
				DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
					c, err := dialer.DialContext(ctx, network, addr)
					if err == nil {
						err = c.(*net.TCPConn).SetReadBuffer(sockBuf)
					}
					return c, err
				},
			}}
			t.Cleanup(hc.CloseIdleConnections)
			c, err := filings.New(conduit.WithBaseURL(srv.URL), filings.WithContact(contact), conduit.WithHTTPClient(hc),
				conduit.WithMaxResponseBytes(limit), conduit.WithRateLimit(0, 0))
			require.NoError(t, err)

			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // a guard against a hang, not a timing assertion
			defer cancel()
			_, err = c.Submissions(ctx, 320193)
			require.Error(t, err)
			assert.ErrorIs(t, err, conduit.ErrResponseTooLarge)
			var e *filings.Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, "Submissions", e.Op)

			var n int
			select {
			case n = <-written:
			case <-ctx.Done():
				t.Fatal("the server's writes never failed: the client kept the connection open")
			}
			t.Logf("the server wrote %d of %d bytes (cap %d) before the client closed", n, len(body), limit)
			assert.Less(t, n, limit+slack, "the client read far past the cap")
		})
	}
}
