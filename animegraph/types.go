package animegraph

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// Media is an anime or manga. Media fills the fields MediaDocument selects;
// MediaByID and SearchMedia fill the rest too. RawJSON returns the Media
// object as sent.
type Media struct {
	raw   `json:"-"`
	ID    int64 `json:"id"`
	Title Title `json:"title"`
	// Episodes is nil while the count is unknown (an airing or announced
	// show).
	Episodes *int `json:"episodes"`
	// AverageScore is the weighted mean user score out of 100; nil until
	// enough users have scored the show.
	AverageScore *int `json:"averageScore"`

	IDMal  *int64 `json:"idMal,omitempty"`  // MyAnimeList's id, when linked
	Type   string `json:"type,omitempty"`   // ANIME or MANGA
	Format string `json:"format,omitempty"` // TV, MOVIE, OVA, MANGA, NOVEL, …
	Status string `json:"status,omitempty"` // FINISHED, RELEASING, NOT_YET_RELEASED, …
	// Description is the synopsis, with the service's light markup.
	Description string     `json:"description,omitempty"`
	StartDate   *FuzzyDate `json:"startDate,omitempty"`
	EndDate     *FuzzyDate `json:"endDate,omitempty"`
	Season      string     `json:"season,omitempty"` // WINTER, SPRING, SUMMER, FALL
	SeasonYear  *int       `json:"seasonYear,omitempty"`
	Duration    *int       `json:"duration,omitempty"` // minutes an episode
	Chapters    *int       `json:"chapters,omitempty"`
	Volumes     *int       `json:"volumes,omitempty"`
	Genres      []string   `json:"genres,omitempty"`
	Popularity  *int       `json:"popularity,omitempty"` // users with it on a list
	CoverImage  *Image     `json:"coverImage,omitempty"`
	SiteURL     string     `json:"siteUrl,omitempty"`
}

// Title holds an anime's names.
type Title struct {
	Romaji string `json:"romaji"`
	// English is nil when the show has no official English title.
	English *string `json:"english"`
	// Native is the title in its own script; nil when not selected or
	// unknown.
	Native *string `json:"native,omitempty"`
}

// FuzzyDate is a date the service may know only in part: any member is nil
// when unknown (a year-only release, a birthday without the year).
type FuzzyDate struct {
	Year  *int `json:"year"`
	Month *int `json:"month"`
	Day   *int `json:"day"`
}

// Image is a picture in the sizes the service serves.
type Image struct {
	Large  string `json:"large,omitempty"`
	Medium string `json:"medium,omitempty"`
}

// request is the body of every call.
type request struct {
	Query     string         `json:"query"`
	Variables map[string]any `json:"variables,omitempty"`
}

// response is the GraphQL envelope; data stays raw until the caller's type
// decodes it.
type response struct {
	Data   json.RawMessage `json:"data"`
	Errors Errors          `json:"errors"`
}

// mediaResponse is Media's envelope, decoded in one pass.
type mediaResponse struct {
	Data struct {
		Media *Media `json:"Media"`
	} `json:"data"`
	Errors Errors `json:"errors"`
}

// problem reports GraphQL errors, whatever the status they came with.
func (l Errors) problem() *transport.Problem {
	if len(l) == 0 {
		return nil
	}
	return &transport.Problem{Code: l[0].Code(), Message: l.summary(), Detail: l}
}

// GraphQLError is one entry of a response's errors list. Members beyond
// the GraphQL specification's (the service's "status", say) stay reachable
// through RawJSON and Decode.
type GraphQLError struct {
	raw       `json:"-"`
	Message   string     `json:"message"`
	Locations []Location `json:"locations,omitempty"`
	// Path leads to the response field that failed: names and list indexes.
	Path       []any          `json:"path,omitempty"`
	Extensions map[string]any `json:"extensions,omitempty"`
}

// Location is a place in the query document, counted from 1.
type Location struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Code is the error's machine-readable kind: extensions.code when the
// server sets it, else the HTTP-like "status" member this service adds
// ("404"), else "".
func (e *GraphQLError) Code() string {
	if c, ok := e.Extensions["code"]; ok {
		return fmt.Sprint(c)
	}
	var v struct {
		Status json.RawMessage `json:"status"`
	}
	if e.Decode(&v) != nil {
		return ""
	}
	if string(v.Status) == "null" {
		return ""
	}
	return strings.Trim(string(v.Status), `"`)
}

// Errors is a response's whole errors list. It is the Detail of the *Error
// a failed call returns; GraphQLErrors (or errors.As) gets it back.
type Errors []GraphQLError

// Error summarises the list; each GraphQLError keeps its own details.
func (l Errors) Error() string { return "animegraph: " + l.summary() }

func (l Errors) summary() string {
	if len(l) == 0 {
		return "no GraphQL errors"
	}
	var b strings.Builder
	b.WriteString(l[0].Message)
	if len(l) > 1 {
		fmt.Fprintf(&b, " (and %d more GraphQL errors)", len(l)-1)
	}
	return b.String()
}

// GraphQLErrors returns every GraphQL error behind err, or nil when err did
// not come from a response's errors list.
func GraphQLErrors(err error) Errors {
	var l Errors
	if errors.As(err, &l) {
		return l
	}
	return nil
}
