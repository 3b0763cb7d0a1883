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
	// Products keeps institutions that support all of these products. Each
	// must be one of the Product constants; to send a product newer than
	// them, replace the member with conduit.WithBodyField("products", …).
	Products []Product
	// CountryCodes keeps institutions of these countries, each one of the
	// CountryCode constants (upper case: "US", "GB").
	CountryCodes []CountryCode
}

type searchBody struct {
	Query        string        `json:"query"`
	Products     []Product     `json:"products,omitempty"`
	CountryCodes []CountryCode `json:"country_codes,omitempty"`
}

// SearchInstitutions finds the institutions whose name matches query. It
// only reads, so it is retried like a GET.
func (c *Client) SearchInstitutions(ctx context.Context, query string, p *SearchInstitutionsParams, opts ...Option) (*InstitutionsResponse, error) {
	if p == nil {
		p = &SearchInstitutionsParams{}
	}
	if strings.TrimSpace(query) == "" {
		return nil, searchOp.Invalid("query", "must not be empty")
	}
	if err := checkProducts(searchOp.Op, "products", p.Products); err != nil {
		return nil, err
	}
	if err := checkCountries(searchOp.Op, p.CountryCodes); err != nil {
		return nil, err
	}
	body := searchBody{Query: query, Products: p.Products, CountryCodes: p.CountryCodes}
	return searchOp.Do(ctx, c.t, transport.Call{Body: body}, opts)
}
