// Package museum is a client for the museum collection interface: object
// records of a museum's collection. Search (with every filter the service
// documents) and Objects return object ids; each object is then fetched on
// its own with Object, or many at once with FetchObjects; Departments lists
// the departments both filter by. It is modelled on The Met Collection API.
//
// Base URL: the placeholder museum_url, which ends with the interface's v1
// segment, by default the museum's own
// https://collectionapi.metmuseum.org/public/collection/v1; set another
// with conduit.WithBaseURL or CONDUIT_MUSEUM_URL. Paste it with or without /v1: it is never doubled.
// No credentials; the spec publishes no rate limit (the museum documents 80
// requests a second, but its edge blocks bursts far sooner). FetchObjects
// keeps to the 80 a second by default, shared by every call of the
// process; its FetchParams take a slower Limiter for long runs.
//
//	c, err := museum.New()
//	if err != nil {
//		return err
//	}
//	found, err := c.Search(ctx, "sunflowers", &museum.SearchParams{HasImages: true})
//	if err != nil || len(found.ObjectIDs) == 0 {
//		return err
//	}
//	obj, err := c.Object(ctx, found.ObjectIDs[0])
//	fmt.Println(obj.Title, obj.PrimaryImageSmall)
//
// Empty strings are normal in object records (no culture, no period, no
// image); they are kept as "", not treated as errors. For anything this
// package does not type, use Do.
//
// # Failures
//
// The service's own failures are {"message": "…"} with no code. In front of
// it, an Imperva Incapsula shield blocks clients that send many requests in
// a burst (about 30), for a minute or so: it answers with an HTML page,
// usually under 403, sometimes under 200 as a bot challenge.
//
//	service sends                                   conduit reports
//	404 {"message":"ObjectID not found"}            ErrNotFound
//	404 {"message":"Not a valid object"} (an        ErrNotFound
//	  object that is not public)
//	either message, or none, in a 200 object         ErrAPI, and ErrNotFound for those two
//	  without an objectID
//	an Incapsula page, 403 or 200                   ErrRateLimited with RetryAfter 1m and the
//	                                                  page's incident ID as RequestID; not
//	                                                  retried within the call, since retrying
//	                                                  early prolongs the block
//	other 403                                       ErrAPI: there is no key to fix
//	5xx                                             ErrAPI, reads retried
//	200 {"total":0,"objectIDs":null} from Search    no error: no match, ObjectIDs empty
//	  or Objects
//	dateBegin without dateEnd, a medium or place   ErrInvalidParam before sending
//	  holding the separator "|"
//
// FetchObjects reports each object's failure in its own ObjectResult and
// goes on with the others.
//
// Every endpoint the service documents (objects, objects/[objectID],
// departments, search) is typed.
package museum

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

var service = transport.Register(&transport.Service{
	Name:  "museum",
	Bases: []transport.Base{{Name: "museum_url", Option: "conduit.WithBaseURL", Version: "v1", Default: "https://collectionapi.metmuseum.org/public/collection/v1"}},
	Errors: transport.Profile{
		Message: []string{"message"},
		Status:  map[int]transport.Meaning{403: transport.Failed},
		BlockPages: []transport.BlockPage{{
			Phrase:    "Incapsula",
			Meaning:   transport.Meaning{Kind: conduit.ErrRateLimited, Wait: time.Minute},
			RequestID: "incident ID:",
		}},
	},
})

var (
	objectOp = transport.Declare(service, transport.Op{Name: "Object", Method: "GET", Path: "/objects/{objectID}"}, checkObject)
	searchOp = transport.Declare(service, transport.Op{Name: "Search", Method: "GET", Path: "/search"}, checkSearch)
)

// Do calls any path of the service, for an endpoint this package does not
// type, with the same base URL, limits, retries and errors as the typed
// methods; see conduit's documentation of Do. Paths are relative to
// museum_url, after its /v1.
func (c *Client) Do(ctx context.Context, method, path string, in, out any, opts ...Option) error {
	return c.t.Do(ctx, method, path, in, out, opts)
}

// Object returns the record of one object; id counts from 1.
func (c *Client) Object(ctx context.Context, id int64, opts ...Option) (*Object, error) {
	if id < 1 {
		return nil, objectOp.Invalid("objectID", "%d is not a positive object id", id)
	}
	return objectOp.Do(ctx, c.t, transport.Call{Args: []string{strconv.FormatInt(id, 10)}}, opts)
}

