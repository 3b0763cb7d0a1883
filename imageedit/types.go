package imageedit

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"encoding/json"
	"strings"
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
	Available    Number `json:"available"`    // credits left to spend
	Subscription Number `json:"subscription"` // credits the monthly plan grants
}

// UnmarshalJSON decodes an object and leaves Credits empty for any other
// JSON value, since the spec promises no shape for it; the value stays in
// the account's RawJSON.
func (c *Credits) UnmarshalJSON(b []byte) error {
	if t := bytes.TrimSpace(b); len(t) == 0 || t[0] != '{' {
		*c = Credits{}
		return nil
	}
	type plain Credits
	if err := json.Unmarshal(b, (*plain)(c)); err != nil {
		return fmt.Errorf("imageedit: credits: %w", err)
	}
	return nil
}

// Number is a count the spec does not type. It keeps the exact text of a
// JSON number or numeric string (credits can be fractional, 0.25 for a
// preview); anything else decodes to "".
type Number string

// UnmarshalJSON accepts a JSON number or string and ignores other values.
func (n *Number) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(bytes.TrimSpace(b)), `"`)
	if _, perr := strconv.ParseFloat(s, 64); perr != nil {
		s = ""
	}
	*n = Number(s)
	return nil
}

// Float64 parses the number; "" and non-numeric text are errors.
func (n Number) Float64() (float64, error) {
	return strconv.ParseFloat(string(n), 64)
}
