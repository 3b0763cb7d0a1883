package police

import (
	"context"
	"strconv"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// The neighbourhood paths start with the force's slug, beside the
// service's literal paths (/forces, /crime-categories).
var (
	neighbourhoodsOp = transport.Declare[[]NeighbourhoodSummary](service, transport.Op{Name: "Neighbourhoods", Method: "GET", Path: "/{force}/neighbourhoods"}, nil)
	neighbourhoodOp  = transport.Declare[Neighbourhood](service, transport.Op{Name: "Neighbourhood", Method: "GET", Path: "/{force}/{neighbourhood}"}, nil)
	boundaryOp       = transport.Declare[[]Coordinates](service, transport.Op{Name: "NeighbourhoodBoundary", Method: "GET", Path: "/{force}/{neighbourhood}/boundary"}, nil)
	teamOp           = transport.Declare[[]Officer](service, transport.Op{Name: "NeighbourhoodTeam", Method: "GET", Path: "/{force}/{neighbourhood}/people"}, nil)
	eventsOp         = transport.Declare[[]Event](service, transport.Op{Name: "NeighbourhoodEvents", Method: "GET", Path: "/{force}/{neighbourhood}/events"}, nil)
	prioritiesOp     = transport.Declare[[]Priority](service, transport.Op{Name: "NeighbourhoodPriorities", Method: "GET", Path: "/{force}/{neighbourhood}/priorities"}, nil)
	locateOp         = transport.Declare[NeighbourhoodLocation](service, transport.Op{Name: "LocateNeighbourhood", Method: "GET", Path: "/locate-neighbourhood"}, nil)
)

// Neighbourhoods lists a force's neighbourhood policing teams. force is a
// Force.ID.
func (c *Client) Neighbourhoods(ctx context.Context, force string, opts ...Option) ([]NeighbourhoodSummary, error) {
	if err := slug(neighbourhoodsOp.Op, "force", force); err != nil {
		return nil, err
	}
	return list(ctx, c, neighbourhoodsOp, transport.Call{Args: []string{force}}, opts)
}

// hood checks the force and neighbourhood every neighbourhood method takes
// and returns them as the call's path arguments.
func hood(op *transport.Op, force, neighbourhood string) (transport.Call, error) {
	if err := slug(op, "force", force); err != nil {
		return transport.Call{}, err
	}
	if err := slug(op, "neighbourhood", neighbourhood); err != nil {
		return transport.Call{}, err
	}
	return transport.Call{Args: []string{force, neighbourhood}}, nil
}

// Neighbourhood returns one neighbourhood: its team's contact details,
// description, centre, stations and links. neighbourhood is a
// NeighbourhoodSummary.ID within force.
func (c *Client) Neighbourhood(ctx context.Context, force, neighbourhood string, opts ...Option) (*Neighbourhood, error) {
	call, err := hood(neighbourhoodOp.Op, force, neighbourhood)
	if err != nil {
		return nil, err
	}
	return neighbourhoodOp.Do(ctx, c.t, call, opts)
}

// NeighbourhoodBoundary returns a neighbourhood's boundary as its corners,
// in order: the polygon to give StreetCrimesInArea for its crimes.
func (c *Client) NeighbourhoodBoundary(ctx context.Context, force, neighbourhood string, opts ...Option) ([]Coordinates, error) {
	call, err := hood(boundaryOp.Op, force, neighbourhood)
	if err != nil {
		return nil, err
	}
	return list(ctx, c, boundaryOp, call, opts)
}

// NeighbourhoodTeam lists the officers of a neighbourhood's team.
func (c *Client) NeighbourhoodTeam(ctx context.Context, force, neighbourhood string, opts ...Option) ([]Officer, error) {
	call, err := hood(teamOp.Op, force, neighbourhood)
	if err != nil {
		return nil, err
	}
	return list(ctx, c, teamOp, call, opts)
}

// NeighbourhoodEvents lists the public meetings and surgeries a
// neighbourhood's team holds.
func (c *Client) NeighbourhoodEvents(ctx context.Context, force, neighbourhood string, opts ...Option) ([]Event, error) {
	call, err := hood(eventsOp.Op, force, neighbourhood)
	if err != nil {
		return nil, err
	}
	return list(ctx, c, eventsOp, call, opts)
}

// NeighbourhoodPriorities lists the issues a neighbourhood's team has
// committed to tackle, and what it did about them.
func (c *Client) NeighbourhoodPriorities(ctx context.Context, force, neighbourhood string, opts ...Option) ([]Priority, error) {
	call, err := hood(prioritiesOp.Op, force, neighbourhood)
	if err != nil {
		return nil, err
	}
	return list(ctx, c, prioritiesOp, call, opts)
}

// LocateNeighbourhood finds the force and neighbourhood team responsible
// for lat, lng; a point outside every force is ErrNotFound.
func (c *Client) LocateNeighbourhood(ctx context.Context, lat, lng float64, opts ...Option) (*NeighbourhoodLocation, error) {
	if _, err := locateOp.LatLng(lat, lng); err != nil {
		return nil, err
	}
	q := strconv.FormatFloat(lat, 'f', -1, 64) + "," + strconv.FormatFloat(lng, 'f', -1, 64)
	return locateOp.Do(ctx, c.t, transport.Call{Query: []string{"q", q}}, opts)
}
