package observability

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// The spec names no field of the key check result or the dataset record;
// these types follow what such services send and decode tolerantly. Every
// record keeps its raw bytes, so anything else stays reachable with Decode.

// AuthInfo is the result of Auth: whom the key belongs to and what it may do.
type AuthInfo struct {
	raw          `json:"-"`
	ID           ID     `json:"id"`
	Type         string `json:"type"`
	APIKeyAccess Access `json:"api_key_access"`
	Environment  Named  `json:"environment"`
	Team         Named  `json:"team"`
}

// Access maps a permission ("events", "markers", "createDatasets") to
// whether the key has it. A member that is not a boolean counts as false and
// stays in the raw record.
type Access map[string]bool

// UnmarshalJSON accepts an object; null, {} and a missing member mean none.
func (a *Access) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := conduit.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("observability: api_key_access: %w", err)
	}
	*a = make(Access, len(m))
	for k, v := range m {
		(*a)[k] = string(v) == "true"
	}
	return nil
}

// Named is a team or an environment.
type Named struct {
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// UnmarshalJSON accepts {"name","slug"}, a bare string (taken as the name),
// or null.
func (n *Named) UnmarshalJSON(b []byte) error {
	if wire.Kind(b) == '"' {
		name, err := wire.String(b)
		if err != nil {
			return fmt.Errorf("observability: name: %w", err)
		}
		*n = Named{Name: name}
		return nil
	}
	var o struct {
		Name string `json:"name"`
		Slug string `json:"slug"`
	}
	if err := conduit.Unmarshal(b, &o); err != nil {
		return fmt.Errorf("observability: want an object with name and slug: %w", err)
	}
	*n = Named(o)
	return nil
}

// ID is an identifier sent as a JSON string or number, kept as text.
type ID string

// UnmarshalJSON accepts a string, a number, or null (the empty ID).
func (id *ID) UnmarshalJSON(b []byte) error { return (*conduit.Text)(id).UnmarshalJSON(b) }

// Dataset is one entry of ListDatasets.
type Dataset struct {
	raw         `json:"-"`
	Name        string    `json:"name"`
	Slug        string    `json:"slug"`
	Description string    `json:"description"`
	CreatedAt   time.Time `json:"created_at"`
	// LastWrittenAt is nil for a dataset that never received an event.
	LastWrittenAt *time.Time `json:"last_written_at"`
	// ExpandJSONDepth is how deep nested JSON fields are unpacked.
	ExpandJSONDepth int `json:"expand_json_depth"`
	// RegularColumnsCount is how many distinct fields the dataset's events
	// carried; 0 for one without any yet (the service sends null).
	RegularColumnsCount int             `json:"regular_columns_count"`
	Settings            DatasetSettings `json:"settings"`
}

// DatasetSettings are a dataset's switches.
type DatasetSettings struct {
	// DeleteProtected is true while the dataset cannot be deleted.
	DeleteProtected bool `json:"delete_protected"`
}
