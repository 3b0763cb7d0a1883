package maps

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Geocode returns the places that match address, best first. A body whose
// status is neither OK nor ZERO_RESULTS (REQUEST_DENIED, OVER_QUERY_LIMIT,
// INVALID_REQUEST, …) is an *Error with that status as Code and the
// service's error_message as Message, even at HTTP 200. ZERO_RESULTS is an
// empty Results, not an error.
func (c *Client) Geocode(ctx context.Context, address string, opts ...Option) (*GeocodeResponse, error) {
	if strings.TrimSpace(address) == "" {
		return nil, geocodeOp.Invalid("address", "must not be empty")
	}
	return geocodeOp.Do(ctx, c.t, transport.Call{Query: []string{"address", address}}, opts)
}
