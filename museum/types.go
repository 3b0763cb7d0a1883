package museum

import (
	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/transport"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Object is one object record. String fields are often empty: an object
// may have no culture, period, dynasty or photograph. Fields the spec does
// not show (dates, medium, dimensions…) are reachable through RawJSON and
// Decode.
type Object struct {
	raw               `json:"-"`
	ObjectID          int64         `json:"objectID"`
	IsHighlight       bool          `json:"isHighlight"`
	AccessionNumber   string        `json:"accessionNumber"`
	AccessionYear     string        `json:"accessionYear"`
	IsPublicDomain    bool          `json:"isPublicDomain"`
	PrimaryImage      string        `json:"primaryImage"`
	PrimaryImageSmall string        `json:"primaryImageSmall"`
	AdditionalImages  []string      `json:"additionalImages"`
	Constituents      []Constituent `json:"constituents"` // nil when the service sends null
	Department        string        `json:"department"`
	ObjectName        string        `json:"objectName"`
	Title             string        `json:"title"`
	Culture           string        `json:"culture"`
	Period            string        `json:"period"`
	Dynasty           string        `json:"dynasty"`
}

// checkObject fails an answer that names no object (an error message,
// {}): it cannot be the one asked for. The service's two messages for an
// object it will not show mean not found, whatever the status. A body that
// has an objectID of the wrong type stays a malformed response.
func checkObject(o *Object) *transport.Problem {
	if o.ObjectID != 0 {
		return nil
	}
	raw := o.RawJSON()
	if id, ok := wire.Member(raw, "objectID"); wire.Kind(raw) != '{' || ok && wire.Kind(id) != 'n' {
		return nil
	}
	p := &transport.Problem{Message: message(raw)}
	switch p.Message {
	case "ObjectID not found", "Not a valid object":
		p.Kind = conduit.ErrNotFound
	case "":
		p.Message = "response has no objectID"
	}
	return p
}

// Constituent is a person or group credited on an object, in Role.
type Constituent struct {
	ConstituentID          int64  `json:"constituentID"`
	Role                   string `json:"role"`
	Name                   string `json:"name"`
	ConstituentULANURL     string `json:"constituentULAN_URL"`
	ConstituentWikidataURL string `json:"constituentWikidata_URL"`
	Gender                 string `json:"gender"`
}

// SearchResponse lists the ids of the matching objects. ObjectIDs is empty,
// never nil, when nothing matched (the service then sends null).
type SearchResponse struct {
	raw       `json:"-"`
	Total     int     `json:"total"`
	ObjectIDs []int64 `json:"objectIDs"`
}

// checkSearch fails an answer that carries a message instead of ids.
func checkSearch(r *SearchResponse) *transport.Problem {
	if r.ObjectIDs != nil || r.Total != 0 {
		return nil
	}
	if msg := message(r.RawJSON()); msg != "" {
		return &transport.Problem{Message: msg}
	}
	return nil
}

// message is the service's message member, "" when there is none or it
// is not a string.
func message(record []byte) string {
	v, _ := wire.Member(record, "message")
	s, _ := wire.String(v)
	return s
}
