package maps

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// SessionToken groups the Autocomplete calls of one search, and the
// PlaceDetails call of the place picked at its end, into one billed
// session. The caller keeps it for the session and starts a new one for
// the next search; the service wants a URL- and file-name-safe string of
// at most 36 characters, and recommends a version 4 UUID (NewSessionToken).
type SessionToken string

// NewSessionToken returns a fresh version 4 UUID for a new session.
func NewSessionToken() SessionToken {
	var b [16]byte
	rand.Read(b[:]) // never fails: see crypto/rand.Read
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return SessionToken(fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:]))
}

// check refuses a token the service would: longer than 36 characters, or
// with a character outside URL-safe base64 and the UUID's '-'.
func (s SessionToken) check(op *transport.Op) error {
	if len(s) > 36 || strings.ContainsFunc(string(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}) {
		return op.Invalid("sessionToken", "must be at most 36 letters, digits, '-' or '_' (a UUID from NewSessionToken)")
	}
	return nil
}

// AutocompleteParams are Autocomplete's optional inputs.
type AutocompleteParams struct {
	// SessionToken groups this call with the rest of the session; see
	// SessionToken. Empty bills each call alone.
	SessionToken SessionToken
	// LocationBias prefers places within the circle; LocationRestriction
	// returns only those. Set at most one.
	LocationBias        *Circle
	LocationRestriction *Circle
	// Origin, when set, makes each place prediction carry its straight-line
	// DistanceMeters from there.
	Origin *Location
	// IncludedPrimaryTypes keeps places of up to 5 primary types
	// ("restaurant", or "(regions)" and "(cities)").
	IncludedPrimaryTypes []string
	// IncludedRegionCodes keeps places in up to 15 regions ("us", "fr").
	IncludedRegionCodes []string
	// IncludeQueryPredictions adds query suggestions ("pizza near me")
	// besides places.
	IncludeQueryPredictions bool
	// LanguageCode and RegionCode set the language of the answer and the
	// region it is formatted for ("en", "US").
	LanguageCode string
	RegionCode   string
	// FieldMask, optional here, names the fields to return
	// ("suggestions.placePrediction.text"); nil returns them all.
	FieldMask FieldMask
}

type autocompleteBody struct {
	Input                   string       `json:"input"`
	SessionToken            SessionToken `json:"sessionToken,omitempty"`
	LocationBias            *area        `json:"locationBias,omitempty"`
	LocationRestriction     *area        `json:"locationRestriction,omitempty"`
	Origin                  *Location    `json:"origin,omitempty"`
	IncludedPrimaryTypes    []string     `json:"includedPrimaryTypes,omitempty"`
	IncludedRegionCodes     []string     `json:"includedRegionCodes,omitempty"`
	IncludeQueryPredictions bool         `json:"includeQueryPredictions,omitempty"`
	LanguageCode            string       `json:"languageCode,omitempty"`
	RegionCode              string       `json:"regionCode,omitempty"`
}

// Autocomplete suggests places, and with IncludeQueryPredictions queries,
// for what a user has typed so far ("Amoeba"). Pass the same SessionToken
// to every call of one search and to the PlaceDetails call that ends it.
// It only reads, so it is retried like a GET.
func (c *Client) Autocomplete(ctx context.Context, input string, p *AutocompleteParams, opts ...Option) (*AutocompleteResponse, error) {
	if p == nil {
		p = &AutocompleteParams{}
	}
	op := autocompleteOp.Op
	if strings.TrimSpace(input) == "" {
		return nil, op.Invalid("input", "must not be empty")
	}
	if err := p.SessionToken.check(op); err != nil {
		return nil, err
	}
	body := autocompleteBody{Input: input, SessionToken: p.SessionToken, Origin: p.Origin,
		IncludedPrimaryTypes: p.IncludedPrimaryTypes, IncludedRegionCodes: p.IncludedRegionCodes,
		IncludeQueryPredictions: p.IncludeQueryPredictions, LanguageCode: p.LanguageCode, RegionCode: p.RegionCode}
	switch {
	case p.LocationBias != nil && p.LocationRestriction != nil:
		return nil, op.Invalid("locationRestriction", "set either a location bias or a restriction, not both")
	case p.LocationBias != nil:
		if err := p.LocationBias.check(op, "locationBias"); err != nil {
			return nil, err
		}
		body.LocationBias = &area{*p.LocationBias}
	case p.LocationRestriction != nil:
		if err := p.LocationRestriction.check(op, "locationRestriction"); err != nil {
			return nil, err
		}
		body.LocationRestriction = &area{*p.LocationRestriction}
	}
	if p.Origin != nil {
		if err := p.Origin.check(op, "origin"); err != nil {
			return nil, err
		}
	}
	if len(p.IncludedPrimaryTypes) > 5 {
		return nil, op.Invalid("includedPrimaryTypes", "%d types; the service takes at most 5", len(p.IncludedPrimaryTypes))
	}
	if len(p.IncludedRegionCodes) > 15 {
		return nil, op.Invalid("includedRegionCodes", "%d regions; the service takes at most 15", len(p.IncludedRegionCodes))
	}
	call := transport.Call{Body: body}
	if p.FieldMask != nil {
		var err error
		if call, err = maskedCall(op, p.FieldMask, nil, body); err != nil {
			return nil, err
		}
	}
	return autocompleteOp.Do(ctx, c.t, call, opts)
}
