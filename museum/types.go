package museum

import "github.com/conduit-sdk/conduit/internal/transport"

// Object is one object record. String fields are often empty: an object
// may have no culture, period, dynasty or photograph. Fields the spec does
// not show (dates, medium, dimensions…) are reachable through RawJSON and
// Decode.
type Object struct {
	transport.Raw
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

// Failure reports a body without an objectID (an error message, {}) as an
// *Error: it names no object, so it cannot be the one asked for. A body
// that did not decode stays a malformed-response error.
func (o *Object) Failure() (code, message string, failed bool) {
	if o.ObjectID != 0 || len(o.RawJSON()) == 0 {
		return "", "", false
	}
	code, message = transport.ProviderError(o.RawJSON())
	if message == "" {
		message = "response has no objectID"
	}
	return code, message, true
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
	transport.Raw
	Total     int     `json:"total"`
	ObjectIDs []int64 `json:"objectIDs"`
}

// Failure reports a body that carries an error message instead of ids.
func (r *SearchResponse) Failure() (code, message string, failed bool) {
	if r.ObjectIDs != nil || r.Total != 0 {
		return "", "", false
	}
	code, message = transport.ProviderError(r.RawJSON())
	return code, message, code != "" || message != ""
}
