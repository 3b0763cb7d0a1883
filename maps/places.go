package maps

import (
	"context"
	"iter"
	"slices"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// SearchTextParams are SearchText's optional inputs.
type SearchTextParams struct {
	// FieldMask names the fields to return; nil means PlacesFieldMask.
	// The service sends nextPageToken only when the mask names it.
	FieldMask FieldMask
	// PageSize is how many places a page holds, 1 to 20; 0 lets the
	// service choose (20).
	PageSize int
	// PageToken asks for the page a previous answer's NextPageToken
	// names; every other input must be the same as that call's.
	PageToken string
	// LanguageCode and RegionCode set the language of the answer and the
	// region addresses are formatted for ("en", "US").
	LanguageCode string
	RegionCode   string
}

type searchTextBody struct {
	TextQuery    string `json:"textQuery"`
	PageSize     int    `json:"pageSize,omitempty"`
	PageToken    string `json:"pageToken,omitempty"`
	LanguageCode string `json:"languageCode,omitempty"`
	RegionCode   string `json:"regionCode,omitempty"`
}

// SearchText finds places matching a free-text query ("pizza in New York").
// Only the fields named by the mask come back. It only reads, so it is
// retried like a GET. The service returns at most 60 places over at most
// three pages; AllSearchText walks them.
func (c *Client) SearchText(ctx context.Context, textQuery string, p *SearchTextParams, opts ...Option) (*SearchTextResponse, error) {
	if p == nil {
		p = &SearchTextParams{}
	}
	if strings.TrimSpace(textQuery) == "" {
		return nil, searchTextOp.Invalid("textQuery", "must not be empty")
	}
	if p.PageSize < 0 || p.PageSize > 20 {
		return nil, searchTextOp.Invalid("pageSize", "%d is not between 1 and 20 (0: the service's default)", p.PageSize)
	}
	body := searchTextBody{TextQuery: textQuery, PageSize: p.PageSize, PageToken: p.PageToken, LanguageCode: p.LanguageCode, RegionCode: p.RegionCode}
	call, err := maskedCall(searchTextOp.Op, p.FieldMask, PlacesFieldMask, body)
	if err != nil {
		return nil, err
	}
	return searchTextOp.Do(ctx, c.t, call, opts)
}

// AllSearchText yields every place SearchText finds, page after page,
// starting at p.PageToken. It adds nextPageToken to the mask, without
// which the service would end the list after one page. It stops with the
// error of a page that fails, and with ctx's error once ctx ends.
func (c *Client) AllSearchText(ctx context.Context, textQuery string, p *SearchTextParams, opts ...Option) iter.Seq2[Place, error] {
	q := SearchTextParams{}
	if p != nil {
		q = *p
	}
	if q.FieldMask == nil {
		q.FieldMask = PlacesFieldMask()
	}
	if !slices.Contains(q.FieldMask, "nextPageToken") {
		q.FieldMask = append(slices.Clip(q.FieldMask), "nextPageToken")
	}
	return transport.Pages(ctx, c.t, searchTextOp.Op, q.PageToken, func(token string) ([]Place, string, error) {
		page := q
		page.PageToken = token
		r, err := c.SearchText(ctx, textQuery, &page, opts...)
		if err != nil {
			return nil, "", err
		}
		return r.Places, r.NextPageToken, nil
	})
}

// Circle is an area: a center and a radius in meters.
type Circle struct {
	Center Location `json:"center"`
	Radius float64  `json:"radius"`
}

// check refuses a circle the service would: a center off the globe, or a
// radius outside [0, 50000] meters.
func (a Circle) check(op *transport.Op, field string) error {
	if err := a.Center.check(op, field); err != nil {
		return err
	}
	if !(a.Radius >= 0 && a.Radius <= 50000) {
		return op.Invalid(field, "radius %v is not within [0, 50000] meters", a.Radius)
	}
	return nil
}

type area struct {
	Circle Circle `json:"circle"`
}

// RankPreference orders the places SearchNearby returns.
type RankPreference string

// The orders the service documents; the default is ByPopularity.
const (
	ByPopularity RankPreference = "POPULARITY"
	ByDistance   RankPreference = "DISTANCE"
)

// SearchNearbyParams are SearchNearby's optional inputs. Types are place
// types of the service's Table A ("restaurant", "cafe").
type SearchNearbyParams struct {
	// FieldMask names the fields to return; nil means PlacesFieldMask.
	FieldMask FieldMask
	// IncludedTypes and ExcludedTypes keep and drop places of these types;
	// the Primary ones look only at a place's primary type.
	IncludedTypes        []string
	ExcludedTypes        []string
	IncludedPrimaryTypes []string
	ExcludedPrimaryTypes []string
	// MaxResultCount is 1 to 20; 0 lets the service choose (20).
	MaxResultCount int
	// RankPreference orders the places; "" is the service's POPULARITY.
	RankPreference RankPreference
	// LanguageCode and RegionCode set the language of the answer and the
	// region addresses are formatted for ("en", "US").
	LanguageCode string
	RegionCode   string
}

type nearbyBody struct {
	LocationRestriction  area           `json:"locationRestriction"`
	IncludedTypes        []string       `json:"includedTypes,omitempty"`
	ExcludedTypes        []string       `json:"excludedTypes,omitempty"`
	IncludedPrimaryTypes []string       `json:"includedPrimaryTypes,omitempty"`
	ExcludedPrimaryTypes []string       `json:"excludedPrimaryTypes,omitempty"`
	MaxResultCount       int            `json:"maxResultCount,omitempty"`
	RankPreference       RankPreference `json:"rankPreference,omitempty"`
	LanguageCode         string         `json:"languageCode,omitempty"`
	RegionCode           string         `json:"regionCode,omitempty"`
}

// SearchNearby finds places inside a circle (locationRestriction), such
// as the restaurants within 500 m of a point. The service does not page
// it: one answer holds up to 20 places. It only reads, so it is retried
// like a GET.
func (c *Client) SearchNearby(ctx context.Context, within Circle, p *SearchNearbyParams, opts ...Option) (*SearchNearbyResponse, error) {
	if p == nil {
		p = &SearchNearbyParams{}
	}
	if err := within.check(searchNearbyOp.Op, "locationRestriction"); err != nil {
		return nil, err
	}
	if p.MaxResultCount < 0 || p.MaxResultCount > 20 {
		return nil, searchNearbyOp.Invalid("maxResultCount", "%d is not between 1 and 20 (0: the service's default)", p.MaxResultCount)
	}
	switch p.RankPreference {
	case "", ByPopularity, ByDistance:
	default:
		return nil, searchNearbyOp.Invalid("rankPreference", "%q is not POPULARITY or DISTANCE", p.RankPreference)
	}
	body := nearbyBody{LocationRestriction: area{within}, IncludedTypes: p.IncludedTypes, ExcludedTypes: p.ExcludedTypes,
		IncludedPrimaryTypes: p.IncludedPrimaryTypes, ExcludedPrimaryTypes: p.ExcludedPrimaryTypes,
		MaxResultCount: p.MaxResultCount, RankPreference: p.RankPreference, LanguageCode: p.LanguageCode, RegionCode: p.RegionCode}
	call, err := maskedCall(searchNearbyOp.Op, p.FieldMask, PlacesFieldMask, body)
	if err != nil {
		return nil, err
	}
	return searchNearbyOp.Do(ctx, c.t, call, opts)
}

// PlaceDetailsParams are PlaceDetails' optional inputs.
type PlaceDetailsParams struct {
	// FieldMask names the fields to return, without the "places." prefix
	// of the searches; nil means PlaceDetailsFieldMask.
	FieldMask FieldMask
	// SessionToken ends the Autocomplete session the place was picked in,
	// so the service bills the session as one.
	SessionToken SessionToken
	// LanguageCode and RegionCode set the language of the answer and the
	// region addresses are formatted for ("en", "US").
	LanguageCode string
	RegionCode   string
}

// PlaceDetails returns one place by its id ("ChIJj61dQgK6j4AR4GeTYWZsKWw")
// or resource name ("places/ChIJ…", a Place's Name). Only the fields named
// by the mask come back. An id the service does not know is ErrNotFound; one
// it cannot read is 400 INVALID_ARGUMENT, ErrAPI.
func (c *Client) PlaceDetails(ctx context.Context, id string, p *PlaceDetailsParams, opts ...Option) (*Place, error) {
	if p == nil {
		p = &PlaceDetailsParams{}
	}
	id = strings.TrimPrefix(id, "places/")
	if strings.TrimSpace(id) == "" || strings.ContainsAny(id, "/?#") || strings.ContainsFunc(id, isSpaceOrControl) {
		return nil, placeDetailsOp.Invalid("id", "%q is not a place id", id)
	}
	if err := p.SessionToken.check(placeDetailsOp.Op); err != nil {
		return nil, err
	}
	call, err := maskedCall(placeDetailsOp.Op, p.FieldMask, PlaceDetailsFieldMask, nil)
	if err != nil {
		return nil, err
	}
	call.Args = []string{id}
	call.Query = appendQuery(call.Query, "languageCode", p.LanguageCode, "regionCode", p.RegionCode, "sessionToken", string(p.SessionToken))
	return placeDetailsOp.Do(ctx, c.t, call, opts)
}

// appendQuery adds the name, value pairs whose value is set.
func appendQuery(q []string, pairs ...string) []string {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] != "" {
			q = append(q, pairs[i], pairs[i+1])
		}
	}
	return q
}

func isSpaceOrControl(r rune) bool { return r <= ' ' || r == 0x7f }
