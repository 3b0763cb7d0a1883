package police

import (
	"context"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	stopsOp           = transport.Declare[[]StopSearch](service, transport.Op{Name: "StopSearches", Method: "GET", Path: "/stops-street"}, nil)
	stopsInAreaOp     = transport.Declare[[]StopSearch](service, transport.Op{Name: "StopSearchesInArea", Method: "GET", Path: "/stops-street"}, nil)
	stopsAtLocationOp = transport.Declare[[]StopSearch](service, transport.Op{Name: "StopSearchesAtLocation", Method: "GET", Path: "/stops-at-location"}, nil)
	stopsNoLocationOp = transport.Declare[[]StopSearch](service, transport.Op{Name: "StopSearchesNoLocation", Method: "GET", Path: "/stops-no-location"}, nil)
	stopsByForceOp    = transport.Declare[[]StopSearch](service, transport.Op{Name: "StopSearchesByForce", Method: "GET", Path: "/stops-force"}, nil)
)

// StopSearches lists the stop and searches of one month within a mile of
// lat, lng. Their locations are approximate, as crimes' are.
func (c *Client) StopSearches(ctx context.Context, lat, lng float64, p *MonthParams, opts ...Option) ([]StopSearch, error) {
	q, err := stopsOp.LatLng(lat, lng)
	if err != nil {
		return nil, err
	}
	return c.stops(ctx, stopsOp, q, p, opts)
}

// StopSearchesInArea lists the stop and searches of one month within a
// custom area, as StreetCrimesInArea takes it.
func (c *Client) StopSearchesInArea(ctx context.Context, area []Point, p *MonthParams, opts ...Option) ([]StopSearch, error) {
	q, err := poly(stopsInAreaOp.Op, area)
	if err != nil {
		return nil, err
	}
	return c.stops(ctx, stopsInAreaOp, q, p, opts)
}

// StopSearchesAtLocation lists the stop and searches of one month mapped
// to one location, a Street.ID from another answer.
func (c *Client) StopSearchesAtLocation(ctx context.Context, locationID int64, p *MonthParams, opts ...Option) ([]StopSearch, error) {
	q, err := locationQuery(stopsAtLocationOp.Op, locationID)
	if err != nil {
		return nil, err
	}
	return c.stops(ctx, stopsAtLocationOp, q, p, opts)
}

// StopSearchesNoLocation lists a force's stop and searches of one month
// that could not be mapped: their Location is nil.
func (c *Client) StopSearchesNoLocation(ctx context.Context, force string, p *MonthParams, opts ...Option) ([]StopSearch, error) {
	if err := slug(stopsNoLocationOp.Op, "force", force); err != nil {
		return nil, err
	}
	return c.stops(ctx, stopsNoLocationOp, []string{"force", force}, p, opts)
}

// StopSearchesByForce lists every stop and search a force reported for one
// month, mapped or not. Without a month the service answers for its latest
// even when the force sent nothing for it: Availability says which months
// a force's searches are in.
func (c *Client) StopSearchesByForce(ctx context.Context, force string, p *MonthParams, opts ...Option) ([]StopSearch, error) {
	if err := slug(stopsByForceOp.Op, "force", force); err != nil {
		return nil, err
	}
	return c.stops(ctx, stopsByForceOp, []string{"force", force}, p, opts)
}

// stops sends a stop and search call of op with the place in q.
func (c *Client) stops(ctx context.Context, op *transport.Endpoint[[]StopSearch], q []string, p *MonthParams, opts []Option) ([]StopSearch, error) {
	q, err := p.query(op.Op, q)
	if err != nil {
		return nil, err
	}
	return list(ctx, c, op, transport.Call{Query: q}, opts)
}
