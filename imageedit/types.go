package imageedit

import (
	"io"
	"math"
	"net/http"
	"strconv"

	"github.com/conduit-sdk/conduit"
	"github.com/conduit-sdk/conduit/internal/wire"
)

// Image is an edited image as the service streams it. Body is the open
// response body: read it once and close it, also when you stop early, to
// release the connection. The other fields are what the service says of
// the image in its headers; each is its zero value when the header is
// absent or does not parse.
type Image struct {
	Body        io.ReadCloser
	ContentType string // the response's Content-Type, such as "image/png"
	// UncertaintyScore (x-uncertainty-score) is how unsure the cut-out is,
	// 0 (confident) to 1; -1 when the image shows people, for whom no
	// score is made. nil when not sent.
	UncertaintyScore *float64
	// AIBackgroundSeed (pr-ai-background-seed) is the seed of a generated
	// background: send it again as Background.Seed for a similar one.
	AIBackgroundSeed int64
	// TextsDetected (pr-texts-detected) counts the texts text removal
	// found; nil when not sent.
	TextsDetected *int
	// EditFurtherURL (pr-edit-further-url) opens the result in the app.
	EditFurtherURL string
	// UnsupportedAttributes (pr-unsupported-attributes) names parameters
	// the service ignored, as it sent them.
	UnsupportedAttributes string
}

// readHeaders fills the metadata fields from the answer's headers.
func (img *Image) readHeaders(h http.Header) {
	if v, err := strconv.ParseFloat(h.Get("x-uncertainty-score"), 64); err == nil && !math.IsNaN(v) {
		img.UncertaintyScore = &v
	}
	if v, err := strconv.ParseInt(h.Get("pr-ai-background-seed"), 10, 64); err == nil {
		img.AIBackgroundSeed = v
	}
	if v, err := strconv.Atoi(h.Get("pr-texts-detected")); err == nil {
		img.TextsDetected = &v
	}
	img.EditFurtherURL = h.Get("pr-edit-further-url")
	img.UnsupportedAttributes = h.Get("pr-unsupported-attributes")
}

// Account is the account record of a key. The spec does not show its
// fields: Credits is what the live service sends, decoded tolerantly, and
// RawJSON and Decode reach everything else.
type Account struct {
	raw     `json:"-"`
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
