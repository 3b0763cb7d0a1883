package imageedit

import (
	"io"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Image is an edited image as the service streams it. Body is the open
// response body: read it once and close it, also when you stop early, to
// release the connection.
type Image struct {
	Body        io.ReadCloser
	ContentType string // the response's Content-Type, such as "image/png"
}

// Account is the account record of a key. The spec does not show its
// fields: Credits is what the live service sends, decoded tolerantly, and
// RawJSON and Decode reach everything else.
type Account struct {
	raw
	Credits Credits `json:"credits"`
}

// Credits is an account's image budget.
type Credits struct {
	// Credits can be fractional (0.25 for a preview), so they are exact
	// decimals, zero when absent.
	Available    conduit.Decimal `json:"available"`    // credits left to spend
	Subscription conduit.Decimal `json:"subscription"` // credits the monthly plan grants
}

// UnmarshalJSON decodes an object of numbers (or numeric strings) and
// leaves Credits empty for any other shape, since the spec promises none;
// the value stays in the account's RawJSON.
func (c *Credits) UnmarshalJSON(b []byte) error {
	type plain Credits
	var v plain
	if wire.Kind(b) != '{' || conduit.Unmarshal(b, &v) != nil {
		*c = Credits{}
		return nil
	}
	*c = Credits(v)
	return nil
}
