package banklink

import (
	"context"
	"strings"

	"github.com/conduit-sdk/conduit/internal/transport"
)

// SearchInstitutionsParams are SearchInstitutions' optional inputs. Empty
// lists are left out of the request, leaving the choice to the service
// (which may insist on country codes).
type SearchInstitutionsParams struct {
	// Products keeps institutions that support all of these products
	// ("auth", "balance", "transactions", …).
	Products []string
	// CountryCodes keeps institutions of these countries, as ISO 3166-1
	// alpha-2 codes in upper case ("US", "GB").
	CountryCodes []string
}

type searchBody struct {
	Query        string   `json:"query"`
	Products     []string `json:"products,omitempty"`
	CountryCodes []string `json:"country_codes,omitempty"`
}

// SearchInstitutions finds the institutions whose name matches query. It
// only reads, so it is retried like a GET.
func (c *Client) SearchInstitutions(ctx context.Context, query string, p *SearchInstitutionsParams) (*InstitutionsResponse, error) {
	const op = "SearchInstitutions"
	if p == nil {
		p = &SearchInstitutionsParams{}
	}
	if strings.TrimSpace(query) == "" {
		return nil, c.t.InvalidParam(op, "query", "must not be empty")
	}
	for i, prod := range p.Products {
		if strings.TrimSpace(prod) == "" {
			return nil, c.t.InvalidParam(op, "products", "item %d is empty", i)
		}
	}
	for i, cc := range p.CountryCodes {
		if !isCountryCode(cc) {
			return nil, c.t.InvalidParam(op, "country_codes", "item %d, %q, is not two upper-case letters (ISO 3166-1 alpha-2)", i, cc)
		}
	}
	var r InstitutionsResponse
	req := &transport.Request{
		Op: op, Method: "POST", Path: "/institutions/search",
		Body: searchBody{Query: query, Products: p.Products, CountryCodes: p.CountryCodes},
	}
	if err := c.t.Do(ctx, req, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

func isCountryCode(s string) bool {
	return len(s) == 2 && s[0] >= 'A' && s[0] <= 'Z' && s[1] >= 'A' && s[1] <= 'Z'
}
