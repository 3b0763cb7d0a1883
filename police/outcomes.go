package police

import (
	"context"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// The three forms of outcomes-at-location: a point, a custom area, a
// location id. The service documents the 10,000 limit for them as for
// crimes.
var (
	outcomesOp = transport.Declare[[]StreetOutcome](service, transport.Op{Name: "StreetOutcomes", Method: "GET", Path: "/outcomes-at-location",
		Status: tooManyIn("outcomes")}, nil)
	outcomesInAreaOp = transport.Declare[[]StreetOutcome](service, transport.Op{Name: "StreetOutcomesInArea", Method: "GET", Path: "/outcomes-at-location",
		Status: tooManyIn("outcomes")}, nil)
	outcomesAtLocationOp = transport.Declare[[]StreetOutcome](service, transport.Op{Name: "StreetOutcomesAtLocation", Method: "GET", Path: "/outcomes-at-location"}, nil)
)

// StreetOutcomes lists the outcomes recorded in one month for crimes
// within a mile of lat, lng. Northern Ireland's force publishes none.
func (c *Client) StreetOutcomes(ctx context.Context, lat, lng float64, p *MonthParams, opts ...Option) ([]StreetOutcome, error) {
	q, err := outcomesOp.LatLng(lat, lng)
	if err != nil {
		return nil, err
	}
	return c.outcomes(ctx, outcomesOp, q, p, opts)
}

// StreetOutcomesInArea lists the outcomes recorded in one month within a
// custom area, as StreetCrimesInArea takes it; more than 10,000 is an
// ErrAPI telling to split the area.
func (c *Client) StreetOutcomesInArea(ctx context.Context, area []Point, p *MonthParams, opts ...Option) ([]StreetOutcome, error) {
	q, err := poly(outcomesInAreaOp.Op, area)
	if err != nil {
		return nil, err
	}
	return c.outcomes(ctx, outcomesInAreaOp, q, p, opts)
}

// StreetOutcomesAtLocation lists the outcomes recorded in one month at one
// location, a Street.ID from another answer.
func (c *Client) StreetOutcomesAtLocation(ctx context.Context, locationID int64, p *MonthParams, opts ...Option) ([]StreetOutcome, error) {
	q, err := locationQuery(outcomesAtLocationOp.Op, locationID)
	if err != nil {
		return nil, err
	}
	return c.outcomes(ctx, outcomesAtLocationOp, q, p, opts)
}

// outcomes sends an outcomes-at-location call of op with the place in q.
func (c *Client) outcomes(ctx context.Context, op *transport.Endpoint[[]StreetOutcome], q []string, p *MonthParams, opts []Option) ([]StreetOutcome, error) {
	q, err := p.query(op.Op, q)
	if err != nil {
		return nil, err
	}
	return list(ctx, c, op, transport.Call{Query: q}, opts)
}
