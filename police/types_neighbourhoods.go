package police

import "github.com/conduit-sdk/conduit"

// NeighbourhoodSummary names one neighbourhood of a force. RawJSON returns
// it as sent.
type NeighbourhoodSummary struct {
	raw  `json:"-"`
	ID   string `json:"id"` // force-specific, as in "NC04"
	Name string `json:"name"`
}

// Neighbourhood is one neighbourhood policing team's area. RawJSON returns
// it as sent.
type Neighbourhood struct {
	raw  `json:"-"`
	ID   string `json:"id"`
	Name string `json:"name"`
	// Description is HTML.
	Description    string             `json:"description"`
	URLForce       string             `json:"url_force"` // the team's page on the force's site
	ContactDetails ContactDetails     `json:"contact_details"`
	Links          []EngagementMethod `json:"links"`
	Centre         Coordinates        `json:"centre"`
	Locations      []Station          `json:"locations"`
	// Population is an estimate, sent as a numeric string ("0" when the
	// force gives none).
	Population conduit.Int `json:"population"`
}

// Station is a place of a neighbourhood team: a police station or office.
type Station struct {
	Name        string `json:"name"`
	Type        string `json:"type"` // "station"
	Address     string `json:"address"`
	Postcode    string `json:"postcode"`
	Description string `json:"description"`
	// Latitude and Longitude are empty when the service sends null.
	Latitude  string `json:"latitude"`
	Longitude string `json:"longitude"`
}

// Coordinates is a point as the service sends it: decimal degrees as
// strings, kept verbatim. Point parses them.
type Coordinates struct {
	Latitude  string `json:"latitude"`
	Longitude string `json:"longitude"`
}

// Point parses c, for a boundary handed back to StreetCrimesInArea.
func (c Coordinates) Point() (Point, error) {
	lat, err := coordinate("latitude", c.Latitude, 90)
	if err != nil {
		return Point{}, err
	}
	lng, err := coordinate("longitude", c.Longitude, 180)
	if err != nil {
		return Point{}, err
	}
	return Point{Lat: lat, Lng: lng}, nil
}

// Event is a public event of a neighbourhood team. RawJSON returns it as
// sent.
type Event struct {
	raw   `json:"-"`
	Title string `json:"title"`
	// Description is HTML; empty when the service sends null.
	Description    string         `json:"description"`
	Address        string         `json:"address"`
	Type           string         `json:"type"` // "meeting"
	ContactDetails ContactDetails `json:"contact_details"`
	// StartDate and EndDate are local times without a zone, as sent
	// ("2016-09-17T12:00:00").
	StartDate string `json:"start_date"`
	EndDate   string `json:"end_date"`
}

// Priority is an issue a neighbourhood team committed to tackle. RawJSON
// returns it as sent.
type Priority struct {
	raw `json:"-"`
	// Issue and Action are HTML; Action is empty until the team acts.
	Issue  string `json:"issue"`
	Action string `json:"action"`
	// IssueDate and ActionDate are local times without a zone, as sent.
	IssueDate  string `json:"issue-date"`
	ActionDate string `json:"action-date"`
}

// NeighbourhoodLocation names the team responsible for a point. RawJSON
// returns it as sent.
type NeighbourhoodLocation struct {
	raw           `json:"-"`
	Force         string `json:"force"`         // a Force.ID
	Neighbourhood string `json:"neighbourhood"` // a NeighbourhoodSummary.ID
}
