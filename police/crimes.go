package police

import (
	"context"
	"iter"

	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	// The same path as StreetCrimes, with the area as a polygon.
	crimesInAreaOp = transport.Declare[[]Crime](service, transport.Op{Name: "StreetCrimesInArea", Method: "GET", Path: "/crimes-street/{category}",
		Status: tooManyIn("crimes")}, nil)
	crimesAtLocationOp = transport.Declare[[]Crime](service, transport.Op{Name: "CrimesAtLocation", Method: "GET", Path: "/crimes-at-location"}, nil)
	crimesNearestOp    = transport.Declare[[]Crime](service, transport.Op{Name: "CrimesAtNearestLocation", Method: "GET", Path: "/crimes-at-location"}, nil)
	crimesNoLocationOp = transport.Declare[[]Crime](service, transport.Op{Name: "CrimesNoLocation", Method: "GET", Path: "/crimes-no-location"}, nil)
	outcomesForCrimeOp = transport.Declare[CrimeOutcomes](service, transport.Op{Name: "OutcomesForCrime", Method: "GET", Path: "/outcomes-for-crime/{persistent_id}"}, nil)
)

// StreetCrimesInArea lists the street-level crimes of one month within a
// custom area: a polygon of at least three corners, the last joined to the
// first. The service refuses an area of more than 10,000 crimes with a
// 503, reported as an ErrAPI telling to split it; a polygon too long to
// send is refused before any I/O.
func (c *Client) StreetCrimesInArea(ctx context.Context, area []Point, p *StreetCrimesParams, opts ...Option) ([]Crime, error) {
	q, err := poly(crimesInAreaOp.Op, area)
	if err != nil {
		return nil, err
	}
	return c.streetCrimes(ctx, crimesInAreaOp, q, p, opts)
}

// MonthParams are the optional inputs of the methods that take a month
// alone.
type MonthParams struct {
	// Month is YYYY-MM; empty asks for the latest month the service has.
	Month string
}

// query returns the date pair of p, checked for op.
func (p *MonthParams) query(op *transport.Op, q []string) ([]string, error) {
	if p == nil {
		return q, nil
	}
	return month(op, q, p.Month)
}

// CrimesAtLocation lists the crimes mapped to one location, a Street.ID
// from another answer, rather than those within a radius.
func (c *Client) CrimesAtLocation(ctx context.Context, locationID int64, p *MonthParams, opts ...Option) ([]Crime, error) {
	q, err := locationQuery(crimesAtLocationOp.Op, locationID)
	if err != nil {
		return nil, err
	}
	if q, err = p.query(crimesAtLocationOp.Op, q); err != nil {
		return nil, err
	}
	return list(ctx, c, crimesAtLocationOp, transport.Call{Query: q}, opts)
}

// CrimesAtNearestLocation lists the crimes mapped to the location the
// service finds nearest lat, lng: one street's crimes, where StreetCrimes
// gives a mile's.
func (c *Client) CrimesAtNearestLocation(ctx context.Context, lat, lng float64, p *MonthParams, opts ...Option) ([]Crime, error) {
	q, err := crimesNearestOp.LatLng(lat, lng)
	if err != nil {
		return nil, err
	}
	if q, err = p.query(crimesNearestOp.Op, q); err != nil {
		return nil, err
	}
	return list(ctx, c, crimesNearestOp, transport.Call{Query: q}, opts)
}

// CrimesNoLocation lists a force's crimes of one month that could not be
// mapped: their Location is zero and LocationType empty.
func (c *Client) CrimesNoLocation(ctx context.Context, force string, p *StreetCrimesParams, opts ...Option) ([]Crime, error) {
	op := crimesNoLocationOp.Op
	if err := slug(op, "force", force); err != nil {
		return nil, err
	}
	if err := slug(op, "category", p.category()); err != nil {
		return nil, err
	}
	q, err := month(op, []string{"category", p.category(), "force", force}, p.month())
	if err != nil {
		return nil, err
	}
	return list(ctx, c, crimesNoLocationOp, transport.Call{Query: q}, opts)
}

// OutcomesForCrime returns a crime's case history: the crime and every
// outcome recorded for it, oldest first. persistentID is a Crime's
// PersistentID (64 hex characters); the service holds no outcomes for
// Northern Ireland.
func (c *Client) OutcomesForCrime(ctx context.Context, persistentID string, opts ...Option) (*CrimeOutcomes, error) {
	if err := slug(outcomesForCrimeOp.Op, "persistent_id", persistentID); err != nil {
		return nil, err
	}
	return outcomesForCrimeOp.Do(ctx, c.t, transport.Call{Args: []string{persistentID}}, opts)
}

var (
	// The iterators' operations send exactly the requests of StreetCrimes
	// and StreetCrimesInArea; their answers are read element by element.
	eachCrimeOp       = transport.DeclareList[Crime](service, transport.Op{Name: "EachStreetCrime", Method: "GET", Path: "/crimes-street/{category}", Status: tooManyIn("crimes")}, "")
	eachCrimeInAreaOp = transport.DeclareList[Crime](service, transport.Op{Name: "EachStreetCrimeInArea", Method: "GET", Path: "/crimes-street/{category}", Status: tooManyIn("crimes")}, "")
)

// EachStreetCrime is StreetCrimes read as the answer arrives: it sends the
// same request and yields each crime as soon as its bytes are in, each
// crime's RawJSON its own bytes, so the memory it needs does not grow with
// the month's crimes (up to 10,000). A failure, of the inputs, the call or
// a body cut short, is the last pair; breaking out of the loop closes the
// answer.
func (c *Client) EachStreetCrime(ctx context.Context, lat, lng float64, p *StreetCrimesParams, opts ...Option) iter.Seq2[Crime, error] {
	q, err := eachCrimeOp.LatLng(lat, lng)
	if err != nil {
		return transport.Refuse[Crime](err)
	}
	return c.eachStreetCrime(ctx, eachCrimeOp, q, p, opts)
}

// EachStreetCrimeInArea is StreetCrimesInArea read as the answer arrives,
// as EachStreetCrime is StreetCrimes.
func (c *Client) EachStreetCrimeInArea(ctx context.Context, area []Point, p *StreetCrimesParams, opts ...Option) iter.Seq2[Crime, error] {
	q, err := poly(eachCrimeInAreaOp.Op, area)
	if err != nil {
		return transport.Refuse[Crime](err)
	}
	return c.eachStreetCrime(ctx, eachCrimeInAreaOp, q, p, opts)
}

// eachStreetCrime streams a crimes-street call of op with the area in q.
func (c *Client) eachStreetCrime(ctx context.Context, op *transport.ListEndpoint[Crime], q []string, p *StreetCrimesParams, opts []Option) iter.Seq2[Crime, error] {
	if err := slug(op.Op, "category", p.category()); err != nil {
		return transport.Refuse[Crime](err)
	}
	q, err := month(op.Op, q, p.month())
	if err != nil {
		return transport.Refuse[Crime](err)
	}
	return op.All(ctx, c.t, transport.Call{Args: []string{p.category()}, Query: q}, opts)
}
