package police

import "github.com/conduit-sdk/conduit"

// ForceDetail is what a force publishes about itself. RawJSON returns it as
// sent.
type ForceDetail struct {
	raw  `json:"-"`
	ID   string `json:"id"`
	Name string `json:"name"`
	// Description is HTML, as the force wrote it; empty when it wrote none.
	Description       string             `json:"description"`
	URL               string             `json:"url"`
	Telephone         string             `json:"telephone"`
	EngagementMethods []EngagementMethod `json:"engagement_methods"`
}

// EngagementMethod is one way a force or neighbourhood team reaches the
// public: a social network, a newsletter, a web page.
type EngagementMethod struct {
	URL string `json:"url"`
	// Description may hold HTML.
	Description string `json:"description"`
	Title       string `json:"title"`
}

// Officer is a senior officer of a force or a member of a neighbourhood
// team. RawJSON returns it as sent.
type Officer struct {
	raw  `json:"-"`
	Name string `json:"name"`
	Rank string `json:"rank"`
	// Bio is HTML; empty when the service sends null.
	Bio            string         `json:"bio"`
	ContactDetails ContactDetails `json:"contact_details"`
}

// ContactDetails are the channels the service documents for officers,
// teams and events; each is empty when not published.
type ContactDetails struct {
	Email      string `json:"email"`
	Telephone  string `json:"telephone"`
	Mobile     string `json:"mobile"`
	Fax        string `json:"fax"`
	Web        string `json:"web"`
	Address    string `json:"address"`
	Facebook   string `json:"facebook"`
	Twitter    string `json:"twitter"`
	YouTube    string `json:"youtube"`
	MySpace    string `json:"myspace"`
	Bebo       string `json:"bebo"`
	Flickr     string `json:"flickr"`
	GooglePlus string `json:"google-plus"`
	Forum      string `json:"forum"`
	EMessaging string `json:"e-messaging"`
	Blog       string `json:"blog"`
	RSS        string `json:"rss"`
}

// CrimeCategory is one category of crime. RawJSON returns it as sent.
type CrimeCategory struct {
	raw `json:"-"`
	// URL is the category's slug, as StreetCrimesParams.Category takes it
	// ("all-crime", "burglary").
	URL  string `json:"url"`
	Name string `json:"name"`
}

// LastUpdated is when the crime data was last updated. RawJSON returns it
// as sent.
type LastUpdated struct {
	raw `json:"-"`
	// Date is the first day of the latest month held.
	Date conduit.Date `json:"date"`
}

// Availability is one month of street-level data. RawJSON returns it as
// sent.
type Availability struct {
	raw   `json:"-"`
	Month string `json:"date"` // YYYY-MM
	// StopAndSearch lists the IDs of the forces whose stop and searches
	// the month holds.
	StopAndSearch []string `json:"stop-and-search"`
}
