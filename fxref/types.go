package fxref

import (
	"maps"
	"slices"

	"github.com/conduit-sdk/conduit"
)

// DayResponse is the rates of one day (Latest and Historical). RawJSON returns
// it as sent, for fields the spec does not show.
type DayResponse struct {
	raw    `json:"-"`
	Amount float64 `json:"amount"` // the amount of Base the rates convert
	Base   string  `json:"base"`
	// Date is the working day whose rates these are; for a weekend or holiday
	// the service answers with the working day before.
	Date conduit.Date `json:"date"`
	// Rates maps a currency code to its units per Amount of Base. They are
	// reference rates with a handful of significant digits, for comparison
	// rather than settlement, so float64 holds them as published.
	Rates map[string]float64 `json:"rates"`
}

// RangeResponse is the rates of every working day in a range. Rates has no
// order; Days lists them by date.
type RangeResponse struct {
	raw    `json:"-"`
	Amount float64 `json:"amount"`
	Base   string  `json:"base"`
	// StartDate and EndDate are the working days the service used, which may
	// differ from the ones asked for.
	StartDate conduit.Date                        `json:"start_date"`
	EndDate   conduit.Date                        `json:"end_date"`
	Rates     map[conduit.Date]map[string]float64 `json:"rates"`
}

// DayRates is one day of a RangeResponse.
type DayRates struct {
	Date  conduit.Date
	Rates map[string]float64
}

// Days returns the range's days from the earliest to the latest.
func (r *RangeResponse) Days() []DayRates {
	days := make([]DayRates, 0, len(r.Rates))
	for _, d := range slices.SortedFunc(maps.Keys(r.Rates), conduit.Date.Compare) {
		days = append(days, DayRates{Date: d, Rates: r.Rates[d]})
	}
	return days
}

// Currencies is the list of currencies the service publishes rates for:
// the answer is one object of code → name, which Names holds whole.
// RawJSON returns it as sent.
type Currencies struct {
	raw   `json:"-"`
	Names map[string]string `json:",embed"` // currency code → English name
}

// Codes returns the currency codes in alphabetical order.
func (c *Currencies) Codes() []string { return slices.Sorted(maps.Keys(c.Names)) }
