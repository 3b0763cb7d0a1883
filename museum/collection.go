package museum

import (
	"context"
	"strconv"
	"strings"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
)

var (
	departmentsOp = transport.Declare[Departments](service, transport.Op{Name: "Departments", Method: "GET", Path: "/departments"}, nil)
	objectsOp     = transport.Declare(service, transport.Op{Name: "Objects", Method: "GET", Path: "/objects"}, checkSearch)
)

// Departments is the result of Departments. RawJSON returns it as sent.
type Departments struct {
	raw         `json:"-"`
	Departments []Department `json:"departments"`
}

// Department is one curatorial department; its DepartmentID is what
// SearchParams.DepartmentID and ObjectsParams.DepartmentIDs take.
type Department struct {
	DepartmentID int    `json:"departmentId"`
	DisplayName  string `json:"displayName"`
}

// Departments lists the museum's departments, for the ids Search and
// Objects filter by.
func (c *Client) Departments(ctx context.Context, opts ...Option) (*Departments, error) {
	return departmentsOp.Do(ctx, c.t, transport.Call{}, opts)
}

// ObjectsParams are Objects' optional inputs.
type ObjectsParams struct {
	// MetadataDate keeps the objects whose record changed on or after that
	// day: the way to keep a copy of the collection up to date.
	MetadataDate *conduit.Date
	// DepartmentIDs keeps the objects of these departments; sent joined by
	// "|".
	DepartmentIDs []int
}

// Objects returns the id of every object in the collection (hundreds of
// thousands), or of those p selects. The service sends them in one answer;
// there are no pages. No match is Total 0 and an empty ObjectIDs.
func (c *Client) Objects(ctx context.Context, p *ObjectsParams, opts ...Option) (*SearchResponse, error) {
	var q []string
	if p != nil {
		if p.MetadataDate != nil {
			q = append(q, "metadataDate", p.MetadataDate.String())
		}
		ids := make([]string, len(p.DepartmentIDs))
		for i, id := range p.DepartmentIDs {
			if id < 1 {
				return nil, objectsOp.Invalid("departmentIds", "%d is not a department id", id)
			}
			ids[i] = strconv.Itoa(id)
		}
		if len(ids) > 0 {
			q = append(q, "departmentIds", strings.Join(ids, "|"))
		}
	}
	r, err := objectsOp.Do(ctx, c.t, transport.Call{Query: q}, opts)
	if err != nil {
		return nil, err
	}
	if r.ObjectIDs == nil {
		r.ObjectIDs = []int64{}
	}
	return r, nil
}
