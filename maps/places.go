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
func (c *Client) SearchText(ctx context.Context, textQuery string, p *SearchTextParams, opts ...Option) (*SearchTextResponse, error) {
	if p == nil {
		p = &SearchTextParams{}
	}
	if strings.TrimSpace(textQuery) == "" {
		return nil, searchTextOp.Invalid("textQuery", "must not be empty")
	}
	call, err := maskedCall(searchTextOp.Op, p.FieldMask, PlacesFieldMask, searchTextBody{TextQuery: textQuery})
	if err != nil {
		return nil, err
	}
	return searchTextOp.Do(ctx, c.t, call, opts)
}
