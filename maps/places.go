package maps

import (
	"context"
	"strings"
)

// SearchTextParams are SearchText's optional inputs.
type SearchTextParams struct {
	// FieldMask names the fields to return; nil means PlacesFieldMask.
	FieldMask FieldMask
}

type searchTextBody struct {
	TextQuery string `json:"textQuery"`
}

// SearchText finds places matching a free-text query ("pizza in New York").
// Only the fields named by the mask come back. It only reads, so it is
// retried like a GET.
func (c *Client) SearchText(ctx context.Context, textQuery string, p *SearchTextParams) (*SearchTextResponse, error) {
	const op = "SearchText"
	if p == nil {
		p = &SearchTextParams{}
	}
	if strings.TrimSpace(textQuery) == "" {
		return nil, c.t.InvalidParam(op, "textQuery", "must not be empty")
	}
	mask, err := c.fieldMask(op, p.FieldMask, PlacesFieldMask)
	if err != nil {
		return nil, err
	}
	var r SearchTextResponse
	if err := c.t.Do(ctx, maskedPost(op, placesURL, "/v1/places:searchText", mask, searchTextBody{TextQuery: textQuery}), &r); err != nil {
		return nil, err
	}
	return &r, nil
}