// SearchParams are Search's optional inputs: the filters the service
// documents. A zero field sends nothing.
type SearchParams struct {
	// IsHighlight keeps the objects the museum designates as highlights.
	IsHighlight bool
	// Title, Tags and ArtistOrCulture match q against that part of the
	// record only: the title, the subject keyword tags, or the artist's
	// name or the culture.
	Title           bool
	Tags            bool
	ArtistOrCulture bool
	// DepartmentID keeps one department's objects (see Departments); 0 is
	// every department.
	DepartmentID int
	// IsOnView keeps the objects on view in the museum.
	IsOnView bool
	// Medium keeps objects of any of these media or object types
	// ("Quilts", "Silk"); sent joined by "|".
	Medium []string
	// HasImages skips objects without a photo (hasImages=true); the service
	// is known to return some objects without one all the same.
	HasImages bool
	// GeoLocation keeps objects associated with any of these places
	// ("France", "Paris"); sent joined by "|".
	GeoLocation []string
	// DateBegin and DateEnd keep objects dated within the years between
	// them, both included; a negative year is BCE. The service takes them
	// together only, so setting one without the other is refused.
	DateBegin, DateEnd *int
}

// query renders p's filters, in the order the service documents them.
func (p *SearchParams) query(op *transport.Op) ([]string, error) {
	if p == nil {
		return nil, nil
	}
	var q []string
	flag := func(on bool, name string) {
		if on {
			q = append(q, name, "true")
		}
	}
	flag(p.IsHighlight, "isHighlight")
	flag(p.Title, "title")
	flag(p.Tags, "tags")
	if p.DepartmentID < 0 {
		return nil, op.Invalid("departmentId", "%d is not a department id", p.DepartmentID)
	}
	if p.DepartmentID > 0 {
		q = append(q, "departmentId", strconv.Itoa(p.DepartmentID))
	}
	flag(p.IsOnView, "isOnView")
	flag(p.ArtistOrCulture, "artistOrCulture")
	for _, l := range []struct {
		name string
		list []string
	}{{"medium", p.Medium}, {"geoLocation", p.GeoLocation}} {
		for _, v := range l.list {
			if strings.TrimSpace(v) == "" || strings.Contains(v, "|") {
				return nil, op.Invalid(l.name, "%.40q is empty or holds the separator |", v)
			}
		}
	}
	if len(p.Medium) > 0 {
		q = append(q, "medium", strings.Join(p.Medium, "|"))
	}
	flag(p.HasImages, "hasImages")
	if len(p.GeoLocation) > 0 {
		q = append(q, "geoLocation", strings.Join(p.GeoLocation, "|"))
	}
	switch {
	case (p.DateBegin == nil) != (p.DateEnd == nil):
		return nil, op.Invalid("dateBegin", "dateBegin and dateEnd go together: set both or neither")
	case p.DateBegin != nil && *p.DateBegin > *p.DateEnd:
		return nil, op.Invalid("dateBegin", "%d is after dateEnd %d", *p.DateBegin, *p.DateEnd)
	case p.DateBegin != nil:
		q = append(q, "dateBegin", strconv.Itoa(*p.DateBegin), "dateEnd", strconv.Itoa(*p.DateEnd))
	}
	return q, nil
}

// Search returns the ids of the objects matching q. No match is a result
// with Total 0 and an empty ObjectIDs, not an error.
//
// The filters are sent before q: the live service is known to ignore
// filters that follow q in the query string, and the spec fixes no order.
func (c *Client) Search(ctx context.Context, q string, p *SearchParams, opts ...Option) (*SearchResponse, error) {
	if strings.TrimSpace(q) == "" {
		return nil, searchOp.Invalid("q", "the search text is empty")
	}
	query, err := p.query(searchOp.Op)
	if err != nil {
		return nil, err
	}
	query = append(query, "q", q)
	r, err := searchOp.Do(ctx, c.t, transport.Call{Query: query}, opts)
	if err != nil {
		return nil, err
	}
	if r.ObjectIDs == nil {
		r.ObjectIDs = []int64{}
	}
	return r, nil
}
