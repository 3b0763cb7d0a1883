package police

import (
	"context"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	forceOp          = transport.Declare[ForceDetail](service, transport.Op{Name: "Force", Method: "GET", Path: "/forces/{force}"}, nil)
	seniorOfficersOp = transport.Declare[[]Officer](service, transport.Op{Name: "SeniorOfficers", Method: "GET", Path: "/forces/{force}/people"}, nil)
	categoriesOp     = transport.Declare[[]CrimeCategory](service, transport.Op{Name: "CrimeCategories", Method: "GET", Path: "/crime-categories"}, nil)
	lastUpdatedOp    = transport.Declare[LastUpdated](service, transport.Op{Name: "LastUpdated", Method: "GET", Path: "/crime-last-updated"}, nil)
	availabilityOp   = transport.Declare[[]Availability](service, transport.Op{Name: "Availability", Method: "GET", Path: "/crimes-street-dates"}, nil)
)

// Force returns one force's description, web site, telephone number and
// the ways it engages with the public. force is a Force.ID; an unknown one
// is ErrNotFound.
func (c *Client) Force(ctx context.Context, force string, opts ...Option) (*ForceDetail, error) {
	if err := slug(forceOp.Op, "force", force); err != nil {
		return nil, err
	}
	return forceOp.Do(ctx, c.t, transport.Call{Args: []string{force}}, opts)
}

// SeniorOfficers lists a force's senior officers, with the biographies and
// contact details the force publishes (often none).
func (c *Client) SeniorOfficers(ctx context.Context, force string, opts ...Option) ([]Officer, error) {
	if err := slug(seniorOfficersOp.Op, "force", force); err != nil {
		return nil, err
	}
	return list(ctx, c, seniorOfficersOp, transport.Call{Args: []string{force}}, opts)
}

// CrimeCategoriesParams are CrimeCategories' optional inputs.
type CrimeCategoriesParams struct {
	// Month is YYYY-MM: categories change over the years, and the service
	// answers with those of that month; empty means the latest.
	Month string
}

// CrimeCategories lists the crime categories of a month: the slugs
// StreetCrimesParams.Category takes, with their names.
func (c *Client) CrimeCategories(ctx context.Context, p *CrimeCategoriesParams, opts ...Option) ([]CrimeCategory, error) {
	var m string
	if p != nil {
		m = p.Month
	}
	q, err := month(categoriesOp.Op, nil, m)
	if err != nil {
		return nil, err
	}
	return list(ctx, c, categoriesOp, transport.Call{Query: q}, opts)
}

// LastUpdated returns when the crime data was last updated: its month is
// the latest one a query without a month gets.
func (c *Client) LastUpdated(ctx context.Context, opts ...Option) (*LastUpdated, error) {
	return lastUpdatedOp.Do(ctx, c.t, transport.Call{}, opts)
}

// Availability lists the months the street-level data covers, newest
// first, each with the forces whose stop and searches it holds: the months
// worth asking for.
func (c *Client) Availability(ctx context.Context, opts ...Option) ([]Availability, error) {
	return list(ctx, c, availabilityOp, transport.Call{}, opts)
}
