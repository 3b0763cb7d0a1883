package countries

import "github.com/conduit-sdk/conduit/internal/transport"

// Envelope is the shape of every countries response. RawJSON returns it as
// sent, for fields the spec does not show.
type Envelope[T any] struct {
	transport.Raw
	// Error is the service's failure flag. A result handed back by a Client
	// method always has it false: a true one becomes an *Error.
	Error bool   `json:"error"`
	Msg   string `json:"msg"` // what the service says about the result
	Data  T      `json:"data"`
}

// Failure reports error: true, with msg as the message, so conduit returns
// an *Error instead of the envelope.
func (e *Envelope[T]) Failure() (code, message string, failed bool) {
	if !e.Error {
		return "", "", false
	}
	if e.Msg == "" {
		return "", "error: true without a msg", true
	}
	return "", e.Msg, true
}

// CapitalsResponse is Capitals' answer; Data is empty when the service lists
// none.
type CapitalsResponse = Envelope[[]Capital]

// CitiesResponse is Cities' answer: Data holds the city names.
type CitiesResponse = Envelope[[]string]

// Capital is one country and its capital.
type Capital struct {
	Name    string `json:"name"`
	Capital string `json:"capital"`
	ISO2    string `json:"iso2"`
	ISO3    string `json:"iso3"`
}
