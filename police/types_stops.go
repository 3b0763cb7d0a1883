package police

import (
	"fmt"
	"time"

	"github.com/conduit-sdk/conduit/internal/wire"
	"github.com/go-json-experiment/json/jsontext"
)

// StopSearch is one stop and search. Fields the force did not record are
// empty, or nil where the service's null differs from false. RawJSON
// returns it as sent.
type StopSearch struct {
	raw `json:"-"`
	// Type is "Person search", "Vehicle search" or "Person and Vehicle
	// search"; InvolvedPerson is true for all but the second.
	Type           string `json:"type"`
	InvolvedPerson bool   `json:"involved_person"`
	// Datetime is when it happened; forces that record only the day put
	// it at midnight.
	Datetime time.Time `json:"datetime"`
	// Location is nil for a search that could not be mapped.
	Location *Location `json:"location"`
	// Operation says whether it was part of a policing operation, named by
	// OperationName.
	Operation               *bool  `json:"operation"`
	OperationName           string `json:"operation_name"`
	Gender                  string `json:"gender"`
	AgeRange                string `json:"age_range"` // "18-24", "over 34"
	SelfDefinedEthnicity    string `json:"self_defined_ethnicity"`
	OfficerDefinedEthnicity string `json:"officer_defined_ethnicity"`
	Legislation             string `json:"legislation"`
	ObjectOfSearch          string `json:"object_of_search"`
	// Outcome is the outcome's wording; OutcomeObject carries its id.
	Outcome       StopOutcome    `json:"outcome"`
	OutcomeObject *OutcomeObject `json:"outcome_object"`
	// OutcomeLinkedToObjectOfSearch says whether the outcome relates to
	// what was searched for.
	OutcomeLinkedToObjectOfSearch  *bool `json:"outcome_linked_to_object_of_search"`
	RemovalOfMoreThanOuterClothing *bool `json:"removal_of_more_than_outer_clothing"`
}

// OutcomeObject is the outcome of a stop and search as an id and a name.
type OutcomeObject struct {
	ID   string `json:"id"` // "bu-no-further-action"
	Name string `json:"name"`
}

// StopOutcome is a stop and search's outcome wording. Older records send
// false where nothing was found; it reads as "", as null does.
type StopOutcome string

// UnmarshalJSON reads a string, or false or null as "".
func (o *StopOutcome) UnmarshalJSON(b []byte) error {
	switch v := jsontext.Value(wire.Trim(b)); {
	case v.Kind() == '"':
		s, err := wire.String(v)
		*o = StopOutcome(s)
		return err
	case string(v) == "null" || string(v) == "false":
		*o = ""
		return nil
	}
	return fmt.Errorf("police: outcome %.40s is neither text nor false", b)
}
