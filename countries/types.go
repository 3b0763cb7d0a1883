package countries

// Envelope is the shape of every countries response. RawJSON returns it as
// sent, for fields the spec does not show.
type Envelope[T any] struct {
	raw
	// Error is the service's failure flag. A result handed back by a Client
	// method always has it false: a true one becomes an *Error.
	Error bool   `json:"error"`
	Msg   string `json:"msg"` // what the service says about the result
	Data  T      `json:"data"`
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

type citiesRequest struct {
	Country string `json:"country"`
}
