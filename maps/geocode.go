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
func (c *Client) Geocode(ctx context.Context, address string) (*GeocodeResponse, error) {
	const op = "Geocode"
	if strings.TrimSpace(address) == "" {
		return nil, c.t.InvalidParam(op, "address", "must not be empty")
	}
	var r GeocodeResponse
	req := &transport.Request{
		Op: op, Method: "GET", Base: geocodingURL, Path: "/maps/api/geocode/json",
		Query: []string{"address", address},
		Auth:  queryKey,
	}
	if err := c.t.Do(ctx, req, &r); err != nil {
		return nil, err
	}
	return &r, nil
}
