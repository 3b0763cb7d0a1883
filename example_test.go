package conduit_test

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/conduit-sdk/conduit"
)

// A price arrives as a string from one service and as a number from
// another; both keep their exact text and add up without rounding.
func ExampleDecimal() {
	var quote struct {
		Spot conduit.Decimal `json:"spot"`
		Fee  conduit.Decimal `json:"fee"`
		Cap  conduit.Decimal `json:"cap"`
	}
	if err := json.Unmarshal([]byte(`{"spot":"64000.12","fee":0.10000000000000001,"cap":null}`), &quote); err != nil {
		fmt.Println(err)
		return
	}
	total := quote.Spot.Rat()
	total.Add(total, quote.Fee.Rat())
	fmt.Println(quote.Spot, quote.Fee, total.FloatString(17))
	fmt.Println("cap known:", !quote.Cap.IsZero())

	_, err := conduit.ParseDecimal("1,000.00")
	fmt.Println(err)
	// Output:
	// 64000.12 0.10000000000000001 64000.22000000000000001
	// cap known: false
	// conduit: decimal "1,000.00": unexpected ',' at offset 1
}

// A filing date is a day on the calendar: it stays the same day in every
// time zone, and a week later is seven calendar days on.
func ExampleDate() {
	filed, err := conduit.ParseDate("2024-02-26")
	if err != nil {
		fmt.Println(err)
		return
	}
	due := filed.AddDays(7)
	fmt.Println(filed, filed.Weekday(), "→", due, due.Weekday())

	tokyo := time.FixedZone("JST", 9*60*60)
	fmt.Println(filed.In(tokyo).Format(time.RFC3339))
	fmt.Println(conduit.DateOf(time.Date(2024, 2, 26, 23, 30, 0, 0, tokyo)) == filed)

	_, err = conduit.ParseDate("2023-02-29")
	fmt.Println(err)
	// Output:
	// 2024-02-26 Monday → 2024-03-04 Monday
	// 2024-02-26T00:00:00+09:00
	// true
	// conduit: date "2023-02-29" does not exist
}
