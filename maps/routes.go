package maps

import (
	"context"
	"strings"
)

// TravelMode is how the route is travelled.
type TravelMode string

// Common travel modes; the spec uses Drive, the default.
const (
	Drive      TravelMode = "DRIVE"
	Bicycle    TravelMode = "BICYCLE"
	Walk       TravelMode = "WALK"
	TwoWheeler TravelMode = "TWO_WHEELER"
	Transit    TravelMode = "TRANSIT"
)

// ComputeRoutesParams are ComputeRoutes' optional inputs.
type ComputeRoutesParams struct {
	// TravelMode defaults to Drive. Other upper-case mode names the service
	// knows are passed through.
	TravelMode TravelMode
	// FieldMask names the fields to return; nil means RoutesFieldMask.
	FieldMask FieldMask
}

type waypoint struct {
	Address string `json:"address"`
}

type routesBody struct {
	Origin      waypoint   `json:"origin"`
	Destination waypoint   `json:"destination"`
	TravelMode  TravelMode `json:"travelMode"`
}

// ComputeRoutes computes routes from origin to destination, both given as
// addresses. Only the fields named by the mask come back. It only reads, so
// it is retried like a GET.
func (c *Client) ComputeRoutes(ctx context.Context, origin, destination string, p *ComputeRoutesParams, opts ...Option) (*ComputeRoutesResponse, error) {
	if p == nil {
		p = &ComputeRoutesParams{}
	}
	if strings.TrimSpace(origin) == "" {
		return nil, computeRoutesOp.Invalid("origin", "must not be empty")
	}
	if strings.TrimSpace(destination) == "" {
		return nil, computeRoutesOp.Invalid("destination", "must not be empty")
	}
	mode := p.TravelMode
	if mode == "" {
		mode = Drive
	}
	if !isModeName(string(mode)) {
		return nil, computeRoutesOp.Invalid("travelMode", "%q is not an upper-case mode name such as DRIVE", mode)
	}
	body := routesBody{Origin: waypoint{origin}, Destination: waypoint{destination}, TravelMode: mode}
	call, err := maskedCall(computeRoutesOp.Op, p.FieldMask, RoutesFieldMask, body)
	if err != nil {
		return nil, err
	}
	return computeRoutesOp.Do(ctx, c.t, call, opts)
}

func isModeName(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return (r < 'A' || r > 'Z') && r != '_' })
}
